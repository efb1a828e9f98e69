/**
 * The browser's client of the workstation's CD download helper and RadiAnt viewer helper (spec §7: check, POST
 * download with examId and the user's token, download/check, clear), as the Rangsi Helper speaks them
 * (docs/design/rangsi-helper-protocol.md). The helper is another origin on loopback: no cookies go to it.
 */

/** What the helper said of itself. */
export interface HelperCheck {
  ready: boolean;
  detail: string;
  version: string;
}

export type DownloadStage = 'waiting' | 'downloading' | 'unpacking' | 'image' | 'burning' | 'opening' | 'done';

/** A download job's state; `result` stays null while it runs (spec §4). */
export interface DownloadProgress {
  result: boolean | null;
  stage: DownloadStage;
  progress: { done: number; total: number } | null;
  message: string;
  folder?: string;
  image?: string;
}

/** The helper did not answer at all: not installed, not running, or blocked. */
export class HelperUnreachableError extends Error {}

/** The helper answered with a refusal (its message is for the user). */
export class HelperRefusedError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const STATUS_TIMEOUT_MS = 5_000;

async function call<T>(base: string, path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(new URL(path, base), {
      method: init.method ?? 'GET',
      credentials: 'omit',
      headers: init.body === undefined ? undefined : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      // A helper that hangs must not hang the dialog; the job itself runs in the helper, not in this request.
      signal: AbortSignal.timeout(STATUS_TIMEOUT_MS),
    });
  } catch {
    throw new HelperUnreachableError();
  }
  const body = (await res.json().catch(() => null)) as { success?: boolean; data?: T; message?: string } | null;
  if (!res.ok || !body?.success) throw new HelperRefusedError(body?.message ?? '', res.status);
  return body.data as T;
}

/** GET check: is the helper there, and can it do its job (its programs found)? */
export function checkHelper(base: string): Promise<HelperCheck> {
  return call<HelperCheck>(base, 'check');
}

/** POST download: starts the job for one exam with the user's export token. A job already running answers 409. */
export async function startDownload(
  base: string,
  job: { examId: string; token: string; label?: string },
): Promise<'started' | 'running'> {
  try {
    await call(base, 'download', { method: 'POST', body: job });
    return 'started';
  } catch (error) {
    if (error instanceof HelperRefusedError && error.status === 409) return 'running';
    throw error;
  }
}

/** GET download/check: the job's progress and, at the end, its result. */
export function downloadProgress(base: string, examId: string): Promise<DownloadProgress> {
  return call<DownloadProgress>(base, `download/check?examId=${encodeURIComponent(examId)}`);
}

/** POST clear: the helper forgets the finished job (its files stay where they were written). */
export async function clearDownload(base: string, examId: string): Promise<void> {
  await call(base, 'clear', { method: 'POST', body: { examId } });
}
