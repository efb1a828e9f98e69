import { defineErrors } from '../../http/domain-error';

/** A QIDO-RS query string (or the C-FIND keys read the same way) that cannot be matched as given. */
export const queryError = defineErrors({
  QIDO_REPEATED: 'invalid',
  QIDO_BAD_VALUE: 'invalid',
  QIDO_EXPECTED_UIDS: 'invalid',
  QIDO_EXPECTED_CODES: 'invalid',
  QIDO_EXPECTED_DATE: 'invalid',
  QIDO_NOT_A_DATE: 'invalid',
  QIDO_BACKWARD_RANGE: 'invalid',
  QIDO_EXPECTED_INTEGER: 'invalid',
  QIDO_EXPECTED_TEXT: 'invalid',
  QIDO_INTEGER_RANGE: 'invalid',
  QIDO_LIMIT: 'invalid',
  QIDO_FUZZY: 'invalid',
  QIDO_UNKNOWN_INCLUDE: 'invalid',
  QIDO_TOO_MANY_INCLUDES: 'invalid',
  QIDO_UNKNOWN_PARAMETER: 'invalid',
  QIDO_WRONG_LEVEL: 'invalid',
});
