import { apiRequest } from './api-client';

/** Revokes the session on the server; an already-expired session (401) counts as logged off. */
export async function logOff(): Promise<void> {
  await apiRequest<unknown>('/Member/LogOff', { method: 'POST', redirectOnUnauthorized: false });
}
