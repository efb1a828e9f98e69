import { COST } from './parse-costs';
import type { ParseInput } from './silent-letters';
import type { Rhyme } from './syllable-rhymes';
import { FINAL, isConsonant, isDependentVowel, sameVarga } from './thai-letters';

/** How a syllable ends: its final letter (if any) and the silent letters it swallows. */
export interface FinalOption {
  final: string;
  end: number;
  shared: boolean;
  silentR: boolean;
  /** A silent letter after the final was swallowed (จันทร์, ยุทธ). */
  extraSilent?: boolean;
  cost: number;
}

/**
 * Whether a final can be followed by a silent ร: ต (มิตร, สูตร, เนตร), ช after เ (เพชร), ท after ุ
 * (สมุทร; not สาทร sa-thon) or after ั at the end of a word (ภัทร), ก after ั (จักร), ค after ั at the
 * end of a word (สมัคร).
 * Not ธ, or ก after other vowels: ศศิธร sa-si-thon, ธนากร tha-na-kon.
 */
function takesSilentR(f: string, rhyme: Rhyme, wordFinal: boolean): boolean {
  if (f === 'ต') return true;
  if (f === 'ช') return rhyme.vowel === 'e'; // เพชร (but วัชรพล wat-cha-ra-phon)
  if (f === 'ท') return rhyme.sign === 'ุ' || (rhyme.sign === 'ั' && wordFinal); // สมุทรสาคร; ภัทร phat, ภัทรวดี phat-tha-ra-
  if (rhyme.sign !== 'ั') return false;
  return f === 'ก' || (f === 'ค' && wordFinal); // สมัคร samak, but อัครเดช akkhara-
}

/** Every way the syllable with this vowel can end: open, closed by the next letter, plus silent letters. */
export function finalsAfter(w: ParseInput, rhyme: Rhyme): FinalOption[] {
  const q = rhyme.end;
  const n = w.chars.length;
  const out: FinalOption[] = [];
  if (rhyme.fixedFinal) return [{ final: rhyme.fixedFinal, end: q, shared: false, silentR: false, cost: 0 }];
  if (rhyme.finals !== 'required') out.push({ final: '', end: q, shared: false, silentR: false, cost: 0 });
  if (rhyme.finals === 'none') return out;
  const f = w.chars[q];
  if (f == null || !isConsonant(f) || w.toned[q] || w.boundary[q] || FINAL[f] == null) return out;
  if (rhyme.onlyFinal && f !== rhyme.onlyFinal) return out;
  if (f === 'ว' && (rhyme.implicit || !['a', 'i', 'e', 'ae', 'ia'].includes(rhyme.vowel))) return out;
  if (f === 'ย' && (rhyme.implicit || !['a', 'u', 'o', 'oe', 'ua', 'uea'].includes(rhyme.vowel))) return out;
  const next = w.chars[q + 1];
  if (isDependentVowel(next)) {
    // The letter starts the next syllable; after ั it also closes this one (ประวัติ pra-wat-ti).
    if (rhyme.sign === 'ั') out.push({ final: f, end: q, shared: true, silentR: false, cost: 0 });
    return out;
  }
  if (next === 'ร' && w.chars[q + 2] === 'ร') return out; // the letter is the initial of a รร syllable
  let cost = 0;
  if (f === 'ร' && !rhyme.implicit && !rhyme.doubleR) {
    if (rhyme.short) cost += COST.finalRAfterShortVowel;
    else if (rhyme.preposed && ['e', 'ae', 'o'].includes(rhyme.vowel)) cost += COST.finalRAfterPreposed;
    else if (q + 1 < n && !w.boundary[q + 1]) cost += COST.finalRAfterLongVowel; // สมบูรณ์ชัย: บูร is closed
  }
  if (rhyme.implicit && 'ขคฆ'.includes(f)) cost += COST.implicitOVelarAspirate;
  if (rhyme.implicit && f === 'ร' && rhyme.onsetLetter === 'ต') cost += COST.implicitOTon;
  if (rhyme.implicit && rhyme.clusterOnset && !'กดบนมง'.includes(f)) cost += COST.clusterImplicitOForeignFinal;
  out.push({ final: f, end: q + 1, shared: false, silentR: false, cost });
  const after = q + 1;
  const usable = (k: number) => k < n && !w.toned[k] && !w.boundary[k];
  if (
    next === 'ร' &&
    !rhyme.implicit &&
    takesSilentR(f, rhyme, after === n - 1) &&
    usable(after) &&
    !isDependentVowel(w.chars[after + 1]) &&
    w.chars[after + 1] !== 'ร'
  ) {
    const silentCost = f === 'ต' ? COST.silentRAfterT : COST.silentR;
    out.push({ final: f, end: after + 1, shared: false, silentR: true, cost: cost + silentCost });
  }
  // Only a stop goes silent with the letter after it (จันทร์, ศาสตร์, ลักษณ์); a sonorant is a final (วราภรณ์ -phon).
  if (w.weak[after] && !rhyme.implicit && usable(after) && !'รลนมงยว'.includes(next ?? '')) {
    out.push({
      final: f,
      end: after + 1,
      shared: false,
      silentR: false,
      extraSilent: true,
      cost: cost + COST.weakSilent,
    });
  }
  // ยุทธ, พุทธ: a written Pali geminate at the end of a word is read once.
  if (after === n - 1 && next != null && isConsonant(next) && sameVarga(f, next) && !rhyme.implicit && usable(after)) {
    out.push({ final: f, end: n, shared: false, silentR: false, extraSilent: true, cost: cost + COST.geminateSilent });
  }
  return out;
}
