/**
 * Rangsi as a peer sees it, for the interop tests: the whole app on a fresh copy of the seeded test database, listening
 * on 127.0.0.1 on an ephemeral port, and its DICOM listener built as main.ts builds it, on another.
 */
import path from 'node:path';
import pino from 'pino';
import type { DicomListener } from '../dimse/dicom-listener';
import { createDicomListener } from '../dimse/dicom-listener';
import { ArchiveFind } from '../dimse/qr/archive-find';
import { ArchiveGet } from '../dimse/qr/archive-get';
import { ModalityWorklist } from '../dimse/mwl/worklist';
import { ModalityPerformedProcedureSteps } from '../dimse/mpps/mpps';
import { StorageCommitment } from '../dimse/stgcmt/storage-commitment';
import { AuditService } from '../../audit/audit.service';
import { createTestApp, type TestContext } from '../../test/test-app';

export interface RangsiPeer {
  sut: TestContext;
  /** http://127.0.0.1:PORT, no trailing slash. */
  httpUrl: string;
  dicomPort: number;
  aet: string;
  stop(): Promise<void>;
}

export async function startRangsi(
  opts: { env?: Record<string, string>; callingAeTitles?: string[] } = {},
): Promise<RangsiPeer> {
  const sut = await createTestApp({ env: { DICOM_AE_TITLE: 'RANGSI', ...opts.env } });
  await sut.app.listen({ host: '127.0.0.1', port: 0 });
  const address = sut.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app did not listen on a TCP port');
  const { config, database, services } = sut;
  const audit = new AuditService(database.db);
  const listener: DicomListener = createDicomListener({
    host: '127.0.0.1',
    port: 0,
    aeTitle: config.DICOM_AE_TITLE,
    allowedCallingAeTitles: opts.callingAeTitles ?? 'any',
    archive: services.archive,
    worklist: new ModalityWorklist(database.db, services.examState),
    query: new ArchiveFind(database.db, audit, undefined, config.DICOM_QUERY_AE_TITLES),
    retrieve: new ArchiveGet(database.db, services.archive, audit, config.DICOM_QUERY_AE_TITLES),
    queryAeTitles: [...config.DICOM_QUERY_AE_TITLES.keys()],
    moveDestinations: config.DICOM_MOVE_DESTINATIONS,
    storageCommitment: new StorageCommitment(database.db),
    mpps: new ModalityPerformedProcedureSteps(
      database.db,
      services.examState,
      config.DICOM_WORKLIST_AE_SCOPES,
      config.DICOM_WORKLIST_UNLISTED,
    ),
    tempDir: path.resolve(config.DATA_DIR, 'tmp', 'dimse'),
    logger: pino({ level: 'silent' }),
  });
  await listener.start();
  const peer: RangsiPeer = {
    sut,
    httpUrl: `http://127.0.0.1:${address.port}`,
    dicomPort: listener.port,
    aet: config.DICOM_AE_TITLE,
    stop: async () => {
      await listener.stop(1000);
      await sut.close();
    },
  };
  return peer;
}
