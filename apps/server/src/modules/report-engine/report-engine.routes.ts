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
import { thai } from '../../i18n/catalogue';
import { contentDisposition } from '../../http/content-disposition';
import type { ReportEngine } from './registry';
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
 * 'authenticated' + scope 'report'). Errors of the frame's POST answer a small Thai HTML page with the same status
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
        if (typeof body !== 'object' || Array.isArray(body))
          throw new DomainError(400, 'พารามิเตอร์ของรายงานต้องเป็นฟอร์ม (name=value)', 'VALIDATION');
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

/** The frame's error page: status and Thai message as the JSON answer would carry them, rendered (escaped) by React. */
function sendErrorPage(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  let status = 500;
  let message = 'Something went wrong!';
  let errors: { field: string; message: string }[] = [];
  if (err instanceof DomainError) {
    status = err.status;
    message = err.message;
    errors = (err.errors ?? []).map((e) => ({ field: e.field, message: thai(e.message) }));
  } else if (hasZodFastifySchemaValidationErrors(err)) {
    status = 400;
    message = 'ข้อมูลไม่ถูกต้อง';
    errors = err.validation.map((v) => ({
      field: v.instancePath.replace(/^\//, ''),
      message: v.message ?? 'ข้อมูลไม่ถูกต้อง',
    }));
  } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    status = err.statusCode;
    message = status === 413 ? 'ข้อมูลที่ส่งมีขนาดใหญ่เกินกำหนด' : status === 415 ? 'รูปแบบข้อมูลที่ส่งไม่รองรับ' : 'คำขอไม่ถูกต้อง';
  } else {
    request.log.error({ err }, 'unhandled error');
  }
  return reply
    .status(status)
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(`<!doctype html>${renderToStaticMarkup(createElement(ErrorPage, { status, message, errors }))}`);
}
