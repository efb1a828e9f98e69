import type { FastifyInstance } from 'fastify';
import { msg } from '../i18n/catalogue';
import type { DomainError } from './domain-error';
import { httpError } from './http.errors';

// NUL: PostgreSQL (and PGlite) refuse it in text, so it used to surface as a 500 from whichever query met it first.
// A lone surrogate is not a character at all: it cannot be encoded as UTF-8 and would be stored as U+FFFD or refused.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when a string holds a character no text column can store (NUL or half of a surrogate pair). */
export function hasUnstorableText(s: string): boolean {
  return UNSTORABLE.test(s);
}

/** The path (a.b.0.c) of the first string, or object key, in a parsed JSON/form value that cannot be stored. */
export function findUnstorableText(value: unknown, at = '', depth = 0): string | null {
  if (typeof value === 'string') return hasUnstorableText(value) ? at : null;
  // Parsed bodies are shallow; a deeply nested value is refused by its schema anyway, so stop rather than recurse on.
  if (value === null || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value)) return null;
  for (const [k, v] of Object.entries(value)) {
    const here = at ? `${at}.${k}` : k;
    if (hasUnstorableText(k)) return here;
    const found = findUnstorableText(v, here, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** A 400 naming the field that holds a NUL or a lone surrogate; used for multipart fields and file names too. */
export function unstorableTextError(field: string): DomainError {
  return httpError('INVALID_CHARACTER', { field }, { errors: [{ field, message: msg('INVALID_CHARACTER_FIELD') }] });
}

/** Refuses a multipart field value or file name that cannot be stored. */
export function assertStorableText(value: string | undefined, field: string): void {
  if (value !== undefined && hasUnstorableText(value)) throw unstorableTextError(field);
}

/**
 * One place refuses unstorable text in every route's query, path and body with a 400, instead of each schema
 * carrying a refinement. Query and path are checked on arrival, before the access guard reads `?token=` from the
 * database; the body once it is parsed (preValidation), so a bad body still answers 401/403 before 400.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const where = findUnstorableText(request.query, 'query') ?? findUnstorableText(request.params, 'params');
    if (where !== null) throw unstorableTextError(where);
  });
  app.addHook('preValidation', async (request) => {
    const where = findUnstorableText(request.body);
    if (where !== null) throw unstorableTextError(where || 'body');
  });
  // A redirect to a path a user typed in Thai (ReturnUrl=/ผู้ป่วย) made Node refuse the header after the handler had
  // run: the login's session row was written, no cookie went out, and Fastify's last-resort reply carried Node's text.
  app.addHook('onSend', async (_request, reply, payload) => {
    const location = reply.getHeader('location');
    if (typeof location === 'string') reply.header('location', asciiLocation(location));
    return payload;
  });
}

/** Percent-encodes what may not stand in a header (non-ASCII, controls), leaving existing %xx escapes alone. */
export function asciiLocation(location: string): string {
  return location.replace(/[^\x21-\x7e]/gu, (c) =>
    c.length === 1 && c.charCodeAt(0) >= 0xd800 && c.charCodeAt(0) <= 0xdfff ? '' : encodeURIComponent(c),
  );
}
