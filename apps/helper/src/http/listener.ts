import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { Logger } from '../log';
import { MSG } from '../messages';
import { readJsonBody } from './body';
import { corsHeaders, hostAllowed, originAllowed, preflightHeaders } from './guards';
import { fail, Refusal, type Reply } from './reply';
import type { Router } from './router';

export interface ListenerOptions {
  serverOrigin: string;
  router: Router;
  log: Logger;
}

const BASE_HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

/** The HTTP server: guards (Host, Origin), preflight, JSON bodies, then the route. Listening is the caller's. */
export function createListener(options: ListenerOptions): http.Server {
  const server = http.createServer((req, res) => {
    void handle(req, res, options, () => (server.address() as { port: number } | null)?.port ?? 0).catch(() => {
      if (!res.headersSent) void send(res, fail(500, MSG.unexpected), {}).catch(() => res.destroy());
      else res.destroy();
    });
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  return server;
}

async function handle(req: IncomingMessage, res: ServerResponse, options: ListenerOptions, port: () => number) {
  const { serverOrigin, router, log } = options;
  if (!hostAllowed(req, port())) return send(res, fail(403, MSG.forbiddenHost), {});
  if (!originAllowed(req, serverOrigin)) {
    log.warn('refused origin', { method: req.method });
    return send(res, fail(403, MSG.forbiddenOrigin), {});
  }
  const cors = req.headers.origin === serverOrigin ? corsHeaders(serverOrigin) : {};
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { ...BASE_HEADERS, ...preflightHeaders(serverOrigin) });
    return void res.end();
  }
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const handler = router.find(req.method ?? 'GET', url.pathname);
  if (!handler) return send(res, fail(404, MSG.notFound), cors);
  try {
    const body = req.method === 'POST' ? await readJsonBody(req) : {};
    return await send(res, await handler({ query: url.searchParams, body }), cors);
  } catch (err) {
    if (err instanceof Refusal) return send(res, fail(err.status, err.message), cors);
    log.warn('route failed', { path: url.pathname, error: (err as Error)?.name });
    return send(res, fail(500, MSG.unexpected), cors);
  }
}

async function send(res: ServerResponse, reply: Reply, cors: Record<string, string>): Promise<void> {
  if ('file' in reply) {
    const { size } = await fs.promises.stat(reply.file.path);
    res.writeHead(200, {
      ...BASE_HEADERS,
      ...cors,
      'content-type': reply.file.contentType,
      'content-length': String(size),
      'content-disposition': `attachment; filename="${reply.file.fileName}"`,
    });
    if (res.req.method === 'HEAD') return void res.end();
    return pipeline(fs.createReadStream(reply.file.path), res);
  }
  const text = JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    ...BASE_HEADERS,
    ...cors,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(res.req.method === 'HEAD' ? undefined : text);
}
