import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/auth.plugin';
import { acceptsDicomJson, dicomwebBase, notAcceptable, READ_ACCESS, SeriesParams, StudyParams, tags } from './common';
import type { DicomwebService } from './dicomweb.service';
import { parseQido, type QidoLevel } from '../query/qido';

export const TRUNCATED_WARNING =
  'The number of results exceeded the maximum supported by the server. Additional results can be requested.';

/** The service's host (PS3.18 writes {+SERVICE} there; a host keeps the header free of slashes). */
function warnAgent(base: string): string {
  try {
    return new URL(base).host || 'rangsi';
  } catch {
    return 'rangsi';
  }
}

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
      const base = dicomwebBase(req);
      const { results, truncated } = await service.search(user, level, q, base, within);
      const warnings: string[] = [];
      if (q.ignored.length)
        warnings.push(
          `299 rangsi "matching on ${q.ignored.join(', ').slice(0, 200)} is not supported and was ignored"`,
        );
      // PS3.18 §8.3.4.4, its text and form as the standard gives them: the page is full and more match.
      if (truncated) warnings.push(`299 ${warnAgent(base)}: "${TRUNCATED_WARNING}"`);
      if (warnings.length) reply.header('warning', warnings.join(', '));
      return reply.type('application/dicom+json').send(JSON.stringify(results));
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
