import type { NormalizedThai } from './normalize-thai';
import { isConsonant } from './thai-letters';

/** A word ready for syllable parsing: silent letters removed, with the hints their removal leaves. */
export interface ParseInput {
  chars: string[];
  toned: boolean[];
  /**
   * weak[i]: chars[i] stood just before a letter killed by the thanthakhat and may be silent too when it
   * follows a final (จันทร์ chan, ศาสตร์ sat, ลักษณ์ lak); the parser decides.
   */
  weak: boolean[];
  /** boundary[i]: a syllable starts at i (just after a silenced group: ศักดิ์|สิทธิ์, or marked in a respelling). */
  boundary: boolean[];
}

const THANTHAKHAT = '\u0E4C';
const VOWELS_UNDER_THANTHAKHAT = 'ิุ'; // ศักดิ์, พันธุ์: the vowel under the silent letter goes too

// The letter under the thanthakhat ์ (การันต์) goes, with a vowel ิ/ุ between them (ศักดิ์ → ศัก,
// พันธุ์ → พัน); the letter before them is marked as possibly silent (จันทร์ → จัน).
/** Removes the letters silenced by the thanthakhat ์ and records the hints their removal leaves. */
export function removeSilentLetters(word: NormalizedThai): ParseInput {
  const silent = new Set<number>();
  const weakAt = new Set<number>();
  const { chars } = word;
  for (let i = 0; i < chars.length; i++) {
    if (chars[i] !== THANTHAKHAT) continue;
    silent.add(i);
    let j = i - 1;
    while (j >= 0 && VOWELS_UNDER_THANTHAKHAT.includes(chars[j] ?? '-')) silent.add(j--);
    if (j >= 0 && isConsonant(chars[j])) {
      silent.add(j);
      if (isConsonant(chars[j - 1])) weakAt.add(j - 1);
    }
  }
  const out: ParseInput = { chars: [], toned: [], weak: [], boundary: [] };
  let afterSilent = false;
  for (let i = 0; i < chars.length; i++) {
    if (silent.has(i)) {
      afterSilent = true;
      continue;
    }
    out.chars.push(chars[i] ?? '');
    out.toned.push(word.toned[i] ?? false);
    out.weak.push(weakAt.has(i));
    out.boundary.push(afterSilent || (word.boundary[i] ?? false));
    afterSilent = false;
  }
  return out;
}
