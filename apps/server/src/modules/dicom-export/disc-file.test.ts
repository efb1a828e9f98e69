import fs from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import dicomParser from 'dicom-parser';
import { corpusPath } from '../../dicom/testing/corpus';
import { MAX_REWRITE_SOURCE } from '../../dicom/transcode/rewrite-dataset';
import { discFile, MissingFileError, type DiscFile } from './disc-file';
import type { ExportInstanceRow } from './export.repository';

const EXPLICIT_LE = '1.2.840.10008.1.2.1';

/** A stored instance as the export reads it: the corpus file behind it, its syntax and size. */
function stored(file: string, transferSyntaxUid: string, sizeBytes?: number): ExportInstanceRow {
  return {
    storageKey: file,
    transferSyntaxUid,
    sizeBytes: sizeBytes ?? fs.statSync(corpusPath(file)).size,
    sopClassUid: '1.2.840.10008.5.1.4.1.1.4',
    sopInstanceUid: '1.2.3.4.5',
  } as ExportInstanceRow;
}

const opened: string[] = [];
const openStored = async (row: { storageKey: string }) => {
  opened.push(row.storageKey);
  return row.storageKey === 'gone.dcm' ? null : Readable.from([fs.readFileSync(corpusPath(row.storageKey))]);
};
const bytesOf = async (f: DiscFile) => Buffer.concat(await f.stream.toArray());
const pixelsOf = (b: Buffer) => {
  const ds = dicomParser.parseDicom(new Uint8Array(b));
  const el = ds.elements.x7fe00010!;
  return { ts: ds.string('x00020010'), pixels: Buffer.from(b.subarray(el.dataOffset, el.dataOffset + el.length)) };
};

describe(discFile.name, () => {
  it('as stored: the file byte for byte in its own syntax; a file gone from storage throws', async () => {
    const made = await discFile(stored('MR_small_RLE.dcm', '1.2.840.10008.1.2.5'), 'as-stored', openStored);
    if (!('file' in made)) throw new Error('left out');
    expect(made.file).toMatchObject({ transferSyntaxUid: '1.2.840.10008.1.2.5', deflate: false });
    expect((await bytesOf(made.file)).equals(fs.readFileSync(corpusPath('MR_small_RLE.dcm')))).toBe(true);
    await expect(discFile(stored('gone.dcm', EXPLICIT_LE, 10), 'STD-GEN-CD', openStored)).rejects.toBeInstanceOf(
      MissingFileError,
    );
  });

  it('STD-GEN-CD: implicit VR rewritten in explicit VR little endian with the same pixels, explicit little endian as stored', async () => {
    const made = await discFile(stored('MR_small_implicit.dcm', '1.2.840.10008.1.2'), 'STD-GEN-CD', openStored);
    if (!('file' in made)) throw new Error('left out');
    expect(made.file.transferSyntaxUid).toBe(EXPLICIT_LE);
    const rewritten = pixelsOf(await bytesOf(made.file));
    expect(rewritten.ts).toBe(EXPLICIT_LE);
    expect(rewritten.pixels.equals(pixelsOf(fs.readFileSync(corpusPath('MR_small.dcm'))).pixels)).toBe(true);
    const same = await discFile(stored('MR_small.dcm', EXPLICIT_LE), 'STD-GEN-CD', openStored);
    if (!('file' in same)) throw new Error('left out');
    expect((await bytesOf(same.file)).equals(fs.readFileSync(corpusPath('MR_small.dcm')))).toBe(true);
  });

  it('STD-GEN-CD leaves out a syntax without a decoder and a file too large to rewrite, without reading either', async () => {
    opened.length = 0;
    const mpeg2 = stored('MR_small.dcm', '1.2.840.10008.1.2.4.100');
    expect(await discFile(mpeg2, 'STD-GEN-CD', openStored)).toEqual({ leftOut: 'no-decoder' });
    const huge = stored('JPEG2000.dcm', '1.2.840.10008.1.2.4.91', MAX_REWRITE_SOURCE + 1);
    expect(await discFile(huge, 'STD-GEN-CD', openStored)).toEqual({ leftOut: 'too-large' });
    expect(opened).toEqual([]);
  });
});
