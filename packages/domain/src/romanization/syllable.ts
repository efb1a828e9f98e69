import { FINAL } from './thai-letters';

/** One spoken syllable found in Thai spelling, with enough detail for the RTGS rules that look across syllables. */
export interface Syllable {
  /** Span in the parse input (silent letters already removed). */
  start: number;
  end: number;
  /** Initial letters as written (ก, กร, หญ → the sounding part is in onsetRoman). */
  onset: string;
  /** RTGS initial: k, kr, s (for ศร/สร/ทร), y (for หญ/อย), '' for the vowel carrier อ. */
  onsetRoman: string;
  /** RTGS vowel: a, i, ue, u, e, ae, o, oe, ia, uea, ua, ai, ao, am. */
  vowel: string;
  /** The vowel sign as written ('' when the vowel is not written). */
  vowelSign: string;
  /** The vowel is not written (inherent a or o). */
  implicit: boolean;
  /** Short vowel: the syllables after which a Pali/Sanskrit final is read twice. */
  short: boolean;
  /** Final letter ('' when open). */
  final: string;
  /** The final letter is also the initial of the next syllable (ประวัติ: วัต-ติ). */
  shared: boolean;
  /** The final is followed by a silent ร (เพชร, มิตร, สมุทร). */
  silentR: boolean;
  /** A silent letter after the final belongs to this syllable (จันทร์, ราษฎร์): nothing of it is read again. */
  extraSilent: boolean;
  /** The syllable starts right after letters silenced by ์ (ทิพย์|สุดา): the word is a compound there. */
  afterSilenced: boolean;
  /** The vowel is รร (ธรรม, วรรณ). */
  doubleR: boolean;
}

/** The RTGS spelling of one syllable on its own: initial + vowel + final (ย → i, ว → o). */
export function syllableSound(s: Syllable): string {
  return s.onsetRoman + s.vowel + (s.final ? (FINAL[s.final] ?? '') : '');
}
