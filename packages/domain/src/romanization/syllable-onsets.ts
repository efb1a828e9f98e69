import { COST } from './parse-costs';
import type { ParseInput } from './silent-letters';
import { INITIAL, clusterKind, isConsonant, isSonorant } from './thai-letters';

/** The initial consonant(s) of a syllable as written, with their RTGS value. */
export interface Onset {
  end: number;
  letters: string;
  roman: string;
  cost: number;
}

/** Every way the letters at `pos` can start a syllable: one letter, a cluster, or a silent leading ห/อ. */
export function onsetsAt(w: ParseInput, pos: number, afterPreposed: boolean): Onset[] {
  const c = w.chars[pos];
  if (c == null || !isConsonant(c)) return [];
  const list: Onset[] = [{ end: pos + 1, letters: c, roman: INITIAL[c] ?? '', cost: 0 }];
  const d = w.chars[pos + 1];
  if (d == null || !isConsonant(d) || w.boundary[pos + 1] || w.toned[pos]) return list;
  const kind = clusterKind(c, d);
  // บร and ดร are clusters only in loanwords (เบรก, เดรส); in Thai and Pali words they are bo-r- (บริษัท,
  // บรม) and da-r- (ดรุณี).
  if (kind && !((c === 'บ' || c === 'ด') && d === 'ร' && !afterPreposed)) {
    const roman = kind === 'false' ? 's' : (INITIAL[c] ?? '') + (INITIAL[d] ?? '');
    list.push({ end: pos + 2, letters: c + d, roman, cost: COST.cluster });
  }
  if (c === 'ห' && isSonorant(d)) {
    list.push({ end: pos + 2, letters: c + d, roman: INITIAL[d] ?? '', cost: COST.leadingH });
  }
  // อย่า อยู่ อย่าง อยาก: the only words with a silent leading อ (not อยุธยา a-yut-tha-ya).
  if (c === 'อ' && d === 'ย' && (w.chars[pos + 2] === 'า' || w.chars[pos + 2] === 'ู')) {
    list.push({ end: pos + 2, letters: c + d, roman: 'y', cost: COST.leadingH });
  }
  return list;
}
