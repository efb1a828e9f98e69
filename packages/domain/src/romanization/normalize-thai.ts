import { isConsonant } from './thai-letters';

/** A Thai word as the parser reads it: letters without tone marks, and which letters carried a tone mark. */
export interface NormalizedThai {
  chars: string[];
  /** toned[i]: a tone mark sat on chars[i], so that letter starts a syllable (a final never carries a tone). */
  toned: boolean[];
  /** boundary[i]: a syllable must start at chars[i] (marked '|' in a respelling: ศรี|สวัสดิ์). */
  boundary: boolean[];
}

/** Marks a syllable boundary in a respelling; never part of the romanized text. */
export const BOUNDARY_MARK = '|';

const TONE_MARKS = '\u0E48\u0E49\u0E4A\u0E4B';
/** Marks with no sound in RTGS: phinthu ฺ and yamakkan ๎. */
const DROPPED = '\u0E3A\u0E4E';

/** Normalizes one run of Thai text: drops tone marks (remembering where they were) and fixes common typing variants. */
export function normalizeThai(text: string): NormalizedThai {
  const out: NormalizedThai = { chars: [], toned: [], boundary: [] };
  let boundaryNext = false;
  const push = (ch: string) => {
    out.chars.push(ch);
    out.toned.push(false);
    out.boundary.push(boundaryNext);
    boundaryNext = false;
  };
  const markTone = () => {
    for (let k = out.chars.length - 1; k >= 0; k--) {
      if (isConsonant(out.chars[k])) {
        out.toned[k] = true;
        return;
      }
    }
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    const next = text[i + 1];
    if (DROPPED.includes(ch)) continue;
    if (ch === BOUNDARY_MARK) {
      boundaryNext = out.chars.length > 0;
    } else if (TONE_MARKS.includes(ch)) {
      markTone();
    } else if (ch === 'เ' && next === 'เ') {
      push('แ');
      i++; // เ + เ typed for แ
    } else if (ch === '\u0E4D') {
      // nikhahit + (tone) + sara aa is sara am: น ้ ํ า = น้ำ
      let j = i + 1;
      while (TONE_MARKS.includes(text[j] ?? '-')) j++;
      if (text[j] === 'า') {
        for (let k = i + 1; k < j; k++) markTone();
        push('ำ');
        i = j;
      }
    } else if ((ch === 'ฤ' || ch === 'ฦ') && next === 'า') {
      push(ch); // ฤา typed for ฤๅ
      push('ๅ');
      i++;
    } else {
      push(ch);
    }
  }
  return out;
}
