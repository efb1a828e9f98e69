import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { bootSeed } from './seed/boot-seed';
import { openDatabase } from './db/client';
import { markDemoImagesPending, primeArrivingImages, startPendingDemoImages } from './seed/demo-images';
import { AuditService } from './audit/audit.service';
import { createDicomListener, type DicomListener } from './dicom/dimse/dicom-listener';
import { ArchiveFind } from './dicom/dimse/qr/archive-find';
import { ArchiveGet } from './dicom/dimse/qr/archive-get';
import { ModalityWorklist } from './dicom/dimse/mwl/worklist';
import { ModalityPerformedProcedureSteps } from './dicom/dimse/mpps/mpps';
import { StorageCommitment } from './dicom/dimse/stgcmt/storage-commitment';
import { unknownScopeCodes } from './dicom/dimse/qr/query-scopes.repository';
import { callingAePolicy, storedDicomPeers } from './dicom/dimse/known-peers';
import { browseUrl, chooseBindHost, readyLines } from './http/bind-host';
import { demoLoginsInUse } from './seed/demo-logins';
import { DEMO_PASSWORD } from './seed/data/organization';
import { makeLogger } from './ops/logger';

/** Boot: config → database → migrations → seed → jobs → HTTP listener; SIGTERM drains and closes cleanly. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const log = makeLogger(config);
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.resolve(config.DATA_DIR) });
  log.info({ engine: database.engine, ms: Date.now() - started }, 'database ready');
  const seeded = await bootSeed(config, database);
  log.info({ seeded }, 'seed applied');
  if (seeded === 'demo' && config.DEMO_IMAGES === 'on') {
    const images = await markDemoImagesPending(database.db);
    log.info(images, 'demo images: planned (they arrive after the server listens)');
  }
  // A workstation scoped to a branch or hospital code that does not exist would see nothing: say so and stop.
  for (const [setting, scopes] of [
    ['DICOM_QUERY_AE_TITLES', config.DICOM_QUERY_AE_TITLES],
    ['DICOM_WORKLIST_AE_SCOPES', config.DICOM_WORKLIST_AE_SCOPES],
  ] as const) {
    const unknownCodes = await unknownScopeCodes(database.db, scopes);
    if (unknownCodes.length) {
      process.stderr.write(`${setting}: no such ${unknownCodes.join(', ')}\n`);
      await database.close();
      process.exit(2);
    }
  }
  if (config.DICOM_WORKLIST_UNLISTED === 'refuse' && config.DICOM_WORKLIST_AE_SCOPES.size === 0) {
    log.warn('DICOM_WORKLIST_UNLISTED=refuse with no AE on DICOM_WORKLIST_AE_SCOPES: no modality gets a worklist');
  }

  const { app, startDraining, services } = await buildApp({ config, database, loggerInstance: log });
  // Jobs before the listener: an action that queues one (unzip, DICOM delete) may come with the first request.
  // SIGTERM stops them through app.close(): running handlers are asked to stop and waited for, then retried later.
  await services.jobs.start({ workers: true });
  if (config.DEMO_IMAGES === 'on') await primeArrivingImages(database.db, services.arrivingImages);
  // The published demo passwords stay off the network unless HOST says otherwise (SEC80).
  const demoLogins = seeded === 'demo' || (await demoLoginsInUse(database.db));
  const bind = chooseBindHost(config.HOST, demoLogins);
  await app.listen({ host: bind.host, port: config.PORT });
  log.info({ ms: Date.now() - started, host: bind.host, port: config.PORT, bind: bind.reason }, 'listening');
  const ready = readyLines({
    url: browseUrl(bind.host, config.PORT),
    bind,
    demoLogins,
    demoUser: 'admin',
    demoPassword: DEMO_PASSWORD,
    demoImagesPending: config.DEMO_IMAGES === 'on' && services.arrivingImages.size > 0,
  });
  log.info({ url: browseUrl(bind.host, config.PORT), bind: bind.reason }, ready.join('\n'));
  // Demo images arrive after the server listens (a fresh demo database; resumed if a start was interrupted).
  const demoImages =
    config.DEMO_IMAGES === 'on'
      ? startPendingDemoImages(database.db, services.archive, {
          tempDir: path.resolve(config.DATA_DIR, 'tmp', 'demo-images'),
          log: log.child({ component: 'demo-images' }),
          arriving: services.arrivingImages,
          relaxCommits: database.engine === 'pglite',
        })
      : null;

  // After a crash: files the store was writing are checked against the index (a file without its row, or a row whose
  // file is short, was never acknowledged and goes); then counts left short (images acknowledged just before it,
  // their recount not yet run) are set right.
  const leftovers = await services.archive.settleCrashLeftovers();
  if (leftovers.checked) log.info(leftovers, 'dicom files left by a crash checked');
  const recounted = await services.archive.repairCounts();
  log.info({ studies: recounted }, 'dicom counts checked');

  // DICOM: C-ECHO, C-STORE into the archive, Modality Worklist from the scheduled exams, Study Root C-FIND, C-GET and
  // C-MOVE (to DICOM_MOVE_DESTINATIONS) for the workstations on DICOM_QUERY_AE_TITLES. DICOM_PORT=0 turns it off.
  let dicom: DicomListener | null = null;
  if (config.DICOM_PORT !== 0) {
    // Only known AEs may store and query the worklist (issue 23 item 5); DICOM_ALLOWED_AE_TITLES=* opens it to any.
    const callingAes = callingAePolicy({
      allowed: config.DICOM_ALLOWED_AE_TITLES,
      named: [...config.DICOM_QUERY_AE_TITLES.keys(), ...config.DICOM_WORKLIST_AE_SCOPES.keys()],
      stored: await storedDicomPeers(database.db),
    });
    if (callingAes !== 'any' && callingAes.length === 0) {
      log.warn(
        'no DICOM AE title is listed: every association is rejected; list modalities in DICOM_ALLOWED_AE_TITLES (README: DICOM peers)',
      );
    } else {
      log.info({ callingAes }, 'DICOM calling AE titles accepted');
    }
    dicom = createDicomListener({
      host: config.DICOM_HOST ?? bind.host,
      port: config.DICOM_PORT,
      aeTitle: config.DICOM_AE_TITLE,
      allowedCallingAeTitles: callingAes,
      archive: services.archive,
      worklist: new ModalityWorklist(
        database.db,
        services.examState,
        undefined,
        config.DICOM_WORKLIST_AE_SCOPES,
        config.DICOM_WORKLIST_UNLISTED,
      ),
      query: new ArchiveFind(database.db, new AuditService(database.db), undefined, config.DICOM_QUERY_AE_TITLES),
      retrieve: new ArchiveGet(
        database.db,
        services.archive,
        new AuditService(database.db),
        config.DICOM_QUERY_AE_TITLES,
      ),
      queryAeTitles: [...config.DICOM_QUERY_AE_TITLES.keys()],
      characterSets: {
        assumed: config.DICOM_AE_ASSUMED_CHARACTER_SETS,
        answers: config.DICOM_AE_ANSWER_CHARACTER_SETS,
      },
      tls: config.dicomTls,
      moveDestinations: config.DICOM_MOVE_DESTINATIONS,
      // Storage Commitment results the modality no longer waits for on its association go to its address listed there.
      storageCommitment: new StorageCommitment(database.db),
      mpps: new ModalityPerformedProcedureSteps(
        database.db,
        services.examState,
        config.DICOM_WORKLIST_AE_SCOPES,
        config.DICOM_WORKLIST_UNLISTED,
      ),
      associationRequestTimeoutMs: config.DICOM_ASSOCIATION_REQUEST_TIMEOUT_SECONDS * 1000,
      maxAssociations: config.DICOM_MAX_ASSOCIATIONS,
      maxConnectionsPerAddress: config.DICOM_MAX_CONNECTIONS_PER_ADDRESS,
      tempDir: path.resolve(config.DATA_DIR, 'tmp', 'dimse'),
      logger: log.child({ component: 'dimse' }),
    });
    await dicom.start();
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'draining');
    startDraining();
    const force = setTimeout(() => {
      log.error('shutdown timed out');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      // Both stop accepting and let work in flight finish (C-STOREs need the database), then the database closes.
      await Promise.all([app.close(), dicom?.stop(), demoImages?.stop()]);
      // The listener may have stored images while the app closed: their recount runs before the database closes.
      await services.archive.close();
      await database.close();
      log.info('stopped');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(`Rangsi failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
