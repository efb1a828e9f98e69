import { defineErrors } from './domain-error';

/** The refusals of http/ itself: bodies Fastify or a parser could not take, guards, limits, uploads without a file. */
export const httpError = defineErrors({
  VALIDATION_FAILED: 'invalid',
  INVALID_INPUT: 'invalid',
  MALFORMED_UPLOAD: 'invalid',
  BODY_TOO_LARGE: 'too-large',
  UNSUPPORTED_MEDIA_TYPE: 'unsupported-media',
  INVALID_URL: 'invalid',
  INVALID_CHARACTER: 'invalid',
  CROSS_SITE: 'forbidden',
  TOO_MANY_ATTEMPTS: 'too-many',
  NO_FILE: 'invalid',
  EMPTY_FILE: 'invalid',
});
