import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusAvailable, corpusPath } from '../../testing/corpus';
import { buildPart10Header } from '../part10';
import { run } from '../test/dcmtk';
import { datasetOf } from '../test/archive-fixture';
import { TS } from '../uids';
import { explicitToImplicit } from './explicit-to-implicit';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-implicit-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * dcmdump's reading of a file: tag and value per line, without the meta group, the VR (implicit VR has only the
 * dictionary's), lengths, and how items and sequences are delimited.
 */
async function dump(file: string): Promise<string[]> {
  const r = await run('dcmdump', ['-q', '+L', file]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.split('\n')
    .filter((l) => /^\s*\(/.test(l) && !/^\s*\(0002,/.test(l) && !/\((fffe,e00d|fffe,e0dd)\)/.test(l))
    .map((l) => l.replace(/\((Item|Sequence) with [a-z]+ length[^)]*\)/, '').replace(/#.*$/, '').replace(/^(\s*\([0-9a-f,]+\)) [A-Z?]{2} /, '$1 ').trimEnd());
}

describe.skipIf(!corpusAvailable)('explicit VR data sets rewritten in implicit VR (C-GET / C-MOVE to a peer that took only the default syntax)', () => {
  it.each(['CT_small.dcm', 'reportsi.dcm', 'MR_small.dcm'])('%s: dcmtk reads the same attributes and values, sequences included', async (name) => {
    const original = fs.readFileSync(corpusPath(name));
    const implicit = explicitToImplicit(datasetOf(original));
    if (!implicit) throw new Error('not rewritten');
    const sop = (await run('dcmdump', ['-q', '+P', '0008,0018', corpusPath(name)])).stdout.match(/\[(.+?)\]/)![1]!;
    const out = path.join(dir, name);
    fs.writeFileSync(out, Buffer.concat([buildPart10Header({ sopClassUid: '1.2.840.10008.5.1.4.1.1.7', sopInstanceUid: sop, transferSyntaxUid: TS.implicitLE }), implicit]));
    const [a, b] = [await dump(corpusPath(name)), await dump(out)];
    expect(b.length).toBeGreaterThan(20);
    expect(b).toEqual(a);
  });

  it('gives nothing for encapsulated pixel data, implicit input or truncated bytes', () => {
    expect(explicitToImplicit(datasetOf(fs.readFileSync(corpusPath('MR_small_RLE.dcm'))))).toBeNull();
    expect(explicitToImplicit(datasetOf(fs.readFileSync(corpusPath('rtplan.dcm'))))).toBeNull();
    const ct = datasetOf(fs.readFileSync(corpusPath('CT_small.dcm')));
    expect(explicitToImplicit(ct.subarray(0, ct.length - 100))).toBeNull();
  });
});
