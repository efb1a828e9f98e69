import { COST } from './parse-costs';
import type { ParseInput } from './silent-letters';
import type { Onset } from './syllable-onsets';
import { isConsonant, isDependentVowel } from './thai-letters';

/** The vowel of a syllable as written after its initial, and whether (and how) a final may follow. */
export interface Rhyme {
  vowel: string;
  sign: string;
  implicit: boolean;
  short: boolean;
  /** Position after the vowel letters, where a final may follow. */
  end: number;
  finals: 'none' | 'optional' | 'required';
  onlyFinal?: string;
  /** รร with no final letter reads -an: the second ร is the final. */
  fixedFinal?: string;
  doubleR?: boolean;
  onsetSuffix?: string;
  /** Written with เ แ โ ใ ไ. */
  preposed?: boolean;
  /** The initial is a true cluster (กร, คล, ขว …). */
  clusterOnset?: boolean;
  /** The initial letters (for the inherent-o rules). */
  onsetLetter?: string;
  cost: number;
}

/** Letters after which ฤ is read ri (กฤษณา, ตฤณ, ทฤษฎี, ปฤ, ศฤงคาร, สฤษดิ์); after ค พ ฟ it is rue (พฤกษ์). */
const RI_AFTER = 'กตทปศส';
const RUE_AFTER = 'คพฟ';
/** Every vowel reading after an initial ending at `p`; `pre` is the preposed vowel (เ แ โ ใ ไ) or ''. */
export function rhymesAfter(w: ParseInput, p: number, pre: string, onset: Onset): Rhyme[] {
  const [c0, c1, c2] = [w.chars[p], w.chars[p + 1], w.chars[p + 2]];
  const n = w.chars.length;
  const r = (vowel: string, sign: string, end: number, finals: Rhyme['finals'], short = false): Rhyme => ({
    vowel,
    sign,
    implicit: false,
    short,
    end,
    finals,
    preposed: pre !== '',
    cost: COST.explicit,
  });
  if (pre === 'เ') {
    if (c0 === '็') return [r('e', '็', p + 1, 'required', true)];
    if (c0 === 'ี' && c1 === 'ย')
      return [c2 === 'ะ' ? r('ia', 'ีย', p + 3, 'none', true) : r('ia', 'ีย', p + 2, 'optional')];
    if (c0 === 'ื' && c1 === 'อ')
      return [c2 === 'ะ' ? r('uea', 'ือ', p + 3, 'none', true) : r('uea', 'ือ', p + 2, 'optional')];
    if (c0 === 'ิ') return [r('oe', 'ิ', p + 1, 'required')];
    if (c0 === 'อ' && (c1 === 'ะ' || !isDependentVowel(c1)))
      return [c1 === 'ะ' ? r('oe', 'อะ', p + 2, 'none', true) : r('oe', 'อ', p + 1, 'optional')];
    if (c0 === 'า') return [c1 === 'ะ' ? r('o', 'าะ', p + 2, 'none', true) : r('ao', 'า', p + 1, 'none')];
    if (c0 === 'ะ') return [r('e', 'ะ', p + 1, 'none', true)];
    return [{ ...r('oe', 'ย', p, 'required'), onlyFinal: 'ย' }, r('e', '', p, 'optional')];
  }
  if (pre === 'แ') {
    if (c0 === '็') return [r('ae', '็', p + 1, 'required', true)];
    if (c0 === 'ะ') return [r('ae', 'ะ', p + 1, 'none', true)];
    return [r('ae', '', p, 'optional')];
  }
  if (pre === 'โ') return c0 === 'ะ' ? [r('o', 'ะ', p + 1, 'none', true)] : [r('o', '', p, 'optional')];
  if (pre === 'ใ') return [r('ai', '', p, 'none')];
  if (pre === 'ไ') {
    const list = [r('ai', '', p, 'none')];
    // ไทย, ไชย: a silent ย after ไ- (but ไชยา chai-ya: there ย starts the next syllable).
    if (c0 === 'ย' && !isDependentVowel(c1) && !w.toned[p] && !w.boundary[p]) list.push(r('ai', 'ย', p + 1, 'none'));
    return list;
  }

  switch (c0) {
    case 'ะ':
      return [r('a', 'ะ', p + 1, 'none', true)];
    case 'ั':
      if (c1 === 'ว') return [r('ua', 'ัว', c2 === 'ะ' ? p + 3 : p + 2, 'none')];
      return [r('a', 'ั', p + 1, 'required', true)];
    case 'า':
      return [r('a', 'า', p + 1, 'optional')];
    case 'ำ':
      return [r('am', 'ำ', p + 1, 'none', true)];
    case 'ิ':
      return [r('i', 'ิ', p + 1, 'optional', true)];
    case 'ี':
      return [r('i', 'ี', p + 1, 'optional')];
    case 'ึ':
      return [r('ue', 'ึ', p + 1, 'optional', true)];
    case 'ื':
      return [c1 === 'อ' ? r('ue', 'ือ', p + 2, 'optional') : r('ue', 'ื', p + 1, 'required')];
    case 'ุ':
      return [r('u', 'ุ', p + 1, 'optional', true)];
    case 'ู':
      return [r('u', 'ู', p + 1, 'optional')];
    case '็':
      return [c1 === 'อ' ? r('o', '็อ', p + 2, 'required', true) : r('o', '็', p + 1, 'none', true)];
    case 'ฤ':
    case 'ฦ': {
      // กฤษณา kritsana, พฤกษ์ phruek; other letters take an inherent a before ฤ (นฤมล na-rue-mon).
      const letter = onset.letters;
      if (c0 === 'ฦ' || letter.length !== 1 || !(RI_AFTER + RUE_AFTER).includes(letter)) break;
      const long = c1 === 'ๅ';
      const vowel = !long && RI_AFTER.includes(letter) ? 'i' : 'ue';
      return [{ ...r(vowel, 'ฤ', long ? p + 2 : p + 1, 'optional', !long), onsetSuffix: 'r' }];
    }
    default:
      break;
  }

  const list: Rhyme[] = [];
  if (c0 === 'อ' && !isDependentVowel(c1) && !w.toned[p] && !w.boundary[p]) {
    list.push(r('o', 'อ', p + 1, 'optional')); // ทอง, พอ, สร้อย (-อย oi)
  }
  // สวน, ควร, ดวง, -วย uai; but วงศ์ is wong (สัมพันธวงศ์ -tha-wong): a final before a silenced letter is not -ua-.
  if (c0 === 'ว' && isConsonant(c1) && !w.toned[p] && !w.boundary[p] && !w.weak[p + 1]) {
    list.push(r('ua', 'ว', p + 1, 'required'));
  }
  if (c0 === 'ร' && c1 === 'ร' && onset.letters.length === 1 && !w.boundary[p] && !w.boundary[p + 1]) {
    // ธรรม tham, สรรพ sap, กรรม kam; with no final letter รร reads -an (วรรณา wan-na, บรรจง ban-chong).
    list.push({ ...r('a', 'รร', p + 2, 'required', true), doubleR: true, cost: COST.explicit - 0.2 });
    list.push({ ...r('a', 'รร', p + 2, 'none', true), doubleR: true, fixedFinal: 'ร', cost: COST.explicit - 0.2 });
  }
  // No vowel written: an inherent o closed by the next letter (สม), or an inherent a (ชนิดา).
  if (c0 != null && isConsonant(c0)) {
    list.push({
      vowel: 'o',
      sign: '',
      implicit: true,
      short: true,
      end: p,
      finals: 'required',
      clusterOnset: onset.letters.length > 1 && onset.roman.length > 1,
      onsetLetter: onset.letters,
      cost: COST.implicitO + (onset.letters === 'ง' ? COST.implicitNgo : 0),
    });
  }
  // บ alone reads bo (บริษัท, บรม, บพิตร).
  const inherent = onset.letters === 'บ' ? 'o' : 'a';
  list.push({
    vowel: inherent,
    sign: '',
    implicit: true,
    short: true,
    end: p,
    finals: 'none',
    cost:
      (p >= n ? COST.implicitAWordFinal : COST.implicitA) +
      (onset.letters.length > 1 && onset.roman.length > 1 ? COST.clusterImplicitA : 0) +
      (onset.letters === 'ง' ? COST.implicitNgo : 0),
  });
  return list;
}
