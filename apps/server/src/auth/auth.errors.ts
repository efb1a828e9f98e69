import { defineErrors } from '../http/domain-error';

/** The refusals of sign-in, sessions and tokens (no such user and a wrong password share one message, on purpose). */
export const authError = defineErrors({
  BAD_CREDENTIALS: 'unauthorized',
  LOCKED: 'locked',
  TOKEN_EXPIRED: 'unauthorized',
  UNDECLARED_ROUTE: 'forbidden',
  LINK_NOT_FOUND: 'not-found',
  CREDENTIAL_INVALID: 'unauthorized',
  CREDENTIAL_NOT_HERE: 'forbidden',
});
