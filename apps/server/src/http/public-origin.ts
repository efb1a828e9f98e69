import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** PUBLIC_BASE_URL's origin, or null: addresses handed to other people are then built from the request. */
    publicBaseUrl: string | null;
  }
}

/** Makes PUBLIC_BASE_URL known to every route (decision sec43). */
export function registerPublicOrigin(app: FastifyInstance, publicBaseUrl: string | null): void {
  app.decorate('publicBaseUrl', publicBaseUrl);
}

/**
 * The origin for addresses given to other people (film links, the phone's photo QR): PUBLIC_BASE_URL when set, so a
 * forged Host or X-Forwarded-Host cannot point them elsewhere; else the address the request came to.
 */
export function publicOrigin(request: FastifyRequest): string {
  return request.server.publicBaseUrl ?? `${request.protocol}://${request.host}`;
}

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Whether one TRUST_PROXY entry is an address, a CIDR block or one of proxy-addr's names for a range. */
export function isProxyEntry(entry: string): boolean {
  if (PROXY_KEYWORDS.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (!family) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}
