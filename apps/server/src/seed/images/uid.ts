import { createHash } from 'node:crypto';

/**
 * A UID derived from a key (PS3.5 §B.2: "2.25." and a 128-bit number in decimal), so generated objects get the same
 * UIDs every time they are made from the same key, and distinct keys never collide in practice.
 */
export function uidFrom(key: string): string {
  const hex = createHash('sha256').update(`rangsi-generated:${key}`).digest('hex').slice(0, 32);
  return `2.25.${BigInt(`0x${hex}`).toString(10)}`;
}
