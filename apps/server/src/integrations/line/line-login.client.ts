import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long one call to LINE may take, answer included. */
export const LINE_TIMEOUT_MS = 10_000;

export interface LineLoginSettings {
  channelId: string;
  channelSecret: string;
  /** The authorization server (access.line.me): the login dialog, and the ID tokens' issuer. */
  loginUrl: string;
  /** The API (api.line.me): token, profile. */
  apiUrl: string;
}

/** A refusal from LINE or about what it sent; never carries tokens or the user's data. */
export type LineLoginFailure = 'CODE_REFUSED' | 'TOKEN_INVALID' | 'UNAVAILABLE';

export class LineLoginError extends Error {
  constructor(readonly reason: LineLoginFailure) {
    super(`LINE Login: ${reason}`);
  }
}

/** A PKCE pair (RFC 7636, S256): the verifier kept, the challenge sent. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** LINE Login v2.1's authorize URL (web login: profile and openid, with state, nonce and PKCE). */
export function authorizeUrl(
  s: LineLoginSettings,
  p: { redirectUri: string; state: string; nonce: string; codeChallenge: string },
): string {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: s.channelId,
    redirect_uri: p.redirectUri,
    state: p.state,
    scope: 'profile openid',
    nonce: p.nonce,
    code_challenge: p.codeChallenge,
    code_challenge_method: 'S256',
  });
  // URLSearchParams writes a space as '+'; LINE's documentation spells the scope with %20.
  return `${s.loginUrl}/oauth2/v2.1/authorize?${q.toString().replace(/\+/g, '%20')}`;
}

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(LINE_TIMEOUT_MS) });
  } catch {
    throw new LineLoginError('UNAVAILABLE');
  }
}

/** POST /oauth2/v2.1/token: the code (with its PKCE verifier) for an access token and an ID token. */
export async function exchangeCode(
  s: LineLoginSettings,
  p: { code: string; redirectUri: string; codeVerifier: string },
): Promise<{ accessToken: string; idToken: string }> {
  const res = await call(`${s.apiUrl}/oauth2/v2.1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: p.code,
      redirect_uri: p.redirectUri,
      client_id: s.channelId,
      client_secret: s.channelSecret,
      code_verifier: p.codeVerifier,
    }),
  });
  if (res.status >= 500) throw new LineLoginError('UNAVAILABLE');
  // 400 invalid_grant: a used, expired or foreign code (a replay), or a PKCE verifier that does not match.
  if (!res.ok) throw new LineLoginError('CODE_REFUSED');
  const body = (await res.json().catch(() => null)) as { access_token?: unknown; id_token?: unknown } | null;
  if (typeof body?.access_token !== 'string' || typeof body.id_token !== 'string')
    throw new LineLoginError('TOKEN_INVALID');
  return { accessToken: body.access_token, idToken: body.id_token };
}

export interface IdTokenClaims {
  sub: string;
  name?: string;
}

/**
 * Verifies a web login's ID token locally (decision ln02): HS256 with the channel secret, issuer, audience, expiry and
 * the nonce this login was started with. Throws TOKEN_INVALID on any mismatch.
 */
export function verifyIdToken(s: LineLoginSettings, idToken: string, nonce: string, now: Date): IdTokenClaims {
  const [h, p, sig] = idToken.split('.');
  if (!h || !p || !sig) throw new LineLoginError('TOKEN_INVALID');
  const header = decodePart(h);
  if (header?.alg !== 'HS256') throw new LineLoginError('TOKEN_INVALID');
  const want = createHmac('sha256', s.channelSecret).update(`${h}.${p}`).digest();
  const got = Buffer.from(sig, 'base64url');
  if (got.length !== want.length || !timingSafeEqual(got, want)) throw new LineLoginError('TOKEN_INVALID');
  const c = decodePart(p);
  const ok =
    c !== null &&
    c.iss === s.loginUrl &&
    c.aud === s.channelId &&
    typeof c.exp === 'number' &&
    c.exp * 1000 > now.getTime() &&
    c.nonce === nonce &&
    typeof c.sub === 'string' &&
    /^U[0-9a-f]{32}$/.test(c.sub);
  if (!ok) throw new LineLoginError('TOKEN_INVALID');
  return { sub: c.sub as string, name: typeof c.name === 'string' ? c.name : undefined };
}

function decodePart(part: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** GET /v2/profile: the LINE user id and display name behind the access token. */
export async function fetchProfile(
  s: LineLoginSettings,
  accessToken: string,
): Promise<{ userId: string; displayName: string }> {
  const res = await call(`${s.apiUrl}/v2/profile`, { headers: { authorization: `Bearer ${accessToken}` } });
  if (res.status >= 500) throw new LineLoginError('UNAVAILABLE');
  const body = (await res.json().catch(() => null)) as { userId?: unknown; displayName?: unknown } | null;
  if (!res.ok || typeof body?.userId !== 'string' || typeof body.displayName !== 'string')
    throw new LineLoginError('TOKEN_INVALID');
  return { userId: body.userId, displayName: body.displayName };
}
