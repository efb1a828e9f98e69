/**
 * How far a Deflated Explicit VR Little Endian data set (PS3.5 A.5) may inflate (docs/decisions/sec30-inflate-bomb.md).
 * Real images deflate 2–20× (a mostly uniform synthetic one, the corpus's image_dfl.dcm, 61×); a deflate bomb ~1000×,
 * deflate's own limit. The same rule holds on every way in and on every read for viewing.
 */

/** Every data set may inflate to this much, whatever its ratio: small, mostly blank images compress far beyond 50×. */
export const INFLATE_FLOOR_BYTES = 32 << 20;
/** Above the floor, the inflated data set may be at most this many times its deflated size. */
export const INFLATE_MAX_RATIO = 50;
/** Never more than this in one buffer, whatever the instance size limit (the parser needs the data set whole). */
export const INFLATE_MAX_BYTES = 512 << 20;

/**
 * The most a data set of `deflatedBytes` may inflate to: max(floor, ratio × deflated), within the instance size limit
 * the receiver applies (the inflated size is what a non-deflated instance would hold) and the in-memory ceiling.
 */
export function inflateLimit(deflatedBytes: number, instanceLimit = Number.POSITIVE_INFINITY): number {
  return Math.min(instanceLimit, INFLATE_MAX_BYTES, Math.max(INFLATE_FLOOR_BYTES, INFLATE_MAX_RATIO * deflatedBytes));
}

/** Why a data set was refused, short enough for a C-STORE ErrorComment (64 characters). */
export function inflateRefusal(limit: number): string {
  return `deflated data set inflates past its limit of ${Math.floor(limit / (1 << 20))} MiB`;
}
