import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { AuditService } from './audit/audit.service';
import { registerReadAudit } from './audit/audit-reads';
import { AuditSearch, auditRoutes } from './audit/audit.routes';
import { registerAccessGuard } from './auth/auth.plugin';
import { AuthService } from './auth/auth.service';
import { memberRoutes } from './modules/users/member.routes';
import { SessionRepository } from './auth/session.repository';
import { TokenService } from './auth/token.service';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { branches, siteConfig } from './db/schema/index';
import { AttemptLimiter } from './http/attempt-limiter';
import { languageOf } from './i18n/language';
import { envelopeOf, registerErrorHandler } from './http/error-handler';
import { httpError } from './http/http.errors';
import { registerInputGuard } from './http/input-guard';
import { redactedError } from './http/log-redaction';
import { registerPublicOrigin } from './http/public-origin';
import { registerSameOriginGuard } from './http/same-origin';
import { originOf, registerSecurityHeaders } from './http/security-headers';
import { UsersRepository } from './modules/users/users.repository';
import type { IssueExamToken } from './modules/exams/exams.routes';
import type { ExamsService } from './modules/exams/exams.service';
import { examsModule } from './modules/exams/exams.module';
import { documentsModule } from './modules/documents/documents.module';
import { patientsModule } from './modules/patients/patients.module';
import { requestsModule } from './modules/requests/requests.module';
import { uidataModule } from './modules/uidata/uidata.module';
import { unmatchedStudiesModule } from './modules/unmatched-studies/unmatched-studies.module';
import { viewerModule } from './modules/viewer/viewer.module';
import { reportGatewayModule } from './modules/report-gateway/report-gateway.module';
import { createFileStore } from './storage/create-file-store';
import { LocalFileStore } from './storage/local-file-store';
import { S3FileStore } from './storage/s3-file-store';
import { createArchive, type LocalDicomArchive } from './dicom/index';
import { dicomwebRoutes } from './dicom/dicomweb/index';
import { ThumbnailService } from './dicom/thumbnails/thumbnail.service';
import { weasisRoutes } from './modules/weasis/weasis.routes';
import { dicomExportRoutes } from './modules/dicom-export/export.routes';
import { createMetrics, type Metrics } from './ops/metrics';
import { opsRoutes } from './ops/ops.routes';
import { spaRoutes } from './web/spa.routes';
import { JobQueue } from './jobs/job-queue';
import { defineDatabaseMaintenance } from './ops/maintenance/database-maintenance';
import { createDicomImageLifecycle, type DicomImageLifecycle } from './dicom/cold/dicom-image-lifecycle';
import { createChromiumPdfRenderer, type PdfRenderer } from './pdf/pdf-renderer';
import { reportEngine } from './modules/report-engine/report-engine.plugin';
import { examReportsModule } from './modules/radiology-reports/reports.module';
import { backupModule } from './modules/backup/backup.module';
import { billingModule } from './modules/billing/billing.module';
import { accountingModule } from './modules/accounting/accounting.module';

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
    archive: LocalDicomArchive;
    thumbnails: ThumbnailService;
    /** Query tokens (viewer, Weasis, export, film link). */
    tokens: TokenService;
    /** Not started by buildApp: main.ts starts it with workers, tests without (and run jobs with drain()). */
    jobs: JobQueue;
    dicomImages: DicomImageLifecycle;
    /** Prints reports and stickers; Chromium starts on the first document. */
    pdf: PdfRenderer;
  };
  /** Every route registered, with its declared access (a test walks them). */
  routes: { method: string | string[]; url: string; access: unknown }[];
  /** Marks the process as draining: /readyz answers 503 so a load balancer stops sending work. */
  startDraining: () => void;
}

/** Pino options that never log patient data: route patterns, not URLs (query strings can hold names and HNs). */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: {
      req: (req: { method: string; routeOptions?: { url?: string }; id: string }) => ({
        method: req.method,
        route: req.routeOptions?.url,
        id: req.id,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      // Database errors carry the query's bound parameters (patient names, HNs, birth dates): never logged.
      err: redactedError as (err: Error) => never,
      error: redactedError as (err: Error) => never,
    },
    redact: ['req.headers.cookie', 'req.headers.authorization', 'body', 'password'],
  };
}

