/**
 * LINE simulator (issue 28 item 5): LINE Login v2.1 and the Messaging API's push, speaking their HTTP protocol, for
 * development, API tests and e2e:
 *   GET  /oauth2/v2.1/authorize?response_type=code&client_id&redirect_uri&state&scope&nonce[&code_challenge&
 *        code_challenge_method=S256] → an HTML page with a "log in as" button per test LINE user (each a redirect to
 *        redirect_uri with code and state) and a cancel button (error=access_denied)
 *   POST /oauth2/v2.1/token (form: grant_type=authorization_code, code, redirect_uri, client_id, client_secret[,
 *        code_verifier]) → { access_token, id_token, … }; a code works once (again: 400 invalid_grant); the ID token
 *        is HS256 signed with the channel secret and carries the nonce
 *   POST /oauth2/v2.1/verify (form: id_token, client_id[, nonce]) → the token's claims, or 400 invalid_request
 *   GET  /v2/profile (Bearer access token) → { userId, displayName }
 *   POST /v2/bot/message/push (Bearer channel access token; { to, messages: [{ type: 'text', text }] }) → recorded;
 *        a repeated X-Line-Retry-Key of an accepted push answers 409 and records nothing
 * Tests read and change the state with GET/POST /__sim/state: `pushes` (received), `tamperNonce` (the next ID tokens
 * carry another nonce), `failPushes` (that many pushes answer 500 first), `users`.
 * Port and host: LINE_SIM_PORT (default 18184), LINE_SIM_HOST (default 127.0.0.1); LINE_SIM_CHANNEL_ID,
 * LINE_SIM_CHANNEL_SECRET, LINE_SIM_MESSAGING_TOKEN (defaults below, the e2e's). Tests in the same process can call
 * startLineSimulator().
 *
 *   npx tsx apps/simulators/src/line-simulator.ts
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { portFromEnv, sendJson, startSimServer, stopOnSignals } from './lib/sim-server';

export interface LineTestUser {
  userId: string;
  displayName: string;
}

export interface LinePush {
  to: string;
  messages: { type: string; text: string }[];
  receivedAt: string;
}

export interface LineState {
  users: LineTestUser[];
  pushes: LinePush[];
  /** The next ID tokens carry a nonce other than the one asked for (a replayed or forged login). */
  tamperNonce: boolean;
  /** This many pushes answer 500 before one is accepted (retry tests). */
  failPushes: number;
}

export interface LineSimulatorOptions {
  port: number;
  host: string;
  channelId?: string;
  channelSecret?: string;
  messagingToken?: string;
  initialState?: Partial<LineState>;
}

export interface LineSimulator {
  server: Server;
  /** http://host:port (no trailing slash): both LINE_LOGIN_URL and LINE_API_URL. */
  url: string;
  channelId: string;
  channelSecret: string;
  messagingToken: string;
  close(): Promise<void>;
}

export const LINE_SIM_DEFAULTS = {
  channelId: '1650000001',
  channelSecret: 'sim-line-channel-secret-0123456789',
  messagingToken: 'sim-line-messaging-token-0123456789',
  users: [
    { userId: 'U4af4980629bd0a2b1e7a4d9c8b1f0e11', displayName: 'หมอธนากร LINE' },
    { userId: 'U9b1c2d3e4f5061728394a5b6c7d8e9f0', displayName: 'Dr. Nok' },
  ],
};

interface IssuedCode {
  user: LineTestUser;
  clientId: string;
  redirectUri: string;
  nonce: string | null;
  codeChallenge: string | null;
  expiresAt: number;
  used: boolean;
}

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function oauthError(res: ServerResponse, status: number, error: string, description: string): true {
  sendJson(res, status, { error, error_description: description });
  return true;
}

