import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { bearerToken, KEY_ID_PREFIX } from '../../auth/machine-credential';

/** A new credential's parts: the key id (public), the secret (shown once), and what is kept of the secret. */
export function newCredentialSecret(): { keyId: string; secret: string; secretHash: string; token: string } {
  const keyId = KEY_ID_PREFIX + randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { keyId, secret, secretHash: hashSecret(secret), token: bearerToken(keyId, secret) };
}

/**
 * SHA-256 of the secret, not a password hash (decision io50): 256 random bits cannot be walked through a dictionary, so a
 * slow hash would only cost every DICOMweb call its milliseconds.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Whether a presented secret is the one whose hash is kept, in time that does not depend on where they differ. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const stored = Buffer.from(storedHash, 'hex');
  const given = createHash('sha256').update(secret).digest();
  return stored.length === given.length && timingSafeEqual(stored, given);
}
