import { defineErrors } from '../../http/domain-error';

/** The refusals of matching images that arrived without an exam. */
export const unmatchedError = defineErrors({
  STUDY_NOT_UNMATCHED: 'conflict',
  UNMATCHED_FORBIDDEN: 'forbidden',
});
