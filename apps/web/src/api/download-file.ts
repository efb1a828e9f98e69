import { acceptLanguage } from './accept-language';
import { ApiError } from './api-error';
import { redirectToLogOn } from './log-on-redirect';

/**
 * The file name a Content-Disposition header gives: RFC 6266's `filename*` (UTF-8, the Thai name) before the plain
 * `filename` (the ASCII fallback); `fallback` when the header names none.
 */
export function fileNameOf(contentDisposition: string | null, fallback: string): string {
  if (!contentDisposition) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(contentDisposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: the plain name below is still good.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(contentDisposition);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  return name || fallback;
}

/**
 * Downloads a file the server makes on request (an XLSX) and saves it under the server's name. A plain link would
 * leave the page for a JSON error when the server refuses (a future day, another branch); here the refusal is an
 * ApiError with the server's Thai message, for the screen to show beside the button.
 */
export async function downloadFile(path: string, fallbackName: string, signal?: AbortSignal): Promise<string> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      headers: { 'Accept-Language': acceptLanguage() },
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, undefined, [], { cause });
  }
  if (response.status === 401) redirectToLogOn();
  if (!response.ok) {
    let message: string | undefined;
    if ((response.headers.get('content-type') ?? '').includes('json')) {
      const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
      if (typeof body?.message === 'string') message = body.message;
    }
    throw new ApiError(response.status, message, []);
  }
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(await response.blob());
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.rel = 'noopener';
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // The click has handed the blob to the browser's download; a tick later it can go.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return name;
}
