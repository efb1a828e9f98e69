import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync, FastifyServerOptions } from 'fastify';
import { registerReadAudit } from './audit/audit-reads';
import { auditRoutes } from './audit/audit.routes';
import { AuditSearch } from './audit/audit-search.repository';
import { AuditService } from './audit/audit.service';
import { registerAccessGuard } from './auth/auth.plugin';
import type { AuthService } from './auth/auth.service';
import { storedSessionSecret } from './auth/session-secret';
import { ArrivingImages } from './dicom/arriving-images';
import type { TokenService } from './auth/token.service';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { createDicomImageLifecycle, type DicomImageLifecycle } from './dicom/cold/dicom-image-lifecycle';
import { dicomwebRoutes } from './dicom/dicomweb/index';
import { createArchive, type LocalDicomArchive } from './dicom/index';
import { ThumbnailService } from './dicom/thumbnails/thumbnail.service';
import { createHttpApp, loggerOptions, openApiRoute, type RouteRegistry } from './http/http-app';
import { registerPublicOrigin } from './http/public-origin';
import { registerSameOriginGuard } from './http/same-origin';
import { originOf, registerSecurityHeaders } from './http/security-headers';
import { JobQueue } from './jobs/job-queue';
import { accountingModule } from './modules/accounting/accounting.module';
import { apiCredentialsModule } from './modules/api-credentials/api-credentials.module';
import { backupModule } from './modules/backup/backup.module';
import { billingModule } from './modules/billing/billing.module';
import { chatAccountsModule } from './modules/chat-accounts/chat-accounts.module';
import { dicomExportModule } from './modules/dicom-export/dicom-export.module';
import { documentsModule } from './modules/documents/documents.module';
import { createExamState, type ExamStateWriter } from './modules/exams/exam-state';
import { examsModule } from './modules/exams/exams.module';
import type { ExamsService } from './modules/exams/exams.service';
import { patientsModule } from './modules/patients/patients.module';
import { examReportsModule } from './modules/radiology-reports/reports.module';
import { reportEngine } from './modules/report-engine/report-engine.plugin';
import { requestsModule } from './modules/requests/requests.module';
import { uidataModule } from './modules/uidata/uidata.module';
import { unmatchedStudiesModule } from './modules/unmatched-studies/unmatched-studies.module';
import { usersModule } from './modules/users/users.module';
import { viewerModule } from './modules/viewer/viewer.module';
import { weasisModule } from './modules/weasis/weasis.module';
import { defineDatabaseMaintenance } from './ops/maintenance/database-maintenance';
import { createMetrics, registerRequestMetrics, type Metrics } from './ops/metrics';
import { opsRoutes } from './ops/ops.routes';
import { createChromiumPdfRenderer, type PdfRenderer } from './pdf/pdf-renderer';
import { createFileStore } from './storage/create-file-store';
import { LocalFileStore } from './storage/local-file-store';
import { S3FileStore } from './storage/s3-file-store';
import { spaRoutes } from './web/spa.routes';

export { loggerOptions };

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** A pino logger already made by main.ts, shared with boot logging. */
  loggerInstance?: FastifyServerOptions['loggerInstance'];
}

export interface App {
  app: FastifyInstance;
  metrics: Metrics;
  services: {
    auth: AuthService;
    audit: AuditService;
    exams: ExamsService;
    /** The one writer of exams and exam_events (the DICOM listener's worklist needs it too). */
    examState: ExamStateWriter;
    archive: LocalDicomArchive;
    thumbnails: ThumbnailService;
    /** Query tokens (viewer, Weasis, export, film link). */
    tokens: TokenService;
    /** Not started by buildApp: main.ts starts it with workers, tests without (and run jobs with drain()). */
    jobs: JobQueue;
    dicomImages: DicomImageLifecycle;
    /** Prints reports and stickers; Chromium starts on the first document. */
    pdf: PdfRenderer;
    /** Exams whose images are on their way (the demo's background run fills it); the worklist shows them arriving. */
    arrivingImages: ArrivingImages;
  };
  /** Every route registered, with its declared access (a test walks them). */
  routes: RouteRegistry;
  /** Marks the process as draining: /readyz answers 503 so a load balancer stops sending work. */
  startDraining: () => void;
}

