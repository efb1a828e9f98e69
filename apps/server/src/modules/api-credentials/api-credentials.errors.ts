import { defineErrors } from '../../http/domain-error';

/** Why the administrator's credential form or revoke was refused. */
export const apiCredentialError = defineErrors({
  API_CREDENTIAL_NOT_FOUND: 'not-found',
  API_CREDENTIAL_NAME_TAKEN: 'conflict',
  API_CREDENTIAL_ALREADY_REVOKED: 'conflict',
  API_CREDENTIAL_BRANCH_REQUIRED: 'invalid',
  API_CREDENTIAL_HOSPITAL_REQUIRED: 'invalid',
});
