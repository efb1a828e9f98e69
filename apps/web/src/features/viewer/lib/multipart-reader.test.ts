import { describe, expect, it } from 'vitest';
import { boundaryOf, MultipartReader, type Part } from './multipart-reader';

const enc = new TextEncoder();

function body(boundary: string, parts: { headers: string[]; bytes: Uint8Array }[]): Uint8Array {
  const chunks: Uint8Array[] = [enc.encode('preamble\r\n')];
  for (const p of parts)
    chunks.push(enc.encode(`--${boundary}\r\n${p.headers.join('\r\n')}\r\n\r\n`), p.bytes, enc.encode('\r\n'));
  chunks.push(enc.encode(`--${boundary}--\r\n`));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function readAll(data: Uint8Array, boundary: string, chunkSize: number): { parts: Part[]; done: boolean } {
  const r = new MultipartReader(boundary);
  const parts: Part[] = [];
  for (let i = 0; i < data.length; i += chunkSize) parts.push(...r.push(data.subarray(i, i + chunkSize)));
  return { parts, done: r.done };
}

describe('MultipartReader', () => {
  // Bytes that look like line ends and dashes, as 16-bit pixel data does.
  const a = Uint8Array.from({ length: 5000 }, (_, i) => [13, 10, 45, 45, i & 255][i % 5]!);
  const b = Uint8Array.from({ length: 777 }, (_, i) => (i * 7) & 255);
  const data = body('xyz-123', [
    { headers: ['Content-Type: application/dicom', 'Content-Location: http://h/instances/1.2.3'], bytes: a },
    { headers: ['Content-Type: application/dicom'], bytes: b },
  ]);

  it.each([1, 3, 64, 4096, data.length])('splits parts whatever the chunk size (%i)', (size) => {
    const { parts, done } = readAll(data, 'xyz-123', size);
    expect(done).toBe(true);
    expect(parts).toHaveLength(2);
    expect(parts[0]!.headers['content-location']).toBe('http://h/instances/1.2.3');
    expect(new Uint8Array(parts[0]!.body)).toEqual(a);
    expect(new Uint8Array(parts[1]!.body)).toEqual(b);
    expect(parts[1]!.body.byteLength).toBe(777);
  });

  it('reads the boundary of a Content-Type', () => {
    expect(boundaryOf('multipart/related; type="application/dicom"; boundary=abc')).toBe('abc');
    expect(boundaryOf('multipart/related; boundary="a b"')).toBe('a b');
    expect(boundaryOf('application/json')).toBeNull();
  });
});
