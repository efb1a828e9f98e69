import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildInstance } from '../testing/build-dicom';
import { CORPUS_DIR, requireCorpus } from '../testing/corpus';
import { run } from '../dimse/test/dcmtk';
import { coerceFile } from './coerce-stored';
import { identityJson, type IdentityValues } from './study-identity';

const values: IdentityValues = {
  patientId: 'HN0012345',
  patientName: 'Somchai^Jaidee=ใจดี^สมชาย',
  issuerOfPatientId: 'H01',
  patientBirthDate: '19800102',
  patientSex: 'M',
  accessionNumber: 'CT2612000042',
};
const PATCHED = /^\((0008,0005|0008,0050|0010,0010|0010,0020|0010,0021|0010,0030|0010,0040)\)/;

async function coerced(bytes: Buffer, v: IdentityValues = values): Promise<Buffer> {
  const out = await coerceFile(Readable.from([bytes.subarray(0, 700), bytes.subarray(700)]), identityJson(v));
  if (!out) throw new Error('not coerced');
  const chunks: Buffer[] = [];
  for await (const c of out.body) chunks.push(c as Buffer);
  const whole = Buffer.concat(chunks);
  expect(whole.length).toBe(bytes.length + out.sizeDelta);
  return whole;
}

/** dcmdump's elements, values converted to UTF-8 (which also rewrites SpecificCharacterSet: `utf8 = false` to read it). */
async function dump(bytes: Buffer, utf8 = true): Promise<string[]> {
  const file = path.join(os.tmpdir(), `rangsi-identity-${process.pid}-${Math.random()}.dcm`);
  fs.writeFileSync(file, bytes);
  try {
    const r = await run('dcmdump', [...(utf8 ? ['+U8'] : []), '+L', '-q', '-dc', file]);
    expect(r.stderr).toBe('');
    return r.stdout.split('\n').filter((l) => l.startsWith('('));
  } finally {
    fs.rmSync(file, { force: true });
  }
}

const valueOf = (lines: string[], tag: string) =>
  lines
    .find((l) => l.startsWith(`(${tag})`))
    ?.match(/\[(.*?)\]/)?.[1]
    ?.trimEnd();

