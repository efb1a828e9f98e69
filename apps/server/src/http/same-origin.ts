import type { FastifyInstance, FastifyRequest } from 'fastify';
import { th } from '../i18n/th';
import { httpError } from './http.errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The Thai answer to a cross-site request. */
export const CROSS_SITE_MESSAGE = th.CROSS_SITE;

/**
 * Why a state-changing request is refused as cross-site, or null when it may go on (decision sec40):
 * - with an Origin, it must be this server's own (the Host it was sent to, or PUBLIC_BASE_URL's origin);
 *   `Origin: null` (sandboxed frames, cross-site redirects) is refused;
 * - without an Origin, a browser that says Sec-Fetch-Site cross-site or same-site is refused; no header at all is
 *   a non-browser client (scripts, modalities, e2e API calls), which cannot carry a victim's cookie.
 */
export function crossSiteReason(request: FastifyRequest, publicOrigin: string | null): string | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (publicOrigin && origin.toLowerCase() === publicOrigin) return null;
    let host: string;
    try {
      host = withoutDefaultPort(new URL(origin).host);
    } catch {
      return 'origin';
    }
    // The scheme is not compared: behind a TLS proxy the server itself sees http while the page is https.
    return host !== '' && host === withoutDefaultPort(request.host) ? null : 'origin';
  }
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site' ? 'sec-fetch-site' : null;
}

function withoutDefaultPort(host: string): string {
  return host.toLowerCase().replace(/:(80|443)$/, '');
}

/** Refuses every cross-site POST/PUT/PATCH/DELETE with 403 before authentication, parsing or the handler. */
export function registerSameOriginGuard(app: FastifyInstance, publicBaseUrl: string | null): void {
  const publicOrigin = publicBaseUrl ? new URL(publicBaseUrl).origin.toLowerCase() : null;
  app.addHook('onRequest', async (request) => {
    const reason = crossSiteReason(request, publicOrigin);
    if (!reason) return;
    request.log.warn({ method: request.method, route: request.routeOptions.url, reason }, 'cross-site request refused');
    throw httpError('CROSS_SITE');
  });
}
