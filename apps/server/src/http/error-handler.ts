import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { msg, render, verbatim, type Language, type Message } from '../i18n/catalogue';
import { DomainError, notFound } from './domain-error';
import { statusOf } from './error-kinds';
import { httpError } from './http.errors';
import { languageOfRequest } from './request-language';

/** The envelope of a refusal (ARCHITECTURE §4), in words of one language. */
export interface ErrorEnvelope {
  success: false;
  message: string;
  data?: unknown;
  errors?: { field: string; message: string }[];
}

/** A DomainError as the envelope says it in `language`. */
export function envelopeOf(err: DomainError, language: Language): ErrorEnvelope {
  return {
    success: false,
    message: render(err.userMessage, language),
    ...(err.data ? { data: err.data } : {}),
    ...(err.errors
      ? { errors: err.errors.map((e) => ({ field: e.field, message: render(e.message, language) })) }
      : {}),
  };
}

/** Answers a DomainError without throwing it (a route that has started its reply its own way). */
export function sendRefusal(reply: FastifyReply, err: DomainError): FastifyReply {
  return reply.status(statusOf(err.kind)).send(envelopeOf(err, languageOfRequest(reply.request)));
}

/** Maps every error to the envelope; a client can never cause a 500, and 5xx text never reaches the client. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const language = languageOfRequest(request);
    const refusal = refusalOf(err, language);
    if (refusal) return reply.status(statusOf(refusal.kind)).send(envelopeOf(refusal, language));
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, bad content length …): their text names the problem, not our internals.
      return reply.status(status).send({ success: false, message: render(clientMessage(err), language) });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ success: false, message: render(msg('SOMETHING_WRONG'), language) });
  });

  app.setNotFoundHandler((_request, reply) => {
    sendRefusal(reply, notFound());
  });
}

/** Ours, the schema's and the parsers' refusals as DomainErrors; null for the rest. */
function refusalOf(err: FastifyError, language: Language): DomainError | null {
  if (err instanceof DomainError) return err;
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors = err.validation.map((v) => ({
      field:
        `${v.instancePath.replace(/^\//, '').replace(/\//g, '.')}` ||
        (v.params?.issue as { path?: unknown[] } | undefined)?.path?.join('.') ||
        '',
      message: v.message === undefined ? msg('INVALID') : verbatim(v.message),
    }));
    // The schemas' own messages are Thai whatever the language (packages/contract); the frame around them is not.
    const issues = errors
      .map((e) => (e.field ? `${e.field} ${render(e.message, language)}` : render(e.message, language)))
      .join(', ');
    return httpError('VALIDATION_FAILED', { where: err.validationContext ?? 'body', issues }, { errors });
  }
  if (isMalformedMultipart(err)) return httpError('MALFORMED_UPLOAD');
  const status = err.statusCode ?? 500;
  if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return httpError('BODY_TOO_LARGE');
  if (status === 415 || err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return httpError('UNSUPPORTED_MEDIA_TYPE');
  return null;
}

// The multipart parser (busboy/dicer) throws plain Errors, without a status, for bodies a client cut short or sent
// without a boundary; they are the client's fault, not ours. Matched by message because busboy has no error codes.
const MULTIPART_PARSE_ERROR =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|The needle cannot (be an empty|have a length bigger)|Unsupported Content-Type\.)/;

function isMalformedMultipart(err: FastifyError): boolean {
  return err.statusCode === undefined && MULTIPART_PARSE_ERROR.test(err.message ?? '');
}

function clientMessage(err: FastifyError): Message {
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) return msg('INVALID_JSON');
  if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return msg('EMPTY_BODY');
  return err.message ? verbatim(err.message) : msg('BAD_REQUEST');
}
