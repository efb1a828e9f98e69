import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_BOUNDARY_LENGTH, MultipartError, readMultipart, type ReceivedPart } from './multipart';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-multipart-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const limits = { maxBytes: 1 << 20, maxParts: 10, maxPartBytes: 1 << 16 };

function body(parts: Buffer[], boundary = 'b0undary'): Buffer {
  return Buffer.concat([
    Buffer.from('preamble to ignore\r\n'),
    ...parts.map((p) =>
      Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Type: application/dicom\r\n\r\n`), p, Buffer.from('\r\n')]),
    ),
    Buffer.from(`--${boundary}--\r\nepilogue`),
  ]);
}

async function read(chunks: Buffer[], l = limits, boundary = 'b0undary') {
  const parts: (ReceivedPart & { oversize: boolean })[] = [];
  await readMultipart(
    (async function* () {
      yield* chunks;
    })(),
    boundary,
    dir,
    l,
    (p) => parts.push(p),
  );
  return parts.map((p) => ({ ...p, bytes: fs.readFileSync(p.path) }));
}

describe(readMultipart.name, () => {
  const a = Buffer.from('first part\r\n--b0undar not the boundary');
  const b = Buffer.alloc(5000, 7);

  it('splits parts however the body is chunked, one byte at a time included', async () => {
    const whole = body([a, b]);
    for (const size of [1, 3, 17, 4096, whole.length]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < whole.length; i += size) chunks.push(whole.subarray(i, i + size));
      const parts = await read(chunks);
      expect(
        parts.map((p) => p.bytes),
        `chunk ${size}`,
      ).toEqual([a, b]);
      expect(parts[0]!.headers['content-type']).toBe('application/dicom');
    }
  });

  it('refuses a body without its closing boundary, bad boundaries and too much data', async () => {
    const whole = body([a]);
    await expect(read([whole.subarray(0, whole.length - 20)])).rejects.toMatchObject({ status: 400 });
    await expect(read([Buffer.from('no boundary here at all')])).rejects.toBeInstanceOf(MultipartError);
    await expect(read([whole], limits, 'bad\nboundary')).rejects.toMatchObject({ status: 400 });
    await expect(read([body([b, b])], { ...limits, maxBytes: 6000 })).rejects.toMatchObject({ status: 413 });
    await expect(read([body([a, a, a])], { ...limits, maxParts: 2 })).rejects.toMatchObject({ status: 413 });
  });

  it("reads Orthanc's 73-character boundary, and refuses one beyond the bound", async () => {
    const orthanc = 'f47ac10b-58cc-4372-a567-0e02b2c3d479-9b2d8a6e-1c3f-4e5a-8b7d-6f0e1a2b3c4d';
    expect(orthanc.length).toBe(73);
    const parts = await read([body([a, b], orthanc)], limits, orthanc);
    expect(parts.map((p) => p.bytes)).toEqual([a, b]);
    const longest = 'x'.repeat(MAX_BOUNDARY_LENGTH);
    expect((await read([body([a], longest)], limits, longest)).length).toBe(1);
    const tooLong = `${longest}x`;
    await expect(read([body([a], tooLong)], limits, tooLong)).rejects.toMatchObject({ status: 400 });
  });

  it('marks a part over the per-part limit without keeping its bytes', async () => {
    const [p] = await read([body([b])], { ...limits, maxPartBytes: 1000 });
    expect(p).toMatchObject({ oversize: true, size: 5000 });
    expect(p!.bytes.length).toBeLessThanOrEqual(1000);
  });
});
