import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@rangsi/contract';
import { requireUser } from '../../auth/auth.plugin';
import { publicOrigin } from '../../http/public-origin';
import type { PatientPhotosService } from './patient-photos.service';
import { patientError } from './patients.errors';

const IdParams = z.object({ id: z.string().uuid('ไม่พบข้อมูลผู้ป่วย') });
const QrParams = z.object({ qrId: z.string().uuid('ลิงก์ไม่ถูกต้อง') });
const PhotoBody = z.strictObject({ base64Image: z.string().min(1, 'กรุณาเลือกรูปภาพ') });
/** A 5 MB photo is about 6.7 MB in base64. */
const PHOTO_BODY_LIMIT = 7 * 1024 * 1024;
const tags = ['patients'];

/** Patient photo, phone-camera QR, and the public capture page's calls. */
export function patientPhotosRoutes(service: PatientPhotosService) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/patient/:id/image',
      {
        bodyLimit: PHOTO_BODY_LIMIT,
        config: { access: { permission: 'PATIENT_EDIT', scope: 'patient' } },
        schema: {
          params: IdParams,
          body: PhotoBody,
          response: { 200: envelope(z.object({ hasImage: z.boolean() })) },
          tags,
        },
      },
      async (req) => {
        await service.save(requireUser(req), req.params.id, req.body.base64Image);
        return { success: true, data: { hasImage: true } };
      },
    );

    r.get(
      '/api/patient/image/:patientId',
      {
        config: { access: { permission: 'PATIENT_SEARCH', scope: 'patient' } },
        schema: { params: z.object({ patientId: z.string().uuid('ไม่พบข้อมูลผู้ป่วย') }), tags },
      },
      async (req, reply) => {
        const stream = await service.open(requireUser(req), req.params.patientId);
        reply.header('content-type', 'image/jpeg').header('cache-control', 'private, no-cache');
        return reply.send(stream);
      },
    );

    r.post(
      '/api/patient/image/:id/qr',
      {
        config: { access: { permission: 'PATIENT_EDIT', scope: 'patient' } },
        schema: {
          params: IdParams,
          response: { 200: envelope(z.object({ qrId: z.string(), url: z.string(), expiresAt: z.string() })) },
          tags,
        },
      },
      async (req) => ({
        success: true,
        data: await service.createCapture(requireUser(req), req.params.id, publicOrigin(req)),
      }),
    );

    r.get(
      '/api/patient/image/qr/:qrId',
      {
        config: { access: { permission: 'PATIENT_EDIT', scope: 'patient' } },
        schema: {
          params: QrParams,
          response: { 200: envelope(z.object({ base64Image: z.string() }).nullable()) },
          tags,
        },
      },
      async (req) => ({ success: true, data: await service.pollCapture(requireUser(req), req.params.qrId) }),
    );

    // Public on purpose: the phone has no session; the random single-use, expiring id is the capability.
    r.get(
      '/api/capture/qr/:qrId',
      {
        config: { access: { permission: 'public', scope: 'none' } },
        schema: {
          params: QrParams,
          response: { 200: envelope(z.object({ valid: z.boolean(), expiresAt: z.string().nullable() })) },
          tags,
        },
      },
      async (req) => ({ success: true, data: await service.captureStatus(req.params.qrId) }),
    );

    r.post(
      '/api/capture/qr/:qrId',
      {
        bodyLimit: PHOTO_BODY_LIMIT,
        config: { access: { permission: 'public', scope: 'none' } },
        schema: { params: QrParams, body: PhotoBody, tags },
        // The capture id is the only credential of this public route: it is checked on onRequest, before up to 7 MB of
        // body is read, parsed and decoded, so an anonymous caller without a live link costs one indexed lookup.
        onRequest: async (req) => {
          const parsed = QrParams.safeParse(req.params);
          if (!parsed.success) throw patientError('CAPTURE_LINK_INVALID');
          await service.assertCaptureOpen(parsed.data.qrId);
        },
      },
      async (req) => {
        await service.completeCapture(req.params.qrId, req.body.base64Image);
        return { success: true };
      },
    );
  };
}
