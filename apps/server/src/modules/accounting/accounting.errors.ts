import { MAX_ATTACHMENT_BYTES } from '@rangsi/contract';
import { defineErrors } from '../../http/domain-error';

/** The refusals of petty cash, exam fees and their attachments (a branch out of scope is the common FORBIDDEN). */
export const accountingError = defineErrors({
  ACC_CHOOSE_BRANCH: 'invalid',
  ACC_BRANCH_NOT_FOUND: 'not-found',
  ACC_RECEIPT_NOT_FOUND: 'not-found',
  ACC_BAD_RECEIPT: 'invalid',
  ACC_RECEIPT_NOT_CHEQUE: 'invalid',
  RECEIPT_ALREADY_RECORDED: 'conflict',
  ACC_FUTURE_DATE: 'invalid',
  ACC_RANGE: 'invalid',
  ACC_METHOD: 'invalid',
  ACC_ENTRY_NOT_FOUND: 'not-found',
  NO_ATTACHMENT: 'not-found',
  // The form's own limits are bad input (400), as its fields are.
  ATTACHMENT_BAD_TYPE: 'invalid',
  ATTACHMENT_TOO_LARGE: 'invalid',
  ATTACHMENT_ONE_FILE: 'invalid',
  ACC_TOO_MANY_LINES: 'invalid',
  ACC_FIELD_TOO_LONG: 'invalid',
  ACC_NOT_MULTIPART: 'invalid',
});

export const ATTACHMENT_MB = Math.round(MAX_ATTACHMENT_BYTES / 1024 / 1024);

/** An attachment refused: the message under the file field too. */
export const badAttachment = (code: 'ATTACHMENT_BAD_TYPE' | 'ATTACHMENT_ONE_FILE') =>
  accountingError(code, { field: 'file' });
export const attachmentTooLarge = () =>
  accountingError('ATTACHMENT_TOO_LARGE', { mb: ATTACHMENT_MB }, { field: 'file' });
