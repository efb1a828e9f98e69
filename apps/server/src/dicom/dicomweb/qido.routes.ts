import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/auth.plugin';
import { acceptsDicomJson, dicomwebBase, notAcceptable, READ_ACCESS, SeriesParams, StudyParams, tags } from './common';
import type { DicomwebService } from './dicomweb.service';
import { parseQido, type QidoLevel } from '../query/qido';

/** QIDO-RS (PS3.18 §10.6): studies, series and instances, at every level of the resource tree. */
export function qidoRoutes(service: DicomwebService) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: READ_ACCESS };

    const search = (level: QidoLevel) => async (req: FastifyRequest, reply: FastifyReply) => {
      if (!acceptsDicomJson(req)) return notAcceptable(reply, 'application/dicom+json');
      const user = requireUser(req);
      const q = parseQido(level, req.query as Record<string, string | string[] | undefined>);
      const within = (req.params ?? {}) as { study?: string; series?: string };
      const result = await service.search(user, level, q, dicomwebBase(req), within);
      if (q.ignored.length)
        reply.header(
          'warning',
          `299 rangsi "matching on ${q.ignored.join(', ').slice(0, 200)} is not supported and was ignored"`,
        );
      return reply.type('application/dicom+json').send(JSON.stringify(result));
    };

    r.get('/dicomweb/studies', { config, schema: { tags } }, search('study'));
    r.get('/dicomweb/series', { config, schema: { tags } }, search('series'));
    r.get('/dicomweb/instances', { config, schema: { tags } }, search('instance'));
    r.get('/dicomweb/studies/:study/series', { config, schema: { params: StudyParams, tags } }, search('series'));
    r.get('/dicomweb/studies/:study/instances', { config, schema: { params: StudyParams, tags } }, search('instance'));
    r.get(
      '/dicomweb/studies/:study/series/:series/instances',
      { config, schema: { params: SeriesParams, tags } },
      search('instance'),
    );
  };
}
