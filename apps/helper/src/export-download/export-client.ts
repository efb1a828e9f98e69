import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { MSG } from '../messages';

/** The Rangsi export the helper downloads: the general-purpose CD profile (DICOM file ids, DICOMDIR). */
export const PROFILE = 'STD-GEN-CD';

/** What the server's check says once the zip is ready (the fields the helper uses of it). */
export interface ExportReady {
  accessionNumber: string | null;
  sizeBytes: number;
  instanceCount: number;
}

/** A download that ends with a message for the user (the job shows it as its ERROR). */
export class ExportError extends Error {}

export interface ExportRequest {
  server: string;
  examId: string;
  token: string;
  signal: AbortSignal;
}

const exportUrl = (r: ExportRequest, suffix: string) => {
  const url = new URL(`/dicom/export/${r.examId}${suffix}`, r.server);
  url.searchParams.set('profile', PROFILE);
  url.searchParams.set('token', r.token);
  return url;
};

async function get(r: ExportRequest, suffix: string, signal: AbortSignal): Promise<Response> {
  let res: Response;
  try {
    // Never followed elsewhere: the helper downloads only from the configured server.
    res = await fetch(exportUrl(r, suffix), { redirect: 'error', signal, headers: { 'accept-language': 'th' } });
  } catch (err) {
    if (r.signal.aborted) throw new ExportError(MSG.cancelled);
    if (signal.aborted) throw err;
    throw new ExportError(MSG.serverUnreachable);
  }
  if (res.status === 401 || res.status === 403) throw new ExportError(MSG.tokenRefused);
  if (res.status === 404) throw new ExportError(MSG.examNotFound);
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
    throw new ExportError(MSG.serverSaid(res.status, typeof body?.message === 'string' ? body.message : ''));
  }
  return res;
}

const positiveInt = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);

/**
 * Asks the server's export check every `intervalMs` (spec §4: every second) until it answers with data, passing its
 * progress on; gives up with a message after `timeoutMs`.
 */
export async function waitForExport(
  r: ExportRequest,
  options: { timeoutMs: number; intervalMs?: number; onProgress: (done: number, total: number) => void },
): Promise<ExportReady> {
  const deadline = Date.now() + options.timeoutMs;
  const timedOut = () => new ExportError(MSG.exportTimeout(String(Math.round(options.timeoutMs / 6000) / 10)));
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw timedOut();
    const signal = AbortSignal.any([r.signal, AbortSignal.timeout(left)]);
    let body: { success?: unknown; data?: unknown; progress?: { done?: unknown; total?: unknown } };
    try {
      body = (await (await get(r, '/check', signal)).json()) as typeof body;
    } catch (err) {
      if (err instanceof ExportError) throw err;
      if (r.signal.aborted) throw new ExportError(MSG.cancelled);
      throw Date.now() >= deadline ? timedOut() : new ExportError(MSG.serverUnreachable);
    }
    const data = body.data as Record<string, unknown> | null | undefined;
    if (body.success === true && data && typeof data === 'object') {
      const sizeBytes = positiveInt(data.sizeBytes);
      if (sizeBytes === null) throw new ExportError(MSG.badDownload);
      return {
        accessionNumber: typeof data.accessionNumber === 'string' ? data.accessionNumber : null,
        sizeBytes,
        instanceCount: positiveInt(data.instanceCount) ?? 0,
      };
    }
    const done = positiveInt(body.progress?.done);
    const total = positiveInt(body.progress?.total);
    if (done !== null && total !== null) options.onProgress(done, total);
    await pause(Math.min(options.intervalMs ?? 1000, Math.max(0, deadline - Date.now())), r.signal);
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ExportError(MSG.cancelled));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Downloads the ready zip to `dest`, reporting bytes written; the size must be the one the check announced. A write
 * error (ENOSPC …) rejects with the file system's error, for the job to name.
 */
export async function downloadExport(
  r: ExportRequest,
  ready: ExportReady,
  dest: string,
  onProgress: (done: number, total: number) => void,
): Promise<void> {
  const res = await get(r, '', r.signal);
  if (!res.body) throw new ExportError(MSG.badDownload);
  let done = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, next) {
      done += chunk.length;
      if (done > ready.sizeBytes) return next(new ExportError(MSG.badDownload));
      onProgress(done, ready.sizeBytes);
      next(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
      count,
      fs.createWriteStream(dest, { flags: 'w' }),
      { signal: r.signal },
    );
  } catch (err) {
    if (r.signal.aborted) throw new ExportError(MSG.cancelled);
    throw err;
  }
  if (done !== ready.sizeBytes) throw new ExportError(MSG.badDownload);
}