/** Builds the whole HTTP application on a database; tests use it with app.inject, main.ts adds the listeners. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const db = database.db;
  const now = deps.now ?? (() => new Date());
  const secret = config.sessionSecret || (await storedSessionSecret(db));
  const { app, routes } = await createHttpApp({
    logger: deps.loggerInstance
      ? { instance: deps.loggerInstance }
      : { options: deps.logger ?? loggerOptions(config.LOG_LEVEL) },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    cookieSecret: secret,
  });
  const log = app.log;
  const metrics = createMetrics();
  registerRequestMetrics(app, metrics);

  // ---- infrastructure: audit, files, jobs, printing, the DICOM archive ----
  const audit = new AuditService(db, now);
  const filesRoot = path.resolve(config.DATA_DIR, 'files');
  const files = createFileStore(config);
  // A bucket that is unreachable or refuses the keys stops the start with the setting to fix, not the first upload.
  if (files instanceof S3FileStore) await files.check();
  // Durable jobs (pg-boss on this database): main.ts starts them with workers, tests start them without and drain.
  const jobs = new JobQueue(db, log);
  defineDatabaseMaintenance(jobs, database, log);
  const pdf = createChromiumPdfRenderer({ executablePath: config.CHROMIUM_PATH, poolSize: config.PDF_PAGE_POOL });
  const examState = createExamState(db);
  const dicomImages = createDicomImageLifecycle({
    db,
    examState,
    queue: jobs,
    hotStore: files,
    hotRoot: filesRoot,
    coldRoot: config.DICOM_COLD_DIR ? path.resolve(config.DICOM_COLD_DIR) : filesRoot,
    settings: { archiveAfterDays: config.DICOM_ARCHIVE_AFTER_DAYS, purgeAfterHours: config.DICOM_PURGE_AFTER_HOURS },
    now,
    audit,
    log,
  });
  const archive = createArchive(db, files, examState, {
    now,
    log,
    assumedCharacterSet: config.DICOM_ASSUMED_CHARACTER_SET,
  });
  // A DICOM delete unlinks studies and empties series: the next image of one takes the full path and links afresh.
  dicomImages.onImagesHidden(() => archive.forgetSeries());
  const thumbnails = new ThumbnailService(db, files, { log });
  thumbnails.attach(archive);
  app.addHook('onClose', async () => {
    await jobs.stop();
    await pdf.close();
    // Delayed recounts run before the database closes; the store's writer thread stops after them.
    await archive.close();
    if (files instanceof LocalFileStore) await files.close();
    thumbnails.close();
  });

  // ---- modules, each wired by its <name>.module.ts from what it needs ----
  const users = usersModule({
    db,
    audit,
    now,
    ttlMs: config.SESSION_TTL_HOURS * 3_600_000,
    cookieSecure: config.COOKIE_SECURE,
  });
  const { auth, tokens, issueToken } = users;
  const apiCredentials = apiCredentialsModule({ db, audit, attempts: users.attempts, now });
  const chatAccounts = chatAccountsModule({
    db,
    audit,
    jobs,
    log,
    now,
    login:
      config.LINE_LOGIN_CHANNEL_ID && config.LINE_LOGIN_CHANNEL_SECRET
        ? {
            channelId: config.LINE_LOGIN_CHANNEL_ID,
            channelSecret: config.LINE_LOGIN_CHANNEL_SECRET,
            loginUrl: config.LINE_LOGIN_URL,
            apiUrl: config.LINE_API_URL,
          }
        : null,
    push: config.LINE_MESSAGING_CHANNEL_TOKEN
      ? { apiUrl: config.LINE_API_URL, channelToken: config.LINE_MESSAGING_CHANNEL_TOKEN }
      : null,
    publicBaseUrl: config.PUBLIC_BASE_URL ?? null,
  });
  const uidata = uidataModule({
    db,
    gatewayUrl: config.GATEWAY_URL,
    idCardReaderUrl: config.ID_CARD_READER_URL,
    cdHelperUrl: config.CD_HELPER_URL,
    radiantHelperUrl: config.RADIANT_HELPER_URL,
    lineLoginPath: chatAccounts.loginDialogPath,
  });
  const patients = patientsModule({
    db,
    files,
    audit,
    uidata: uidata.service,
    confirmPassword: (id, pw) => auth.confirmPassword(id, pw),
    now,
    examState,
  });
  const arrivingImages = new ArrivingImages();
  const exams = examsModule({
    db,
    examState,
    audit,
    now,
    images: dicomImages,
    issueToken,
    arrivingImages,
    // The assigned doctor's LINE notice is queued in the assignment's own transaction (decision ln05).
    onAssigned: chatAccounts.examAssigned,
  });
  const documents = documentsModule({ db, exams: exams.service, files });
  const radiologyReports = examReportsModule({
    db,
    jobs,
    log,
    gatewayUrl: config.REPORT_GATEWAY_URL,
    exams: exams.service,
    examState,
    files,
    pdf,
    audit,
    now,
  });
  const requests = requestsModule({
    db,
    examState,
    documents: documents.service,
    uidata: uidata.service,
    files,
    audit,
    now,
    linkAuth: { users: auth, tokens },
    linkReports: {
      // A film link shows a released report as the link (never as its maker); the radiology reports module prints it.
      secret: `${secret}:film-link-report`,
      pdf: (principal, examId, finishedReportId) =>
        radiologyReports.service.finishedPdf(principal, examId, finishedReportId),
    },
    linkImages: {
      // The exam's stored series, read as the link: the first one's stored thumbnail, else its first image rendered.
      firstThumbnail: async (principal, examId) => {
        const series = await exams.service.series(principal, examId);
        const first = series.find((s) => s.thumbnail) ?? series[0];
        return first ? (first.thumbnail ?? `/api/exam/${examId}/series/${first.seriesId}/preview`) : null;
      },
    },
    attempts: users.attempts,
    nhsoServiceUrl: config.NHSO_SERVICE_URL ?? null,
  });
  tokens.setLinkCheck((linkId) => requests.links.isLive(linkId));
  const billing = billingModule({
    db,
    requests: requests.service,
    patients: patients.service,
    audit,
    now,
    promptPayBillerId: config.PROMPTPAY_BILLER_ID,
  });

  // ---- request guards, before any route (every answer, errors and 404s included, passes them) ----
  registerReadAudit(app, audit, db);
  // Cross-site writes are refused first (decision sec40); HTML form bodies are parsed only by the two routes that take them.
  registerPublicOrigin(app, config.PUBLIC_BASE_URL ?? null);
  registerSameOriginGuard(app, config.PUBLIC_BASE_URL ?? null);
  registerAccessGuard(app, auth, tokens, apiCredentials.service);
  registerSecurityHeaders(app, {
    indexHtmlPath: path.join(config.WEB_DIST ?? DEFAULT_WEB_DIST, 'index.html'),
    helperOrigins: async () => {
      const ui = await uidata.service.patientUi();
      const helpers = await uidata.service.workstationHelpers();
      return [ui.gatewayUrl, ui.idCardReaderUrl, config.NHSO_SERVICE_URL, helpers.cdHelperUrl, helpers.radiantHelperUrl]
        .map(originOf)
        .filter((o): o is string => o !== null);
    },
    cacheOrigins: async () =>
      (await uidata.service.branchImageCacheUrls()).map(originOf).filter((o): o is string => o !== null),
  });

  // ---- the routes, in this order (the report engine before the reports that register their definitions in it) ----
  let draining = false;
  const plugins: FastifyPluginAsync[] = [
    opsRoutes({ metrics, ping: () => database.ping(), isDraining: () => draining }),
    auditRoutes(new AuditSearch(db)),
    users.plugin,
    apiCredentials.plugin,
    chatAccounts.plugin,
    uidata.plugin,
    patients.plugin,
    exams.plugin,
    documents.plugin,
    requests.plugin,
    reportEngine({ db, pdf, audit, now }),
    radiologyReports,
    billing.plugin,
    dicomwebRoutes({ db, audit, archive, dataDir: config.DATA_DIR }),
    viewerModule({ db, exams: exams.service, archive, thumbnails, issueToken }),
    exams.dicomImportPlugin(archive, path.resolve(config.DATA_DIR, 'tmp', 'dicom')),
    unmatchedStudiesModule({ db, archive, exams: exams.service, audit }),
    weasisModule({ db, exams: exams.service, audit, issueToken, aeTitle: config.DICOM_AE_TITLE }).plugin,
    dicomExportModule({ db, exams: exams.service, archive, dataDir: config.DATA_DIR, now, log }).plugin,
    backupModule({ database, jobs, audit, config, now, log }).plugin,
    accountingModule({ db, files, audit, now, receipts: billing.receipts }).plugin,
    openApiRoute,
    spaRoutes({ distDir: config.WEB_DIST ?? DEFAULT_WEB_DIST, auth }),
  ];
  for (const plugin of plugins) await app.register(plugin);

  return {
    app,
    metrics,
    routes,
    services: {
      auth,
      tokens,
      audit,
      exams: exams.service,
      examState,
      archive,
      thumbnails,
      jobs,
      dicomImages,
      pdf,
      arrivingImages,
    },
    startDraining: () => {
      draining = true;
    },
  };
}
