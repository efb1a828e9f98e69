import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { LocalDicomArchive } from '../../dicom/archive/local-archive';
import { coerceStored } from '../../dicom/identity/coerce-stored';
import type { ExamsService } from '../exams/exams.service';
import { ExportRepository } from './export.repository';
import { dicomExportRoutes } from './export.routes';
import { DicomExportService } from './export.service';

export interface DicomExportModuleDeps {
  db: Database;
  exams: ExamsService;
  archive: Pick<LocalDicomArchive, 'openStored'>;
  /** Prepared exports live under DATA_DIR/exports (decision EX3). */
  dataDir: string;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** The DICOM export of an exam (zip with DICOMDIR), wired: repository → service → route plugin (which starts it). */
export function dicomExportModule(deps: DicomExportModuleDeps) {
  const service = new DicomExportService({
    repo: new ExportRepository(deps.db),
    exams: deps.exams,
    openStored: (row) => deps.archive.openStored(row).then((file) => coerceStored(file, row.identity)),
    dir: path.resolve(deps.dataDir, 'exports'),
    now: deps.now,
    log: deps.log,
  });
  return { service, plugin: dicomExportRoutes(service) };
}
