import { hash, verify } from '@node-rs/argon2';

/** OWASP's recommended argon2id cost: 19 MiB memory, 2 iterations, 1 lane. */
const OPTIONS = {
  algorithm: 2 /* Argon2id; the const enum cannot be imported under verbatimModuleSyntax */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Hashes a password with argon2id (PHC string, salt included). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Checks a password against a PHC hash; false for a malformed hash rather than throwing. */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown username cannot be told from a wrong password by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('timing-equaliser');
  await verifyPassword(await dummy, password);
}
