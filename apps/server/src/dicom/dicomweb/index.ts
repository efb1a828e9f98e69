import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AuditService } from '../../audit/audit.service';
import type { Database } from '../../db/client';
import type { LocalDicomArchive } from '../archive/local-archive';
import { DicomwebService } from './dicomweb.service';
import { qidoRoutes } from './qido.routes';
import { renderedRoutes } from './rendered.routes';
import { DEFAULT_UPLOAD_LIMITS, stowRoutes, type UploadLimits } from './stow.routes';
import { wadoRoutes } from './wado.routes';

export interface DicomwebDeps {
  db: Database;
  audit: AuditService;
  archive: LocalDicomArchive;
  /** Where uploads are spooled before ingest (under DATA_DIR). */
  dataDir: string;
  limits?: UploadLimits;
}

/** /dicomweb: QIDO-RS, WADO-RS, WADO-URI and STOW-RS, one encapsulated plugin (its content-type parser stays inside). */
export function dicomwebRoutes(deps: DicomwebDeps) {
  const service = new DicomwebService(deps.db, deps.audit, deps.archive);
  return async function plugin(app: FastifyInstance): Promise<void> {
    await app.register(qidoRoutes(service));
    await app.register(wadoRoutes(service, deps.archive));
    await app.register(renderedRoutes(service, deps.archive));
    await app.register(
      stowRoutes(service, deps.archive, path.join(deps.dataDir, 'tmp', 'dicom'), deps.limits ?? DEFAULT_UPLOAD_LIMITS),
    );
  };
}
