import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { UidataRepository } from './uidata.repository';
import { uidataRoutes } from './uidata.routes';
import { UidataService } from './uidata.service';

/** `/api/uidata/*`, wired: the service is what the patients module and the security headers read (helper origins). */
export function uidataModule(deps: {
  db: Database;
  gatewayUrl?: string;
  idCardReaderUrl?: string;
  cdHelperUrl?: string;
  radiantHelperUrl?: string;
  lineLoginPath?: string | null;
}) {
  const service = new UidataService(new UidataRepository(deps.db), {
    gatewayUrl: deps.gatewayUrl,
    idCardReaderUrl: deps.idCardReaderUrl,
    cdHelperUrl: deps.cdHelperUrl,
    radiantHelperUrl: deps.radiantHelperUrl,
    lineLoginPath: deps.lineLoginPath,
  });
  const plugin = async (app: FastifyInstance): Promise<void> => {
    await app.register(uidataRoutes(service));
  };
  return { service, plugin };
}