describe('coerceFile', () => {
  requireCorpus();
  it.each([
    'MR_small.dcm',
    'MR_small_implicit.dcm',
    'MR_small_bigendian.dcm',
    'image_dfl.dcm',
    'MR_small_RLE.dcm',
    'MR_small_jp2klossless.dcm',
    'JPEG-lossy.dcm',
    'liver_1frame.dcm',
    'rtplan.dcm',
  ])('%s leaves with the exam identity and every other element as stored', async (name) => {
    const original = fs.readFileSync(path.join(CORPUS_DIR, name));
    const out = await coerced(original);
    const [before, after] = await Promise.all([dump(original), dump(out)]);
    expect(valueOf(after, '0010,0020')).toBe('HN0012345');
    expect(valueOf(after, '0010,0010')).toBe('Somchai^Jaidee=ใจดี^สมชาย');
    expect(valueOf(after, '0010,0021')).toBe('H01');
    expect(valueOf(after, '0010,0030')).toBe('19800102');
    expect(valueOf(after, '0010,0040')).toBe('M');
    expect(valueOf(after, '0008,0050')).toBe('CT2612000042');
    // Everything else, pixel data included, as the stored file has it (dcmdump decodes each syntax).
    const others = (lines: string[]) => lines.filter((l) => !PATCHED.test(l) && !/^\(\w{4},0000\)/.test(l));
    expect(others(after)).toEqual(others(before));
  });

  it('leaves the Thai name group out of a Latin-1 file (CT_small.dcm) and patches the rest', async () => {
    const original = fs.readFileSync(path.join(CORPUS_DIR, 'CT_small.dcm'));
    const after = await dump(await coerced(original));
    expect(valueOf(after, '0010,0010')).toBe('Somchai^Jaidee');
    expect(valueOf(after, '0010,0020')).toBe('HN0012345');
  });

  it('walks sequences of undefined length before the patient group (reportsi.dcm, a structured report)', async () => {
    const original = fs.readFileSync(path.join(CORPUS_DIR, 'reportsi.dcm'));
    const out = await coerced(original);
    const [before, after] = await Promise.all([dump(original), dump(out)]);
    expect(valueOf(after, '0010,0020')).toBe('HN0012345');
    const others = (lines: string[]) => lines.filter((l) => !PATCHED.test(l));
    expect(others(after)).toEqual(others(before));
  });

  it('patches a file written without the 128-byte preamble', async () => {
    const { bytes } = buildInstance({ patientId: 'MOD-1', preamble: false });
    const out = await coerced(bytes);
    expect(out.toString('latin1', 0, 4)).toBe('DICM');
    // dcmdump reads only standard files: the preamble is put back for it to check the rest.
    expect(valueOf(await dump(Buffer.concat([Buffer.alloc(128), out])), '0010,0020')).toBe('HN0012345');
  });

  it('copies the bytes after the patched attributes as they are, pixel data included', async () => {
    const pixels = Uint8Array.from({ length: 64 * 64 }, (_, i) => (i * 13) % 256);
    const { bytes } = buildInstance({ patientId: 'MOD-1', accessionNumber: 'X9', rows: 64, columns: 64, pixels });
    const out = await coerced(bytes);
    const tail = bytes.subarray(bytes.indexOf(Buffer.from([0x20, 0x00, 0x0d, 0x00])));
    expect(out.subarray(out.length - tail.length).equals(tail)).toBe(true);
  });

  it('declares UTF-8 when a Thai name goes into a file of the default repertoire', async () => {
    const { bytes } = buildInstance({ patientName: 'DOE^JOHN' });
    const out = await coerced(bytes);
    const after = await dump(out);
    expect(valueOf(await dump(out, false), '0008,0005')).toBe('ISO_IR 192');
    expect(valueOf(after, '0010,0010')).toBe('Somchai^Jaidee=ใจดี^สมชาย');
  });

  it('declares nothing over an undeclared file whose own text is not ASCII (a TIS-620 modality, IO20)', async () => {
    const tis620Description = Uint8Array.from([0xca, 0xc1, 0xcd, 0xa7]); // สมอง in TIS-620, undeclared
    const { bytes } = buildInstance({ patientName: 'DOE^JOHN', extra: { '00081030': ['LO', tis620Description] } });
    const out = await coerced(bytes);
    const raw = await dump(out, false);
    expect(raw.some((l) => l.startsWith('(0008,0005)'))).toBe(false);
    expect(valueOf(raw, '0010,0010')).toBe('Somchai^Jaidee');
    // The modality's own bytes are untouched, to be read as the administrator says that AE writes.
    expect(out.includes(Buffer.from(tis620Description))).toBe(true);
  });

  it('writes a Thai name in TIS-620 where the file says ISO_IR 166', async () => {
    const { bytes } = buildInstance({ charset: 'ISO_IR 166', patientName: 'DOE^JOHN' });
    const out = await coerced(bytes);
    const after = await dump(out);
    expect(valueOf(await dump(out, false), '0008,0005')).toBe('ISO_IR 166');
    expect(valueOf(after, '0010,0010')).toBe('Somchai^Jaidee=ใจดี^สมชาย');
  });

  it('leaves out the Thai group of the name where the character set cannot hold it', async () => {
    const { bytes } = buildInstance({ charset: 'ISO_IR 100', patientName: 'DOE^JOHN' });
    const out = await coerced(bytes);
    const after = await dump(out);
    expect(valueOf(await dump(out, false), '0008,0005')).toBe('ISO_IR 100');
    expect(valueOf(after, '0010,0010')).toBe('Somchai^Jaidee');
  });

  it('empties an attribute the exam has no value for', async () => {
    const { bytes } = buildInstance({ patientId: 'MOD-1', accessionNumber: 'MOD-ACC' });
    const after = await dump(await coerced(bytes, { ...values, accessionNumber: '' }));
    expect(after.find((l) => l.startsWith('(0008,0050)'))).toContain('(no value available)');
  });

  it('keeps a group length true', async () => {
    const { bytes } = buildInstance({ patientId: 'MOD-1', extra: { '00100000': ['UL', [0]] } });
    // The test builder writes a placeholder: the real length of group 0010 as stored.
    const at = bytes.indexOf(Buffer.from([0x10, 0x00, 0x00, 0x00, 0x55, 0x4c]));
    const groupEnd = bytes.indexOf(Buffer.from([0x20, 0x00, 0x0d, 0x00]));
    bytes.writeUInt32LE(groupEnd - (at + 12), at + 8);
    const out = await coerced(bytes);
    const outAt = out.indexOf(Buffer.from([0x10, 0x00, 0x00, 0x00, 0x55, 0x4c]));
    const outEnd = out.indexOf(Buffer.from([0x20, 0x00, 0x0d, 0x00]));
    expect(out.readUInt32LE(outAt + 8)).toBe(outEnd - (outAt + 12));
  });

  it('refuses what it cannot walk rather than send the received identity', async () => {
    expect(
      await coerceFile(Readable.from([Buffer.from('not a dicom file at all'.repeat(20))]), identityJson(values)),
    ).toBeNull();
  });
});
