import { defineErrors } from '../../http/domain-error';

/** The series page's refusals (an image's own ones are DICOMweb's: dicom/dicomweb/dicomweb.errors.ts). */
export const viewerError = defineErrors({
  SERIES_NOT_FOUND: 'not-found',
  ORIENTATION_NOT_FOUND: 'not-found',
  SERIES_EMPTY: 'not-found',
  NO_THUMBNAIL: 'not-found',
});