/** Starts the simulator; resolves once it listens (port 0: a free port, read it from `url`). */
export async function startLineSimulator(options: LineSimulatorOptions): Promise<LineSimulator> {
  const channelId = options.channelId ?? LINE_SIM_DEFAULTS.channelId;
  const channelSecret = options.channelSecret ?? LINE_SIM_DEFAULTS.channelSecret;
  const messagingToken = options.messagingToken ?? LINE_SIM_DEFAULTS.messagingToken;
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, LineTestUser>();
  const acceptedRetryKeys = new Set<string>();
  let origin = '';

  const sign = (claims: Record<string, unknown>) => {
    const body = `${b64url(JSON.stringify({ typ: 'JWT', alg: 'HS256' }))}.${b64url(JSON.stringify(claims))}`;
    return `${body}.${b64url(createHmac('sha256', channelSecret).update(body).digest())}`;
  };
  const verify = (token: string): Record<string, unknown> | null => {
    const [h, p, s] = token.split('.');
    if (!h || !p || !s) return null;
    const want = createHmac('sha256', channelSecret).update(`${h}.${p}`).digest();
    const got = Buffer.from(s, 'base64url');
    if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
    return JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>;
  };

  const server = await startSimServer<LineState>({
    name: 'line-simulator',
    port: options.port,
    host: options.host,
    initialState: {
      users: LINE_SIM_DEFAULTS.users,
      pushes: [],
      tamperNonce: false,
      failPushes: 0,
      ...options.initialState,
    },
    route: async ({ req, res, url, state }) => {
      const q = url.searchParams;
      if (req.method === 'GET' && url.pathname === '/oauth2/v2.1/authorize') {
        const redirectUri = q.get('redirect_uri') ?? '';
        const stateParam = q.get('state') ?? '';
        if (q.get('response_type') !== 'code' || q.get('client_id') !== channelId || !/^https?:\/\//.test(redirectUri))
          return oauthError(res, 400, 'invalid_request', 'response_type, client_id or redirect_uri is wrong');
        if (!stateParam || !(q.get('scope') ?? '').split(' ').includes('openid'))
          return oauthError(res, 400, 'invalid_request', 'state and the openid scope are required');
        if (q.get('code_challenge') && q.get('code_challenge_method') !== 'S256')
          return oauthError(res, 400, 'invalid_request', 'code_challenge_method must be S256');
        const back = (params: Record<string, string>) => {
          const u = new URL(redirectUri);
          for (const [k, v] of Object.entries({ ...params, state: stateParam })) u.searchParams.set(k, v);
          return u.toString();
        };
        const buttons = state.users.map((user) => {
          const code = randomBytes(16).toString('hex');
          codes.set(code, {
            user,
            clientId: channelId,
            redirectUri,
            nonce: q.get('nonce'),
            codeChallenge: q.get('code_challenge'),
            expiresAt: Date.now() + 10 * 60_000,
            used: false,
          });
          return `<a class="user" href="${escapeHtml(back({ code }))}">เข้าสู่ระบบเป็น ${escapeHtml(user.displayName)}</a>`;
        });
        const cancel = back({ error: 'access_denied', error_description: 'The user has denied the request' });
        const html = `<!doctype html><html lang="th"><head><meta charset="utf-8"><title>LINE Login (simulator)</title>
<style>body{font-family:sans-serif;max-width:22rem;margin:2rem auto;color:#111}h1{color:#06c755;font-size:1.3rem}
a{display:block;margin:.6rem 0;padding:.7rem;border-radius:6px;text-decoration:none;text-align:center}
a.user{background:#06c755;color:#fff}a.cancel{color:#555;border:1px solid #ccc}</style></head>
<body><h1>LINE Login</h1><p>เครื่องจำลอง (simulator) — เลือกบัญชี LINE</p>${buttons.join('')}
<a class="cancel" href="${escapeHtml(cancel)}">ยกเลิก (Cancel)</a></body></html>`;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(html);
        return true;
      }
      if (req.method === 'POST' && url.pathname === '/oauth2/v2.1/token') {
        const f = new URLSearchParams(await readBody(req));
        if (f.get('grant_type') !== 'authorization_code')
          return oauthError(res, 400, 'unsupported_grant_type', 'only authorization_code');
        if (f.get('client_id') !== channelId || f.get('client_secret') !== channelSecret)
          return oauthError(res, 401, 'invalid_client', 'client authentication failed');
        const issued = codes.get(f.get('code') ?? '');
        if (!issued || issued.used || issued.expiresAt < Date.now() || issued.redirectUri !== f.get('redirect_uri'))
          return oauthError(res, 400, 'invalid_grant', 'authorization code is invalid, used or expired');
        issued.used = true;
        if (issued.codeChallenge) {
          const verifier = f.get('code_verifier') ?? '';
          if (b64url(createHash('sha256').update(verifier).digest()) !== issued.codeChallenge)
            return oauthError(res, 400, 'invalid_grant', 'code_verifier does not match the code_challenge');
        }
        const accessToken = randomBytes(24).toString('base64url');
        accessTokens.set(accessToken, issued.user);
        const now = Math.floor(Date.now() / 1000);
        const nonce = state.tamperNonce ? 'tampered-nonce' : issued.nonce;
        const idToken = sign({
          iss: origin,
          sub: issued.user.userId,
          aud: channelId,
          exp: now + 3600,
          iat: now,
          amr: ['pwd'],
          name: issued.user.displayName,
          ...(nonce ? { nonce } : {}),
        });
        sendJson(res, 200, {
          access_token: accessToken,
          expires_in: 2_592_000,
          id_token: idToken,
          refresh_token: randomBytes(16).toString('base64url'),
          scope: 'profile openid',
          token_type: 'Bearer',
        });
        return true;
      }
      if (req.method === 'POST' && url.pathname === '/oauth2/v2.1/verify') {
        const f = new URLSearchParams(await readBody(req));
        const claims = verify(f.get('id_token') ?? '');
        if (!claims || claims.aud !== f.get('client_id'))
          return oauthError(res, 400, 'invalid_request', 'Invalid IdToken.');
        if (Number(claims.exp) * 1000 < Date.now()) return oauthError(res, 400, 'invalid_request', 'IdToken expired.');
        if (f.get('nonce') && claims.nonce !== f.get('nonce'))
          return oauthError(res, 400, 'invalid_request', 'Invalid IdToken Nonce.');
        sendJson(res, 200, claims);
        return true;
      }
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (req.method === 'GET' && url.pathname === '/v2/profile') {
        const user = bearer ? accessTokens.get(bearer) : undefined;
        if (!user) return oauthError(res, 401, 'invalid_token', 'access token is invalid');
        sendJson(res, 200, { userId: user.userId, displayName: user.displayName });
        return true;
      }
      if (req.method === 'POST' && url.pathname === '/v2/bot/message/push') {
        if (bearer !== messagingToken) {
          sendJson(res, 401, { message: 'Authentication failed due to the expired access token' });
          return true;
        }
        const body = JSON.parse((await readBody(req)) || '{}') as { to?: unknown; messages?: LinePush['messages'] };
        const messages = Array.isArray(body.messages) ? body.messages : [];
        const bad =
          typeof body.to !== 'string' ||
          !/^U[0-9a-f]{32}$/.test(body.to) ||
          messages.length < 1 ||
          messages.length > 5 ||
          messages.some((m) => m.type !== 'text' || typeof m.text !== 'string' || !m.text || m.text.length > 5000);
        if (bad) {
          sendJson(res, 400, { message: 'The request body has 1 error(s)' });
          return true;
        }
        const retryKey = req.headers['x-line-retry-key'];
        if (typeof retryKey === 'string' && acceptedRetryKeys.has(retryKey)) {
          sendJson(res, 409, { message: 'The retry key is already accepted' });
          return true;
        }
        if (state.failPushes > 0) {
          state.failPushes -= 1;
          sendJson(res, 500, { message: 'Internal server error' });
          return true;
        }
        if (typeof retryKey === 'string') acceptedRetryKeys.add(retryKey);
        state.pushes.push({ to: body.to as string, messages, receivedAt: new Date().toISOString() });
        sendJson(res, 200, { sentMessages: [{ id: randomBytes(8).toString('hex'), quoteToken: 'q' }] });
        return true;
      }
      return false;
    },
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  origin = `http://${options.host}:${port}`;
  return {
    server,
    url: origin,
    channelId,
    channelSecret,
    messagingToken,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// ---- command line ------------------------------------------------------------------------------------------------

const invokedDirectly =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const sim = await startLineSimulator({
    port: portFromEnv('LINE_SIM_PORT', 18184),
    host: process.env.LINE_SIM_HOST || '127.0.0.1',
    channelId: process.env.LINE_SIM_CHANNEL_ID || undefined,
    channelSecret: process.env.LINE_SIM_CHANNEL_SECRET || undefined,
    messagingToken: process.env.LINE_SIM_MESSAGING_TOKEN || undefined,
  });
  stopOnSignals(sim.server);
}
