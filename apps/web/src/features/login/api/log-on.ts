import type { LogOnInput } from '@rangsi/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';

interface LogOnResult {
  /** Where to go next; the server has already checked it is a local path. */
  returnUrl?: string;
}

export type LogOnRequest = Pick<LogOnInput, 'username' | 'password' | 'returnUrl'>;

export function logOn(input: LogOnRequest): Promise<LogOnResult> {
  // 401 (wrong password) and 423 (locked) are answers for the form, not a reason to redirect.
  return apiRequest<LogOnResult>('/Member/LogOn', { method: 'POST', body: input, redirectOnUnauthorized: false });
}

export function useLogOn() {
  return useMutation({ mutationFn: logOn, meta: { errorAlert: false } });
}
