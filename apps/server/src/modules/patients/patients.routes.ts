import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PatientExamHistoryRowSchema,
  PatientFormDataSchema,
  PatientSaveSchema,
  PatientSchema,
  PatientSearchRowSchema,
  PatientSearchSchema,
  PatientUiConfigSchema,
  envelope,
} from '@rangsi/contract';
import { romanizeThai } from '@rangsi/domain';
import { requireUser } from '../../auth/auth.plugin';
import type { PatientsService } from './patients.service';
import type { UidataService } from '../uidata/uidata.service';

const IdParams = z.object({ id: z.string().uuid('ไม่พบข้อมูลผู้ป่วย') });
const tags = ['patients'];

/** Patient calls of spec §7 "Documents and patients" and the patient UI data. */
export function patientsRoutes(service: PatientsService, uidata: UidataService) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/patient/search',
      {
        config: { access: { permission: 'PATIENT_SEARCH', scope: 'patient' } },
        schema: { body: PatientSearchSchema, response: { 200: envelope(z.array(PatientSearchRowSchema)) }, tags },
      },
      async (req) => ({ success: true, data: await service.search(requireUser(req), req.body) }),
    );

    r.get(
      '/api/patient/:id',
      {
        config: { access: { permission: 'PATIENT_SEARCH', scope: 'patient' } },
        schema: { params: IdParams, response: { 200: envelope(PatientSchema) }, tags },
      },
      async (req) => ({ success: true, data: await service.get(requireUser(req), req.params.id) }),
    );

    r.get(
      '/api/patient/:id/exam',
      {
        config: { access: { permission: 'PATIENT_SEARCH', scope: 'patient' } },
        schema: { params: IdParams, response: { 200: envelope(z.array(PatientExamHistoryRowSchema)) }, tags },
      },
      async (req) => ({ success: true, data: await service.examHistory(requireUser(req), req.params.id) }),
    );

    r.post(
      '/api/patient',
      {
        config: { access: { permission: 'PATIENT_EDIT', scope: 'patient' } },
        schema: { body: PatientSaveSchema, response: { 200: envelope(z.object({ patientId: z.string() })) }, tags },
      },
      async (req) => ({ success: true, data: await service.save(requireUser(req), req.body) }),
    );

    // Spec §5: the English name is fetched as a romanization (RTGS) of the Thai one after 777 ms without typing.
    r.get(
      '/api/patient/romanization',
      {
        config: { access: { permission: 'PATIENT_EDIT', scope: 'none' } },
        schema: {
          querystring: z.object({ thaiText: z.string().max(200, 'ยาวเกิน 200 ตัวอักษร') }),
          response: { 200: envelope(z.string()) },
          tags,
        },
      },
      async (req) => ({ success: true, data: romanizeThai(req.query.thaiText) }),
    );

    r.get(
      '/api/uidata/patientForm',
      {
        config: { access: { permission: 'PATIENT_SEARCH', scope: 'none' } },
        schema: { response: { 200: envelope(PatientFormDataSchema) }, tags },
      },
      async () => ({ success: true, data: await service.formData() }),
    );

    r.get(
      '/api/uidata/patient',
      {
        config: { access: { permission: 'PATIENT_SEARCH', scope: 'none' } },
        schema: { response: { 200: envelope(PatientUiConfigSchema) }, tags },
      },
      async () => ({ success: true, data: await uidata.patientUi() }),
    );
  };
}
