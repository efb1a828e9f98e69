import { defineErrors, type FieldMessage } from '../../http/domain-error';
import { list, msg } from '../../i18n/catalogue';

/** The report engine's refusals (the server's message, or the frame's error page). */
export const reportEngineError = defineErrors({
  REPORT_UNKNOWN: 'not-found',
  REPORT_ENGINE_FORBIDDEN: 'forbidden',
  REPORT_BRANCH_FORBIDDEN: 'forbidden',
  REPORT_DOCTOR_FORBIDDEN: 'forbidden',
  REPORT_PARAMS_INVALID: 'invalid',
  REPORT_FORM_BODY: 'invalid',
  REPORT_REQUEST_NOT_FOUND: 'not-found',
  REPORT_REQUEST_HOLD: 'conflict',
  REPORT_REQUEST_NO_TIME: 'conflict',
  REPORT_REQUEST_NO_ACCESSION: 'conflict',
});

/** Bad parameters: the message names each field and its problem, and each goes under its field. */
export const reportParamError = (errors: readonly FieldMessage[]) =>
  reportEngineError(
    'REPORT_PARAMS_INVALID',
    {
      issues: list(
        errors.map((e) => (e.field ? msg('FIELD_ISSUE', { field: e.field, message: e.message }) : e.message)),
      ),
    },
    { errors },
  );
