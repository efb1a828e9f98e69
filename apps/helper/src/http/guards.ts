import type { IncomingMessage } from 'node:http';

/**
 * The Host a loopback call carries. Anything else is a page that resolved its own name to 127.0.0.1 (DNS rebinding):
 * refused before routing.
 */
export function hostAllowed(req: IncomingMessage, port: number): boolean {
  const host = req.headers.host;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/**
 * Only the configured Rangsi origin is served. A GET without Origin (the user opening a URL, a tool) is served; a
 * state-changing call without one is not, since browsers always send it on a cross-origin POST.
 */
export function originAllowed(req: IncomingMessage, serverOrigin: string): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return req.method === 'GET' || req.method === 'HEAD';
  return origin === serverOrigin;
}

/** The CORS headers of every answer to the Rangsi origin. */
export function corsHeaders(serverOrigin: string): Record<string, string> {
  return { 'access-control-allow-origin': serverOrigin, vary: 'Origin' };
}

/** The preflight's answer (Chromium's Private Network Access asks before a public page reaches loopback). */
export function preflightHeaders(serverOrigin: string): Record<string, string> {
  return {
    ...corsHeaders(serverOrigin),
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': 'content-type',
    'access-control-allow-private-network': 'true',
    'access-control-max-age': '600',
  };
}
