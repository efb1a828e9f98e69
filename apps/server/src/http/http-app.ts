import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { languageOf } from '../i18n/language';
import { envelopeOf, registerErrorHandler } from './error-handler';
import { httpError } from './http.errors';
import { registerInputGuard } from './input-guard';
import { redactedError } from './log-redaction';

/** Every route registered, with its declared access (a test walks them). */
export type RouteRegistry = { method: string | string[]; url: string; access: unknown }[];

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

export interface HttpAppOptions {
  logger: { options: FastifyServerOptions['logger'] } | { instance: FastifyServerOptions['loggerInstance'] };
  bodyLimit: number;
  /** The proxies whose X-Forwarded-* count (TRUST_PROXY); none when empty. */
  trustProxy: string[];
  cookieSecret: string;
}

/**
 * The Fastify instance every module registers on: zod schemas, the one error handler, the input guard, cookies,
 * multipart uploads and the OpenAPI document; `routes` lists every route with the access it declares.
 */
export async function createHttpApp(opts: HttpAppOptions): Promise<{ app: FastifyInstance; routes: RouteRegistry }> {
  const app = Fastify({
    ...('instance' in opts.logger ? { loggerInstance: opts.logger.instance } : { logger: opts.logger.options }),
    // Fastify's own request lines carry raw URLs (query strings can hold names and HNs); we log route patterns instead.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: opts.bodyLimit,
    // Only the listed proxies' X-Forwarded-* count (decision sec43): otherwise any client could set its own address and Host.
    trustProxy: opts.trustProxy.length ? opts.trustProxy : false,
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
  const routes: RouteRegistry = [];
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
  await app.register(fastifyCookie, { secret: opts.cookieSecret });
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
  return { app, routes };
}

/** GET /api/docs: the OpenAPI document of every route registered before it. */
export async function openApiRoute(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/docs',
    { config: { access: { permission: 'public', scope: 'none' } }, schema: { hide: true } },
    async () => app.swagger(),
  );
}
