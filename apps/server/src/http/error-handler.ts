import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from './domain-error';

const SOMETHING_WRONG = 'Something went wrong!';

/** Maps every error to the envelope; a client can never cause a 500, and 5xx text never reaches the client. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof DomainError) {
      return reply.status(err.status).send({
        success: false,
        message: err.message,
        ...(err.data ? { data: err.data } : {}),
        ...(err.errors ? { errors: err.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        field:
          `${v.instancePath.replace(/^\//, '').replace(/\//g, '.')}` ||
          (v.params?.issue as { path?: unknown[] } | undefined)?.path?.join('.') ||
          '',
        message: v.message ?? 'ข้อมูลไม่ถูกต้อง',
      }));
      const where = err.validationContext ?? 'body';
      return reply.status(400).send({
        success: false,
        message: `ข้อมูลไม่ถูกต้อง (${where}): ${errors.map((e) => (e.field ? `${e.field} ${e.message}` : e.message)).join(', ')}`,
        errors,
      });
    }
    if (isMalformedMultipart(err)) {
      return reply.status(400).send({ success: false, message: 'ข้อมูลที่อัปโหลดไม่สมบูรณ์ กรุณาส่งไฟล์ใหม่ (malformed upload)' });
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ success: false, message: 'ข้อมูลที่ส่งมีขนาดใหญ่เกินกำหนด' });
    }
    if (status === 415 || err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ success: false, message: 'รูปแบบข้อมูลที่ส่งไม่รองรับ' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, bad content length …): their text names the problem, not our internals.
      return reply.status(status).send({ success: false, message: clientMessage(err) });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ success: false, message: SOMETHING_WRONG });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ success: false, message: 'ไม่พบข้อมูล' });
  });
}

// The multipart parser (busboy/dicer) throws plain Errors, without a status, for bodies a client cut short or sent
// without a boundary; they are the client's fault, not ours. Matched by message because busboy has no error codes.
const MULTIPART_PARSE_ERROR =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|The needle cannot (be an empty|have a length bigger)|Unsupported Content-Type\.)/;

function isMalformedMultipart(err: FastifyError): boolean {
  return err.statusCode === undefined && MULTIPART_PARSE_ERROR.test(err.message ?? '');
}

function clientMessage(err: FastifyError): string {
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) return 'รูปแบบ JSON ไม่ถูกต้อง';
  if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'ไม่มีข้อมูลที่ส่งมา';
  return err.message || 'คำขอไม่ถูกต้อง';
}
