import fs from 'node:fs';
import path from 'node:path';
import { corpusPath, undecodableJ2k } from '../../testing/corpus';
import { parseWhole } from '../../thumbnails/decode-frame';
import { pixelDataOf } from './archive-fixture';
import { run } from './dcmtk';

/** One corpus file put into the mixed study, and how dcmtk decodes it for comparison. */
interface MixedFile {
  corpus: string;
  /** The dcmtk program that writes it in explicit VR little endian, uncompressed, or the lossless twin to compare. */
  reference: { tool: string; args: string[] } | { twin: string };
}

/**
 * The pydicom corpus in every stored syntax Rangsi can decode, plus deflate and big endian: JPEG baseline (colour
 * YBR_FULL), JPEG-LS, JPEG 2000 lossless (no dcmtk decoder: its lossless twin MR_small.dcm), RLE, and uncompressed.
 */
export const MIXED_FILES: readonly MixedFile[] = [
  { corpus: 'MR_small.dcm', reference: { tool: 'dcmconv', args: ['+te'] } },
  { corpus: 'MR_small_implicit.dcm', reference: { tool: 'dcmconv', args: ['+te'] } },
  { corpus: 'MR_small_bigendian.dcm', reference: { tool: 'dcmconv', args: ['+te'] } },
  { corpus: 'MR_small_RLE.dcm', reference: { tool: 'dcmdrle', args: ['+te'] } },
  { corpus: 'MR_small_jpeg_ls_lossless.dcm', reference: { tool: 'dcmdjpls', args: ['+te'] } },
  { corpus: 'MR_small_jp2klossless.dcm', reference: { twin: 'MR_small.dcm' } },
  { corpus: 'SC_rgb_jpeg_dcmtk.dcm', reference: { tool: 'dcmdjpeg', args: ['+te', '+px'] } },
  { corpus: 'CT_small.dcm', reference: { tool: 'dcmconv', args: ['+te'] } },
  { corpus: 'image_dfl.dcm', reference: { tool: 'dcmconv', args: ['+te'] } },
];

export interface MixedInstance {
  name: string;
  sopInstanceUid: string;
  storedSyntax: string;
  bytes: Buffer;
  /** Pixel Data as dcmtk decodes the stored file (explicit VR little endian, colour by pixel). */
  pixels: Buffer;
}

/** A corpus file (or given bytes) moved into a study and series under a new SOP Instance UID, by dcmodify. */
async function intoStudy(dir: string, name: string, bytes: Buffer, study: string, series: string): Promise<Buffer> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  const r = await run('dcmodify', ['-nb', '-gin', '-m', `(0020,000D)=${study}`, '-m', `(0020,000E)=${series}`, file]);
  if (r.code !== 0) throw new Error(`dcmodify ${name}: ${r.stderr}`);
  return fs.readFileSync(file);
}

/** The mixed study's files, in one study and series, each with the pixels dcmtk decodes from it. */
export async function mixedInstances(dir: string, study: string, series: string): Promise<MixedInstance[]> {
  fs.mkdirSync(dir, { recursive: true });
  const out: MixedInstance[] = [];
  for (const f of MIXED_FILES) {
    const bytes = await intoStudy(dir, f.corpus, fs.readFileSync(corpusPath(f.corpus)), study, series);
    let pixels: Buffer;
    if ('twin' in f.reference) {
      pixels = pixelDataOf(fs.readFileSync(corpusPath(f.reference.twin)));
    } else {
      const decoded = path.join(dir, `${f.corpus}.ref`);
      const r = await run(f.reference.tool, [...f.reference.args, path.join(dir, f.corpus), decoded]);
      if (r.code !== 0) throw new Error(`${f.reference.tool} ${f.corpus}: ${r.stderr}`);
      pixels = pixelDataOf(fs.readFileSync(decoded));
    }
    const { ds, ts } = await parseWhole(bytes);
    out.push({ name: f.corpus, sopInstanceUid: ds.string('x00080018')!, storedSyntax: ts, bytes, pixels });
  }
  return out;
}

/** A JPEG 2000 image whose codestream no codec can decode, in that study and series: it cannot be sent uncompressed. */
export async function undecodableInstance(dir: string, study: string, series: string): Promise<MixedInstance> {
  const bytes = await intoStudy(dir, 'undecodable.dcm', undecodableJ2k(), study, series);
  const { ds, ts } = await parseWhole(bytes);
  return {
    name: 'undecodable',
    sopInstanceUid: ds.string('x00080018')!,
    storedSyntax: ts,
    bytes,
    pixels: Buffer.alloc(0),
  };
}
