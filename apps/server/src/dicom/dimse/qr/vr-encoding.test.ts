import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusPath } from '../../testing/corpus';
import { buildPart10Header } from '../../parse/part10';
import { run } from '../test/dcmtk';
import { datasetOf } from '../test/archive-fixture';
import { TS } from '../../uids';
import { explicitToImplicit } from '../../transcode/explicit-to-implicit';
import { implicitToExplicit } from '../../transcode/implicit-to-explicit';
import { bigToLittle } from '../../transcode/big-to-little';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-vr-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * dcmdump's reading of a file: tag, VR (UN where its dictionary has none; left out with `withVr` false, as implicit
 * VR has only the dictionary's) and value per line, without the meta group, lengths, and how items and sequences are
 * delimited.
 */
async function dump(file: string, withVr: boolean): Promise<string[]> {
  const r = await run('dcmdump', ['-q', '+L', file]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout
    .split('\n')
    .filter((l) => /^\s*\(/.test(l) && !/^\s*\(0002,/.test(l) && !/\((fffe,e00d|fffe,e0dd)\)/.test(l))
    .map((l) =>
      l
        .replace(/\((Item|Sequence) with [a-z]+ length[^)]*\)/, '')
        .replace(/#.*$/, '')
        .replace(/^(\s*\([0-9a-f,]+\)) \?\? /, '$1 UN '),
    )
    .map((l) => (withVr ? l : l.replace(/^(\s*\([0-9a-f,]+\)) [A-Z]{2} /, '$1 ')).trimEnd());
}

describe('explicit VR data sets rewritten in implicit VR (C-GET / C-MOVE to a peer that took only the default syntax)', () => {
  it.each(['CT_small.dcm', 'reportsi.dcm', 'MR_small.dcm'])(
    '%s: dcmtk reads the same attributes and values, sequences included',
    async (name) => {
      const original = fs.readFileSync(corpusPath(name));
      const implicit = explicitToImplicit(datasetOf(original));
      if (!implicit) throw new Error('not rewritten');
      const sop = (await run('dcmdump', ['-q', '+P', '0008,0018', corpusPath(name)])).stdout.match(/\[(.+?)\]/)![1]!;
      const out = path.join(dir, name);
      fs.writeFileSync(
        out,
        Buffer.concat([
          buildPart10Header({
            sopClassUid: '1.2.840.10008.5.1.4.1.1.7',
            sopInstanceUid: sop,
            transferSyntaxUid: TS.implicitLE,
          }),
          implicit,
        ]),
      );
      const [a, b] = [await dump(corpusPath(name), false), await dump(out, false)];
      expect(b.length).toBeGreaterThan(20);
      expect(b).toEqual(a);
    },
  );

  it('gives nothing for encapsulated pixel data, implicit input or truncated bytes', () => {
    expect(explicitToImplicit(datasetOf(fs.readFileSync(corpusPath('MR_small_RLE.dcm'))))).toBeNull();
    expect(explicitToImplicit(datasetOf(fs.readFileSync(corpusPath('rtplan.dcm'))))).toBeNull();
    const ct = datasetOf(fs.readFileSync(corpusPath('CT_small.dcm')));
    expect(explicitToImplicit(ct.subarray(0, ct.length - 100))).toBeNull();
  });
});

describe('implicit VR data sets rewritten in explicit VR (C-GET / C-MOVE to a peer that took only that)', () => {
  it.each(['rtplan.dcm', 'rtdose.dcm', 'MR_small_implicit.dcm', 'priv_SQ.dcm'])(
    '%s: dcmtk reads the same attributes, VRs and values',
    async (name) => {
      const original = fs.readFileSync(corpusPath(name));
      const explicit = implicitToExplicit(datasetOf(original));
      if (!explicit) throw new Error('not rewritten');
      const out = path.join(dir, name);
      fs.writeFileSync(
        out,
        Buffer.concat([
          buildPart10Header({
            sopClassUid: '1.2.840.10008.5.1.4.1.1.7',
            sopInstanceUid: '1.2.3',
            transferSyntaxUid: TS.explicitLE,
          }),
          explicit,
        ]),
      );
      const [a, b] = [await dump(corpusPath(name), true), await dump(out, true)];
      expect(a.length).toBeGreaterThan(1);
      expect(b).toEqual(a);
    },
  );

  it('gives nothing for truncated bytes or an explicit VR data set', () => {
    const plan = datasetOf(fs.readFileSync(corpusPath('rtplan.dcm')));
    expect(implicitToExplicit(plan.subarray(0, plan.length - 7))).toBeNull();
    expect(implicitToExplicit(datasetOf(fs.readFileSync(corpusPath('CT_small.dcm'))))).toBeNull();
  });
});

describe('explicit VR big endian data sets rewritten in little endian (C-GET, C-MOVE, WADO-URI)', () => {
  /** The big endian file rewritten and written with an explicit VR little endian meta header; its path. */
  const rewritten = (name: string): string => {
    const little = bigToLittle(datasetOf(fs.readFileSync(corpusPath(name))));
    if (!little) throw new Error(`${name} not rewritten`);
    const out = path.join(dir, `le-${name}`);
    fs.writeFileSync(
      out,
      Buffer.concat([
        buildPart10Header({
          sopClassUid: '1.2.840.10008.5.1.4.1.1.7',
          sopInstanceUid: '1.2.3',
          transferSyntaxUid: TS.explicitLE,
        }),
        little,
      ]),
    );
    return out;
  };

  it.each([
    'MR_small_bigendian.dcm',
    'MR_small_expb.dcm',
    'ExplVR_BigEnd.dcm',
    'liver_expb_1frame.dcm',
    'rtdose_expb.dcm',
    'rtdose_expb_1frame.dcm',
  ])('%s: dcmtk reads the same attributes, VRs and values (16-bit pixels included)', async (name) => {
    // dcmtk reads OW as 16-bit words whatever the bits allocated: 32-bit dose grids are compared by value below.
    const words = (lines: string[]) =>
      name.startsWith('rtdose') ? lines.filter((l) => !l.startsWith('(7fe0,0010)')) : lines;
    const [a, b] = [words(await dump(corpusPath(name), true)), words(await dump(rewritten(name), true))];
    expect(a.length).toBeGreaterThan(10);
    expect(b).toEqual(a);
  });

  it.each([
    ['MR_small_bigendian.dcm', 'MR_small.dcm'],
    ['liver_expb_1frame.dcm', 'liver_1frame.dcm'],
    ['rtdose_expb_1frame.dcm', 'rtdose_1frame.dcm'],
    ['rtdose_expb.dcm', 'rtdose.dcm'],
  ])('%s: the pixel data equal the little endian original %s byte for byte', async (big, little) => {
    const pixels = async (file: string) => (await run('dcmdump', ['-q', '+L', '+P', '7fe0,0010', file])).stdout.trim();
    const expected = await pixels(corpusPath(little));
    expect(expected.length).toBeGreaterThan(1000);
    expect(await pixels(rewritten(big))).toBe(expected);
  });

  it('gives nothing for truncated bytes, a little endian data set, or a numeric value that is not whole words', () => {
    const mr = datasetOf(fs.readFileSync(corpusPath('MR_small_bigendian.dcm')));
    expect(bigToLittle(mr.subarray(0, mr.length - 7))).toBeNull();
    expect(bigToLittle(datasetOf(fs.readFileSync(corpusPath('CT_small.dcm'))))).toBeNull();
    // (0028,0010) Rows, US, with a length of 3.
    const odd = Buffer.from([0x00, 0x28, 0x00, 0x10, 0x55, 0x53, 0x00, 0x03, 0x00, 0x40, 0x00]);
    expect(bigToLittle(odd)).toBeNull();
  });
});
