import { defineErrors } from '../../http/domain-error';

/** The refusals of patient records, their search, and phone-camera photo capture. */
export const patientError = defineErrors({
  PATIENT_NOT_FOUND: 'not-found',
  BAD_PHONE: 'invalid',
  NO_CRITERIA: 'invalid',
  BIRTH_DATE_IN_FUTURE: 'invalid',
  PASSWORD_REQUIRED: 'invalid',
  WRONG_PASSWORD: 'invalid',
  NATIONAL_NUMBER_TAKEN: 'invalid',
  HN_TAKEN: 'invalid',
  PATIENT_CONFLICT: 'conflict',
  HN_EXHAUSTED: 'conflict',
  NOT_AN_IMAGE: 'invalid',
  PHOTO_TOO_LARGE: 'too-large',
  NO_PHOTO: 'not-found',
  CAPTURE_NOT_FOUND: 'not-found',
  CAPTURE_GONE: 'gone',
  CAPTURE_LINK_INVALID: 'invalid',
});
