import type { FieldError } from '@rangsi/contract';

/**
 * A failed call: HTTP error, `success: false`, or no answer at all (status 0).
 * `message` is what the user should read (spec §8): the server's message followed by each distinct
 * validation message once; empty when the server said nothing useful, so callers show the generic text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly serverMessage: string | undefined;
  readonly fieldErrors: readonly FieldError[];

  constructor(
    status: number,
    serverMessage: string | undefined,
    fieldErrors: readonly FieldError[] = [],
    options?: ErrorOptions,
  ) {
    super(composeUserMessage(serverMessage, fieldErrors), options);
    this.status = status;
    this.serverMessage = serverMessage;
    this.fieldErrors = fieldErrors;
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }
}

function composeUserMessage(serverMessage: string | undefined, fieldErrors: readonly FieldError[]): string {
  const parts = [serverMessage, ...fieldErrors.map((e) => e.message)]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part));
  return [...new Set(parts)].join('\n');
}

export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof ApiError && error.isUnauthorized;
}
