import type { CurrentUser } from './current-user';

/**
 * An outside system's credential as a request presents it (decision io50): `Authorization: Bearer rgs_<key id>_<secret>`
 * on the JSON API and DICOMweb, or HTTP Basic with the key id as username and the secret as password on DICOMweb.
 */
export interface PresentedCredential {
  scheme: 'bearer' | 'basic';
  /** `rgs_` and 16 hex digits: not secret, the key the lookup goes by. */
  keyId: string;
  secret: string;
}

export const KEY_ID_PREFIX = 'rgs_';
const KEY_ID = /^rgs_[0-9a-f]{16}$/;
/** 32 random bytes, base64url: 43 characters. */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** The full Bearer token of a key id and its secret. */
export function bearerToken(keyId: string, secret: string): string {
  return `${keyId}_${secret}`;
}

/**
 * The credential in an Authorization header: a Bearer token of any shape is one (nobody else sends us Bearer), so a
 * malformed one is refused rather than ignored; Basic only where the caller allows it. Other schemes are not ours.
 */
export function presentedCredential(
  header: string | undefined,
  basic: boolean,
): PresentedCredential | 'malformed' | null {
  if (!header) return null;
  const space = header.indexOf(' ');
  const scheme = (space < 0 ? header : header.slice(0, space)).toLowerCase();
  const value = space < 0 ? '' : header.slice(space + 1).trim();
  if (scheme === 'bearer') {
    const keyId = value.slice(0, KEY_ID_PREFIX.length + 16);
    const secret = value.slice(keyId.length + 1);
    if (!KEY_ID.test(keyId) || value[keyId.length] !== '_' || !SECRET.test(secret)) return 'malformed';
    return { scheme, keyId, secret };
  }
  if (scheme === 'basic' && basic) {
    if (value.length > 200) return 'malformed';
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const keyId = decoded.slice(0, Math.max(0, colon));
    const secret = decoded.slice(colon + 1);
    if (colon < 0 || !KEY_ID.test(keyId) || !SECRET.test(secret)) return 'malformed';
    return { scheme, keyId, secret };
  }
  return null;
}

/** What the access guard asks of the credentials' owner (modules/api-credentials), so auth depends on no module. */
export interface MachineCredentials {
  /**
   * The principal of a presented credential, or null when its key is unknown, its secret wrong, or it was revoked.
   * Throws TooManyAttempts while failed guesses from this address make it wait (decision io53).
   */
  principal(presented: PresentedCredential, ip: string): Promise<CurrentUser | null>;
}
