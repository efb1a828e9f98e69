import { defineErrors } from '../../http/domain-error';

/** The refusals of an exam's documents and files (an upload without a file is http's NO_FILE, as everywhere). */
export const documentError = defineErrors({
  DOCUMENT_BAD_TYPE: 'invalid',
  DOCUMENT_NOT_FOUND: 'not-found',
});
