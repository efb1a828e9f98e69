import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { multipartError } from './dicomweb.errors';

/** multipart/related (RFC 2387) for DICOMweb: a streaming reader that writes each part to a file, and a writer. */

export { MultipartError } from './dicomweb.errors';

export interface ReceivedPart {
  path: string;
  headers: Record<string, string>;
  size: number;
}

export interface ReadLimits {
  /** Total body bytes. */
  maxBytes: number;
  maxParts: number;
  /** Bytes of one part (bigger parts are cut off and reported, the rest of the body still read). */
  maxPartBytes: number;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const MAX_HEADER_BYTES = 16 * 1024;
/**
 * RFC 2046 allows 70 characters, but Orthanc's DICOMweb client sends two UUIDs joined by a dash (73): accept what real
 * clients send, with RFC 2046's characters, up to a bound that keeps the delimiter search cheap (decision IO01).
 */
export const MAX_BOUNDARY_LENGTH = 200;
const BOUNDARY = new RegExp(`^[0-9A-Za-z'()+_,\\-./:=? ]{1,${MAX_BOUNDARY_LENGTH}}$`);

/**
 * Reads a multipart body, writing every part to its own file in `dir`; `onPart` is called for each finished part, in
 * order (the caller may process it while later parts still arrive). Malformed bodies throw MultipartError (invalid), too
 * much data MultipartError (too large); files of parts not yet handed to `onPart` are removed on failure.
 */
export async function readMultipart(
  body: AsyncIterable<Buffer | string>,
  boundary: string,
  dir: string,
  limits: ReadLimits,
  onPart: (part: ReceivedPart & { oversize: boolean }) => void,
): Promise<number> {
  if (!BOUNDARY.test(boundary)) throw multipartError('MULTIPART_BAD_BOUNDARY');
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // A CRLF in front lets the first boundary match the same delimiter as the others.
  let buf: Buffer = CRLF;
  let state: 'preamble' | 'after' | 'headers' | 'body' | 'done' = 'preamble';
  let total = 0;
  let parts = 0;
  let sink: fs.WriteStream | null = null;
  let current: { path: string; headers: Record<string, string>; size: number; oversize: boolean } | null = null;

  const write = async (data: Buffer) => {
    if (!current || !sink || data.length === 0) return;
    if (current.size + data.length > limits.maxPartBytes) current.oversize = true;
    current.size += data.length;
    if (current.oversize) return;
    if (!sink.write(data)) await once(sink, 'drain');
  };
  const closePart = async () => {
    if (!sink || !current) return;
    sink.end();
    await finished(sink);
    const done = current;
    sink = null;
    current = null;
    onPart(done);
  };

  try {
    for await (const chunk of body) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      total += bytes.length;
      if (total > limits.maxBytes) throw multipartError('MULTIPART_TOO_LARGE');
      buf = buf.length ? Buffer.concat([buf, bytes]) : bytes;
      for (;;) {
        if (state === 'done') {
          buf = Buffer.alloc(0);
          break;
        }
        if (state === 'preamble') {
          const i = buf.indexOf(delimiter);
          if (i < 0) {
            buf = buf.subarray(Math.max(0, buf.length - delimiter.length));
            break;
          }
          buf = buf.subarray(i + delimiter.length);
          state = 'after';
        }
        if (state === 'after') {
          if (buf.length < 2) break;
          if (buf[0] === 0x2d && buf[1] === 0x2d) {
            state = 'done';
            continue;
          }
          const eol = buf.indexOf(CRLF);
          if (eol < 0) {
            if (buf.length > 256) throw multipartError('MULTIPART_BAD_BOUNDARY_LINE');
            break;
          }
          if (buf.subarray(0, eol).toString('latin1').trim() !== '')
            throw multipartError('MULTIPART_BAD_BOUNDARY_LINE');
          buf = buf.subarray(eol + 2);
          state = 'headers';
        }
        if (state === 'headers') {
          // A part without headers starts with the blank line itself.
          const end = buf.subarray(0, 2).equals(CRLF) ? -2 : buf.indexOf(HEADER_END);
          if (end === -1) {
            if (buf.length > MAX_HEADER_BYTES) throw multipartError('MULTIPART_HEADERS_TOO_LONG');
            break;
          }
          const headers = parseHeaders(end === -2 ? '' : buf.subarray(0, end).toString('latin1'));
          buf = buf.subarray(end === -2 ? 2 : end + 4);
          parts += 1;
          if (parts > limits.maxParts) throw multipartError('MULTIPART_TOO_MANY_PARTS');
          const file = path.join(dir, `part-${randomUUID()}`);
          sink = fs.createWriteStream(file, { flags: 'wx' });
          current = { path: file, headers, size: 0, oversize: false };
          state = 'body';
        }
        if (state === 'body') {
          const i = buf.indexOf(delimiter);
          if (i < 0) {
            const keep = delimiter.length - 1;
            if (buf.length > keep) {
              await write(buf.subarray(0, buf.length - keep));
              buf = buf.subarray(buf.length - keep);
            }
            break;
          }
          await write(buf.subarray(0, i));
          buf = buf.subarray(i + delimiter.length);
          await closePart();
          state = 'after';
        }
      }
    }
    if (state !== 'done') throw multipartError(state === 'preamble' ? 'MULTIPART_NO_BOUNDARY' : 'MULTIPART_UNFINISHED');
    return parts;
  } catch (err) {
    if (sink && current) {
      const s: fs.WriteStream = sink;
      s.destroy();
      await fs.promises.rm(current.path, { force: true });
    }
    throw err;
  }
}

function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

export function newBoundary(): string {
  return `rangsi-${randomBytes(12).toString('hex')}`;
}

/**
 * Streams parts as multipart/related: each part's headers, then its bytes. `next` gives the parts one at a time (a
 * null body skips the part), so files are opened only as they are sent.
 */
export function multipartStream(
  boundary: string,
  parts: AsyncIterable<{ contentType: string; location?: string; body: Readable | null }>,
  onError: (err: unknown) => void,
): Readable {
  const out = new PassThrough();
  void (async () => {
    try {
      for await (const part of parts) {
        if (!part.body) continue;
        const head = `--${boundary}\r\nContent-Type: ${part.contentType}\r\n${part.location ? `Content-Location: ${part.location}\r\n` : ''}\r\n`;
        if (!out.write(head)) await once(out, 'drain');
        for await (const chunk of part.body) {
          if (out.destroyed) {
            part.body.destroy();
            return;
          }
          if (!out.write(chunk)) await once(out, 'drain');
        }
        if (!out.write('\r\n')) await once(out, 'drain');
      }
      out.end(`--${boundary}--\r\n`);
    } catch (err) {
      onError(err);
      out.destroy(err instanceof Error ? err : new Error('multipart stream failed'));
    }
  })();
  return out;
}
