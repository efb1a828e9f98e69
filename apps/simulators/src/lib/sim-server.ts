import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * The bits both simulators share: a tiny node:http server on loopback that answers the browser from another
 * origin (CORS, private-network preflight), JSON replies, and a control endpoint (`/__sim/state`) through
 * which dev tools and e2e tests change what the simulator answers without restarting it.
 */

export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => void | Promise<void>;

export interface SimServerOptions<State> {
  name: string;
  port: number;
  host: string;
  initialState: State;
  /** Answers one request; return false when the path is not one of the simulator's. */
  route: (ctx: { req: IncomingMessage; res: ServerResponse; url: URL; state: State }) => boolean | Promise<boolean>;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function setCors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
  res.setHeader('vary', 'origin');
  res.setHeader('access-control-allow-methods', 'GET, POST, PUT, OPTIONS');
  res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? 'content-type');
  // Chrome's Private Network Access: a page on a public address may still call a helper on the workstation.
  if (req.headers['access-control-request-private-network'])
    res.setHeader('access-control-allow-private-network', 'true');
  res.setHeader('access-control-max-age', '600');
}

async function readBody(req: IncomingMessage, limit = 2 * 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > limit) throw new Error('body too large');
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads a JSON file named by `envName`, else the default file; stops the start with a clear message when it is bad. */
export function loadJsonConfig<T>(envName: string, defaultFile: URL): T {
  const file = process.env[envName] || defaultFile;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (error) {
    console.error(`[simulator] cannot read ${envName}=${String(file)}: ${(error as Error).message}`);
    process.exit(1);
  }
}

export function portFromEnv(envName: string, fallback: number): number {
  const raw = process.env[envName];
  const port = raw ? Number(raw) : fallback;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`[simulator] ${envName} must be a port number, got ${raw}`);
    process.exit(1);
  }
  return port;
}

/** Starts the simulator; resolves once it listens. */
export function startSimServer<State extends object>(options: SimServerOptions<State>): Promise<Server> {
  let state: State = structuredClone(options.initialState);
  const initial = structuredClone(options.initialState);

  const server = createServer((req, res) => {
    void (async () => {
      setCors(req, res);
      if (req.method === 'OPTIONS') {
        res.writeHead(204);
        res.end();
        return;
      }
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
      try {
        if (url.pathname === '/__sim/state') {
          if (req.method === 'GET') return sendJson(res, 200, state);
          if (req.method === 'POST' || req.method === 'PUT') {
            const patch = JSON.parse((await readBody(req)) || '{}') as Partial<State> & { reset?: boolean };
            const { reset, ...rest } = patch;
            // A shallow merge over the state (or over the start-up state with reset): tests set what they need.
            state = { ...(reset ? structuredClone(initial) : state), ...(rest as Partial<State>) };
            return sendJson(res, 200, state);
          }
        }
        const handled = await options.route({ req, res, url, state });
        if (!handled && !res.headersSent && !res.destroyed)
          sendJson(res, 404, { success: false, message: 'Not found' });
      } catch (error) {
        console.error(`[${options.name}]`, error);
        if (!res.headersSent && !res.destroyed) sendJson(res, 500, { success: false, message: 'Simulator error' });
      }
    })();
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      console.log(`[${options.name}] listening on http://${options.host}:${port}/`);
      resolve(server);
    });
  });
}

/** Stops on SIGINT/SIGTERM so a parent process (the e2e start script, a terminal) can end it cleanly. */
export function stopOnSignals(server: Server): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      server.close();
      server.closeAllConnections();
      process.exit(0);
    });
  }
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
