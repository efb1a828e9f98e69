import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/auth.plugin';
import { InstanceParams } from '../../dicom/dicomweb/common';
import type { OriginalImagesService } from './original-images.service';

/** GET /api/dicom/studies/{study}/series/{series}/instances/{sop}/original: the file as received (audit right). */
export function originalImagesRoutes(service: OriginalImagesService) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/dicom/studies/:study/series/:series/instances/:sop/original',
      {
        config: { access: { permission: 'AUDIT', scope: 'dicom' } },
        schema: { params: InstanceParams, tags: ['dicom'] },
      },
      async (req, reply) => {
        const body = await service.open(requireUser(req), req.params);
        reply.type('application/dicom');
        reply.header('content-disposition', `attachment; filename="${req.params.sop}-original.dcm"`);
        reply.header('cache-control', 'no-store');
        return reply.send(body);
      },
    );
  };
}
