import type fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { ObjectStore } from './object-store';
import { S3Error } from './s3-error';

/** GetObject, or HeadObject when `head`: the headers S3 sends, the bytes of the Range asked for. */
export async function getObject(
  store: ObjectStore,
  req: IncomingMessage,
  res: ServerResponse,
  bucket: string,
  key: string,
  head: boolean,
): Promise<void> {
  const meta = await store.requireObject(bucket, key);
  const headers: Record<string, string | number> = {
    etag: meta.etag,
    'last-modified': new Date(meta.lastModified).toUTCString(),
    'content-type': meta.contentType,
    'accept-ranges': 'bytes',
  };
  for (const [name, value] of Object.entries(meta.metadata)) headers[`x-amz-meta-${name}`] = value;
  let start = 0;
  let end = meta.size - 1;
  let status = 200;
  const range = req.headers.range;
  if (range !== undefined) {
    const parsed = parseRange(String(range), meta.size);
    if (parsed === 'unsatisfiable') {
      throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable', {
        RangeRequested: String(range),
        ActualObjectSize: String(meta.size),
      });
    }
    if (parsed) {
      [start, end] = parsed;
      status = 206;
      headers['content-range'] = `bytes ${start}-${end}/${meta.size}`;
    }
  }
  headers['content-length'] = meta.size === 0 ? 0 : end - start + 1;
  let stream: fs.ReadStream | null = null;
  if (!head && meta.size > 0) {
    // Opened before the answer starts: a key deleted meanwhile is still a clean 404.
    const handle = await fsp.open(store.dataPath(bucket, meta), 'r').catch(() => null);
    if (!handle) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });
    stream = handle.createReadStream({ start, end });
  }
  res.writeHead(status, headers);
  if (!stream) {
    res.end();
    return;
  }
  await pipeline(stream, res).catch(() => undefined);
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n`; null for a header S3 ignores (several ranges, other units). */
function parseRange(value: string, size: number): [number, number] | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(value.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : [Math.max(0, size - n), size - 1];
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return [start, end];
}
