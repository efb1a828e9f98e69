import type { FieldError } from '@rangsi/contract';
import { acceptLanguage } from './accept-language';
import { ApiError } from './api-error';
import { redirectToLogOn } from './log-on-redirect';

/** The envelope every JSON answer of the server uses (ARCHITECTURE §4). */
interface Envelope<T> {
  success: boolean;
  data?: T;
  message?: string;
  errors?: FieldError[];
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * By default a 401 sends the user to the logon page. Calls where 401 is an ordinary answer
   * (the logon post itself, the log-off post) turn that off and handle it.
   */
  redirectOnUnauthorized?: boolean;
}

/**
 * Calls a JSON endpoint and returns the envelope's `data`.
 * Throws ApiError for HTTP errors, `success: false`, non-JSON answers and network failures.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, redirectOnUnauthorized = true } = options;
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': acceptLanguage() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, undefined, [], { cause });
  }

  if (response.status === 401 && redirectOnUnauthorized) redirectToLogOn();

  const envelope = await readEnvelope<T>(response);
  if (!response.ok || envelope === null || !envelope.success) {
    throw new ApiError(response.status, envelope?.message, envelope?.errors ?? []);
  }
  return envelope.data as T;
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T> | null> {
  // A proxy's HTML error page or the SPA fallback for a mistyped path is not an answer we can use.
  if (!(response.headers.get('content-type') ?? '').includes('json')) return null;
  try {
    const parsed: unknown = await response.json();
    return isEnvelope<T>(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function isEnvelope<T>(value: unknown): value is Envelope<T> {
  return typeof value === 'object' && value !== null && typeof (value as { success?: unknown }).success === 'boolean';
}
