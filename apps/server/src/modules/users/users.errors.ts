import { defineErrors } from '../../http/domain-error';

/** Why an account cannot be created as asked (`npm run user:create`). */
export const userError = defineErrors({
  BAD_USERNAME: 'invalid',
  BAD_ROLE: 'invalid',
  WEAK_PASSWORD: 'invalid',
  DUPLICATE: 'conflict',
  NEEDS_HOSPITAL: 'invalid',
  NEEDS_BRANCH: 'invalid',
  UNKNOWN_CODE: 'invalid',
});
