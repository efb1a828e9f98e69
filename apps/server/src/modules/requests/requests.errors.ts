import { defineErrors } from '../../http/domain-error';

/** The refusals of imaging requests: the form's rules, accession numbers, documents, film links, custom prices. */
export const requestError = defineErrors({
  REQUEST_NOT_FOUND: 'not-found',
  REQUEST_NO_MODALITY: 'invalid',
  REQUEST_UNKNOWN_MODALITY: 'invalid',
  REQUEST_UNKNOWN_PRODUCT: 'invalid',
  REQUEST_PRODUCT_MODALITY: 'invalid',
  REQUEST_QUANTITY: 'invalid',
  REQUEST_PRICE: 'invalid',
  REQUEST_CUSTOM_NOT_CHOSEN: 'invalid',
  REQUEST_HOSPITAL: 'invalid',
  REQUEST_PRIVILEGE: 'invalid',
  REQUEST_DOCTOR: 'invalid',
  REQUEST_BUILDING: 'invalid',
  REQUEST_PAYMENT_METHOD: 'invalid',
  REQUEST_RESEARCH_PROJECT: 'invalid',
  REQUEST_RESEARCH_SUBJECT: 'invalid',
  REQUEST_EXAM_TIMES: 'invalid',
  REQUEST_SCHEDULE: 'invalid',
  REQUEST_PATIENT: 'invalid',
  REQUEST_PATIENT_NOT_FOUND: 'not-found',
  REQUEST_CONFLICT: 'conflict',
  REQUEST_PATIENT_CHANGE: 'conflict',
  REQUEST_BRANCH_CHANGE: 'invalid',
  REQUEST_DELETED: 'conflict',
  REQUEST_GONE: 'not-found',
  REQUEST_REMOVE_EXAM: 'conflict',
  REQUEST_BUSY: 'conflict',
  REQUEST_BAD_RANGE: 'invalid',
  CUSTOM_PRICE_NOT_FOUND: 'not-found',
  CUSTOM_PRICE_STATE: 'conflict',
  ACCESSION_FORCE_DENIED: 'forbidden',
  ACCESSION_FORM: 'invalid',
  ACCESSION_ONE_MODALITY: 'invalid',
  ACCESSION_AUTOMATIC: 'invalid',
  ACCESSION_TAKEN: 'invalid',
  REQUEST_DOCUMENT_TYPE_UNKNOWN: 'invalid',
  REQUEST_DOCUMENT_ID_BAD: 'invalid',
  REQUEST_MEDIA_BAD_TYPE: 'invalid',
  REQUEST_MEDIA_NOT_FOUND: 'not-found',
  LINK_REPORT_NOT_FOUND: 'not-found',
  LINK_PIN_WRONG: 'forbidden',
  LINK_PIN_REQUIRED: 'forbidden',
  REQUEST_LINK_MISSING: 'not-found',
  CONDITION_HOSPITAL_NOT_FOUND: 'not-found',
  CONDITION_PRIVILEGE_NOT_FOUND: 'not-found',
});

/** What a request on Hold shows as its status remark (stored with the request, spec §4 Hold). */
export const HOLD_REMARK = 'รออนุมัติราคาพิเศษ';

/** A hand-given accession number that is taken already: refused under the field. */
export const accessionTaken = (n: string) => requestError('ACCESSION_TAKEN', { n }, { field: 'forceAcceesionNumber' });

export { isUniqueViolation } from '../../db/unique-violation';
