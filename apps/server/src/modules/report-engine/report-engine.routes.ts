import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyFormbody from '@fastify/formbody';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { z } from 'zod';
import { ReportListQuerySchema, ReportSchema, ReportViewerParamsSchema, envelope } from '@rangsi/contract';
import { requireUser } from '../../auth/auth.plugin';
import { DomainError } from '../../http/domain-error';
import { envelopeOf } from '../../http/error-handler';
import { languageOfRequest } from '../../http/request-language';
import { msg, render } from '../../i18n/catalogue';
import { contentDisposition } from '../../http/content-disposition';
import type { ReportEngine } from './registry';
import { reportEngineError } from './report-engine.errors';
import { ErrorPage } from './templates/error-page';

const tags = ['reports'];

/** A browser navigating a frame (the hidden form's POST) asks for HTML; API clients and tests do not. */
function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') && !accept.startsWith('application/json');
}

/**
 * Spec §7 Reports: GET /api/reports/reportlist and POST /ReportViewer/{reportName}. Both need a session; what a user
 * may list or run is each definition's permission and scope, checked by the engine (so the routes declare
 * 'authenticated' + scope 'report'). Errors of the frame's POST answer a small HTML page with the same status
 * when a browser navigates (the frame would otherwise show raw JSON); other clients get the JSON envelope.
 */
export function reportEngineRoutes(engine: ReportEngine) {
  return async function plugin(app: FastifyInstance): Promise<void> {
    const parent = app.errorHandler;
    app.setErrorHandler((err: FastifyError, request, reply) => {
      if (!wantsHtml(request)) return parent.call(app, err, request, reply);
      return sendErrorPage(err, request, reply);
    });

    // The report frame's hidden form posts name=value pairs (spec §7); only these routes parse form bodies (decision sec40).
    await app.register(fastifyFormbody);
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/reports/reportlist',
      {
        config: { access: { permission: 'authenticated', scope: 'report' } },
        schema: { querystring: ReportListQuerySchema, response: { 200: envelope(z.array(ReportSchema)) }, tags },
      },
      async (req) => ({ success: true, data: await engine.list(requireUser(req), req.query) }),
    );

    r.post(
      '/ReportViewer/:reportName',
      {
        config: { access: { permission: 'authenticated', scope: 'report' } },
        schema: {
          params: ReportViewerParamsSchema,
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          description:
            'Renders a registered report with the url-encoded parameters; answers application/pdf, inline, for a frame.',
          tags,
        },
      },
      async (req, reply) => {
        const body: unknown = req.body ?? {};
        if (typeof body !== 'object' || Array.isArray(body)) throw reportEngineError('REPORT_FORM_BODY');
        const out = await engine.render(req.params.reportName, body, requireUser(req));
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', contentDisposition('inline', out.fileName))
          .header('cache-control', 'private, no-store')
          .send(out.pdf);
      },
    );
  };
}

/** The frame's error page: status and message as the JSON answer would carry them, rendered (escaped) by React. */
function sendErrorPage(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const language = languageOfRequest(request);
  let status = 500;
  let message = render(msg('SOMETHING_WRONG'), language);
  let errors: { field: string; message: string }[] = [];
  if (err instanceof DomainError) {
    const envelope = envelopeOf(err, language);
    status = err.status;
    message = envelope.message;
    errors = envelope.errors ?? [];
  } else if (hasZodFastifySchemaValidationErrors(err)) {
    status = 400;
    message = render(msg('INVALID'), language);
    errors = err.validation.map((v) => ({
      field: v.instancePath.replace(/^\//, ''),
      message: v.message ?? render(msg('INVALID'), language),
    }));
  } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    status = err.statusCode;
    const said = status === 413 ? 'BODY_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
    message = render(msg(said), language);
  } else {
    request.log.error({ err }, 'unhandled error');
  }
  const title = render(msg('REPORT_PAGE_TITLE'), language);
  return reply
    .status(status)
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html>${renderToStaticMarkup(createElement(ErrorPage, { language, title, status, message, errors }))}`,
    );
}
