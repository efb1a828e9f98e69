import type { th } from './th';

/**
 * The server's messages in English, for a request whose Accept-Language prefers en. The spec's English wording where it
 * gives one (docs/product-spec.md §5, §8). Every Thai code needs its entry here with the same {placeholders}: a
 * missing or extra code fails typecheck; a placeholder missing in either language fails it too (catalogue.ts).
 */
export const en = {
  VERBATIM: '{text}',

  // http/
  NOT_FOUND: 'No result',
  FORBIDDEN: 'You do not have permission to use this',
  UNAUTHORIZED: 'Please sign in',
  SOMETHING_WRONG: 'Something went wrong!',
  INVALID: 'Invalid value',
  VALIDATION_FAILED: 'Invalid input ({where}): {issues}',
  INVALID_INPUT: '{issues}',
  BAD_REQUEST: 'Bad request',
  INVALID_JSON: 'The JSON is not valid',
  EMPTY_BODY: 'Nothing was sent',
  MALFORMED_UPLOAD: 'The upload is incomplete: please send the file again',
  BODY_TOO_LARGE: 'What was sent is larger than allowed',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported',
  INVALID_URL: 'Invalid URL',
  INVALID_CHARACTER: 'The input holds a character that cannot be used (invalid character): {field}',
  INVALID_CHARACTER_FIELD: 'Invalid character',
  CROSS_SITE: 'Cross-site request refused: it was sent from another website',
  TOO_MANY_ATTEMPTS: 'Too many attempts: try again in {seconds} seconds',

  // auth/
  TOKEN_EXPIRED: 'This link has expired: please open it again',
  UNDECLARED_ROUTE: 'You do not have permission to use this',
  LINK_NOT_FOUND: 'This link does not exist or has expired',
  BAD_CREDENTIALS: 'Wrong username or password',
  LOCKED: 'This account is locked for now: please contact your administrator',
} as const satisfies { readonly [C in keyof typeof th]: string };
