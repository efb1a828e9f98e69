import { defineErrors } from '../../http/domain-error';

/** Why linking or unlinking a chat (LINE) account was refused (nothing is linked or changed by a refusal). */
export const chatAccountError = defineErrors({
  CHAT_LINE_NOT_CONFIGURED: 'not-found',
  CHAT_LINE_STATE_INVALID: 'invalid',
  CHAT_LINE_CANCELLED: 'invalid',
  CHAT_LINE_CODE_REFUSED: 'invalid',
  CHAT_LINE_TOKEN_INVALID: 'invalid',
  CHAT_LINE_TAKEN: 'conflict',
  // LINE down or slow: the request was fine, it cannot be acted on now.
  CHAT_LINE_UNAVAILABLE: 'unprocessable',
  CHAT_LINE_NOT_LINKED: 'conflict',
});
