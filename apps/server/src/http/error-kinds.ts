/**
 * What kind of refusal an error is, in the words of the rule that refused; the one place a kind becomes an HTTP status
 * (the error handler answers with it). A module's `<name>.errors.ts` gives each of its codes a kind, never a status.
 */
export const STATUS_OF_KIND = {
  /** The input breaks a rule (a field, a range, a format). */
  invalid: 400,
  /** Nobody is signed in, or the credentials or link are not (or no longer) good. */
  unauthorized: 401,
  /** Signed in, but this user may not do or see this. */
  forbidden: 403,
  /** No such thing, or not within what the user may see. */
  'not-found': 404,
  /** None of the representations the client accepts can be given. */
  'not-acceptable': 406,
  /** The thing is in a state where this does not apply, or someone changed it first. */
  conflict: 409,
  /** It existed and is used up or expired for good. */
  gone: 410,
  'too-large': 413,
  'unsupported-media': 415,
  /** Well-formed, but cannot be acted on as it is. */
  unprocessable: 422,
  locked: 423,
  'too-many': 429,
} as const;

export type ErrorKind = keyof typeof STATUS_OF_KIND;
export type ErrorStatus = (typeof STATUS_OF_KIND)[ErrorKind];

export function statusOf(kind: ErrorKind): ErrorStatus {
  return STATUS_OF_KIND[kind];
}
