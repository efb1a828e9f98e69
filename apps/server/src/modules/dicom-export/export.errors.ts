import { defineErrors } from '../../http/domain-error';

/** Why an exam's images cannot be exported now (a preparation that failed is told once, at the next check). */
export const exportError = defineErrors({
  EXPORT_NO_IMAGES: 'conflict',
  EXPORT_ARCHIVED: 'conflict',
  EXPORT_NOT_PREPARED: 'not-found',
  EXPORT_PREPARING: 'conflict',
  EXPORT_FILES_MISSING: 'conflict',
  EXPORT_NOTHING_CONVERTIBLE: 'conflict',
  EXPORT_FAILED: 'conflict',
});