/** Builds the whole HTTP application on a database; tests use it with app.inject, main.ts adds the listeners. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const db = database.db;
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    ...(deps.loggerInstance
      ? { loggerInstance: deps.loggerInstance }
      : { logger: deps.logger ?? loggerOptions(config.LOG_LEVEL) }),
    // Fastify's own request lines carry raw URLs (query strings can hold names and HNs); we log route patterns instead.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Only the listed proxies' X-Forwarded-* count (decision sec43): otherwise any client could set its own address and Host.
    trustProxy: config.TRUST_PROXY.length ? config.TRUST_PROXY : false,
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false },
    // The router's own refusals (bad %-escapes, over-long path segments) bypass the error handler and echo the URL,
    // which can hold a patient's name, with Fastify's internal codes: answer them as any other bad input.
    frameworkErrors: (_err, request, reply) => {
      (reply as FastifyReply)
        .code(400)
        .send(envelopeOf(httpError('INVALID_URL'), languageOf(request.headers['accept-language'])));
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);
  const routes: App['routes'] = [];
  app.addHook('onRoute', (r) => {
    r.config ??= {};
    const config = r.config as { access?: unknown };
    // Read lazily: a plugin's own onRoute hook may declare access after this one ran.
    routes.push({
      method: r.method,
      url: r.url,
      get access() {
        return config.access;
      },
    });
  });

  const metrics = createMetrics();
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const seconds = reply.elapsedTime / 1000;
    metrics.httpDuration.labels(request.method, route, String(reply.statusCode)).observe(seconds);
    request.log.info(
      { method: request.method, route, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });

  const secret = config.sessionSecret || (await storedSessionSecret(database));
  await app.register(fastifyCookie, { secret });
  // One file per upload, streamed to disk (never buffered whole); documents are capped at 50 MB.
  await app.register(fastifyMultipart, {
    limits: { fileSize: 50 * 1024 * 1024, files: 1, fields: 10, fieldSize: 10_000 },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Rangsi API',
        version: '1.0.0',
        description: 'Radiology RIS/PACS front desk. Paths as in the product specification §7.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'rangsi_session' } } },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });

  const ttlMs = config.SESSION_TTL_HOURS * 3_600_000;
  const users = new UsersRepository(db);
  const sessions = new SessionRepository(db);
  // One count of failed guesses (passwords, film-link PINs) for the process (decision sec42).
  const attempts = new AttemptLimiter(now);
  const auth = new AuthService(users, sessions, ttlMs, now, attempts);
  // Query tokens: a film link's work only while the link does (the links module answers, wired below).
  const tokens = new TokenService({ sessions, auth, now });
  const issueToken: IssueExamToken = (user, examId, purpose, ttl) => tokens.issueForPerson(user, examId, purpose, ttl);
  const audit = new AuditService(db, now);
  registerReadAudit(app, audit, db);
  // Cross-site writes are refused first (decision sec40); HTML form bodies are parsed only by the two routes that take them.
  registerPublicOrigin(app, config.PUBLIC_BASE_URL ?? null);
  registerSameOriginGuard(app, config.PUBLIC_BASE_URL ?? null);
  registerAccessGuard(app, auth, tokens);
  // Before any route plugin, so that every response (errors and 404s included) carries them (decision sec41).
  registerSecurityHeaders(app, {
    indexHtmlPath: path.join(config.WEB_DIST ?? DEFAULT_WEB_DIST, 'index.html'),
    helperOrigins: async () => {
      const ui = await uidata.patientUi();
      return [ui.gatewayUrl, ui.idCardReaderUrl, config.NHSO_SERVICE_URL]
        .map(originOf)
        .filter((o): o is string => o !== null);
    },
    cacheOrigins: async () => {
      const rows = await db.select({ url: branches.imageCacheUrl }).from(branches);
      return rows.map((r) => originOf(r.url)).filter((o): o is string => o !== null);
    },
  });

  let draining = false;
  await app.register(opsRoutes({ metrics, ping: () => database.ping(), isDraining: () => draining }));
  await app.register(auditRoutes(new AuditSearch(db)));
  await app.register(memberRoutes({ auth, audit, ttlMs, cookieSecure: config.COOKIE_SECURE }));
  const uidataMod = uidataModule({ db, gatewayUrl: config.GATEWAY_URL, idCardReaderUrl: config.ID_CARD_READER_URL });
  const uidata = uidataMod.service;
  await app.register(uidataMod.plugin);
  const filesRoot = path.resolve(config.DATA_DIR, 'files');
  const files = createFileStore(config);
  // A bucket that is unreachable or refuses the keys stops the start with the setting to fix, not the first upload.
  if (files instanceof S3FileStore) await files.check();
  const patientsMod = patientsModule({
    db,
    files,
    audit,
    uidata,
    confirmPassword: (id, pw) => auth.confirmPassword(id, pw),
    now,
  });
  const patients = patientsMod.service;
  await app.register(patientsMod.plugin);
  // Durable jobs (pg-boss on this database): main.ts starts them with workers, tests start them without and drain.
  const jobs = new JobQueue(db, app.log);
  app.addHook('onClose', async () => jobs.stop());
  defineDatabaseMaintenance(jobs, database, app.log);
  const dicomImages = createDicomImageLifecycle({
    db,
    queue: jobs,
    hotStore: files,
    hotRoot: filesRoot,
    coldRoot: config.DICOM_COLD_DIR ? path.resolve(config.DICOM_COLD_DIR) : filesRoot,
    settings: { archiveAfterDays: config.DICOM_ARCHIVE_AFTER_DAYS, purgeAfterHours: config.DICOM_PURGE_AFTER_HOURS },
    now,
    audit,
    log: app.log,
  });
  const examsMod = examsModule({ db, audit, now, images: dicomImages, issueToken });
  const exams = examsMod.service;
  await app.register(examsMod.plugin);
  await app.register(documentsModule({ db, exams, files }));
  await app.register(
    reportGatewayModule({ db, jobs, exams, audit, now, log: app.log, url: config.REPORT_GATEWAY_URL }),
  );
  const pdf = createChromiumPdfRenderer({ executablePath: config.CHROMIUM_PATH, poolSize: config.PDF_PAGE_POOL });
  app.addHook('onClose', async () => pdf.close());
  // Made before the requests module, registered after the report engine (it registers its definition there).
  const examReports = examReportsModule({ db, exams, files, pdf, audit, now });
  const requestsMod = requestsModule({
    db,
    files,
    audit,
    now,
    linkAuth: { users: auth, tokens },
    linkReports: {
      // A film link shows a released report as the link (never as its maker); the radiology reports module prints it.
      secret: `${secret}:film-link-report`,
      pdf: (principal, examId, finishedReportId) =>
        examReports.service.finishedPdf(principal, examId, finishedReportId),
    },
    attempts,
    nhsoServiceUrl: config.NHSO_SERVICE_URL ?? null,
  });
  const requests = requestsMod.service;
  tokens.setLinkCheck((linkId) => requestsMod.links.isLive(linkId));
  await app.register(requestsMod.plugin);
  await app.register(reportEngine({ db, pdf, audit, now }));
  await app.register(examReports);
  const billing = billingModule({ db, requests, patients, audit, now, promptPayBillerId: config.PROMPTPAY_BILLER_ID });
  await app.register(billing.plugin);
  const archive = createArchive(db, files, { now, log: app.log });
  // Delayed recounts run before the database closes; the store's writer thread stops after them.
  app.addHook('onClose', async () => {
    await archive.close();
    if (files instanceof LocalFileStore) await files.close();
  });
  // A DICOM delete unlinks studies and empties series: the next image of one takes the full path and links afresh.
  dicomImages.onImagesHidden(() => archive.forgetSeries());
  await app.register(dicomwebRoutes({ db, audit, archive, dataDir: config.DATA_DIR }));
  const thumbnails = new ThumbnailService(db, files, { log: app.log });
  thumbnails.attach(archive);
  app.addHook('onClose', async () => thumbnails.close());
  await app.register(viewerModule({ db, exams, archive, thumbnails, issueToken }));
  await app.register(examsMod.dicomImportPlugin(archive, path.resolve(config.DATA_DIR, 'tmp', 'dicom')));
  await app.register(unmatchedStudiesModule({ db, archive, exams, audit }));
  await app.register(weasisRoutes({ db, exams, audit, issueToken, aeTitle: config.DICOM_AE_TITLE }));
  await app.register(dicomExportRoutes({ db, exams, archive, dataDir: config.DATA_DIR, now, log: app.log }));
  await app.register(backupModule({ database, jobs, audit, config, now, log: app.log }).plugin);
  await app.register(accountingModule({ db, files, audit, now, receipts: billing.receipts }).plugin);
  app.get(
    '/api/docs',
    { config: { access: { permission: 'public', scope: 'none' } }, schema: { hide: true } },
    async () => app.swagger(),
  );
  await app.register(spaRoutes({ distDir: config.WEB_DIST ?? DEFAULT_WEB_DIST, auth }));

  return {
    app,
    metrics,
    routes,
    services: { auth, tokens, audit, exams, archive, thumbnails, jobs, dicomImages, pdf },
    startDraining: () => {
      draining = true;
    },
  };
}

/** Outside production a secret is generated once per database, so sessions survive restarts without configuration. */
async function storedSessionSecret(database: DatabaseHandle): Promise<string> {
  const key = '_sessionSecret';
  const [row] = await database.db.select().from(siteConfig).where(eq(siteConfig.key, key)).limit(1);
  if (row && typeof row.value === 'string') return row.value;
  const value = randomBytes(32).toString('base64url');
  await database.db.insert(siteConfig).values({ key, value }).onConflictDoNothing();
  const [again] = await database.db.select().from(siteConfig).where(eq(siteConfig.key, key)).limit(1);
  return typeof again?.value === 'string' ? again.value : value;
}
