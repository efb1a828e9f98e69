// Every way a Thai syllable can be read starting at one position of a word, each with a cost. The
// search in syllabify-thai.ts strings these together; the costs (parse-costs.ts) encode which reading is usual.
import { COST } from './parse-costs';
import type { ParseInput } from './silent-letters';
import type { Syllable } from './syllable';
import { type FinalOption, finalsAfter } from './syllable-finals';
import { type Onset, onsetsAt } from './syllable-onsets';
import { type Rhyme, rhymesAfter } from './syllable-rhymes';
import { INITIAL, clusterKind, isConsonant, isSonorant } from './thai-letters';

/** One reading of the letters from a position: one syllable, or two for a leading consonant (เกษม ka-sem). */
export interface Candidate {
  syllables: Syllable[];
  end: number;
  cost: number;
}

/** High- and mid-class letters: only these lead a following letter under a preposed vowel (not เวลา, เทวดา). */
const LEADING_CLASS = 'ขฃฉฐถผฝศษสหกจฎฏดตบปอ';

function build(w: ParseInput, start: number, onset: Onset, rhyme: Rhyme, fin: FinalOption): Syllable {
  return {
    start,
    afterSilenced: w.boundary[start] ?? false,
    end: fin.end,
    onset: onset.letters,
    onsetRoman: onset.roman + (rhyme.onsetSuffix ?? ''),
    vowel: rhyme.vowel,
    vowelSign: rhyme.sign,
    implicit: rhyme.implicit,
    short: rhyme.short,
    final: fin.final,
    shared: fin.shared,
    silentR: fin.silentR,
    extraSilent: fin.extraSilent ?? false,
    doubleR: rhyme.doubleR ?? false,
  };
}

function crossesBoundary(w: ParseInput, start: number, end: number): boolean {
  for (let k = start + 1; k < end; k++) if (w.boundary[k]) return true;
  return false;
}

function readings(w: ParseInput, start: number, onsetPos: number, pre: string): Candidate[] {
  const out: Candidate[] = [];
  for (const onset of onsetsAt(w, onsetPos, pre !== '')) {
    for (const rhyme of rhymesAfter(w, onset.end, pre, onset)) {
      for (const fin of finalsAfter(w, rhyme)) {
        if (crossesBoundary(w, start, fin.end)) continue;
        out.push({
          syllables: [build(w, start, onset, rhyme, fin)],
          end: fin.end,
          cost: onset.cost + rhyme.cost + fin.cost,
        });
      }
    }
  }
  return out;
}

const RAW: Readonly<Record<string, string>> = {
  ะ: 'a',
  'ั': 'a',
  า: 'a',
  ำ: 'am',
  'ิ': 'i',
  'ี': 'i',
  'ึ': 'ue',
  'ื': 'ue',
  'ุ': 'u',
  'ู': 'u',
  เ: 'e',
  แ: 'ae',
  โ: 'o',
  ใ: 'ai',
  ไ: 'ai',
  ฤ: 'rue',
  ฦ: 'lue',
};

function rawCandidate(w: ParseInput, pos: number): Candidate {
  const ch = w.chars[pos] ?? '';
  const roman = isConsonant(ch) ? (INITIAL[ch] ?? '') : (RAW[ch] ?? '');
  const syllable: Syllable = {
    start: pos,
    end: pos + 1,
    afterSilenced: false,
    onset: '',
    onsetRoman: roman,
    vowel: '',
    vowelSign: '',
    implicit: false,
    short: false,
    final: '',
    shared: false,
    silentR: false,
    extraSilent: false,
    doubleR: false,
  };
  return { syllables: [syllable], end: pos + 1, cost: COST.raw };
}

/** All readings of one syllable (two for a leading consonant) starting at `pos`, plus a costly letter-by-letter fallback. */
export function syllableCandidates(w: ParseInput, pos: number): Candidate[] {
  const ch = w.chars[pos];
  const out: Candidate[] = [];
  if (ch === 'เ' || ch === 'แ' || ch === 'โ' || ch === 'ใ' || ch === 'ไ') {
    out.push(...readings(w, pos, pos + 1, ch));
    // เกษม ka-sem, เฉลิม cha-loem, เจริญ cha-roen, แสดง sa-daeng: the first letter gets an inherent a.
    const [c1, c2] = [w.chars[pos + 1], w.chars[pos + 2]];
    if (
      c1 != null &&
      c2 != null &&
      LEADING_CLASS.includes(c1) &&
      isConsonant(c2) &&
      !w.toned[pos + 1] &&
      !w.boundary[pos + 2] &&
      !w.boundary[pos + 1] &&
      clusterKind(c1, c2) == null &&
      !(c1 === 'ห' && isSonorant(c2))
    ) {
      const lead: Syllable = {
        start: pos,
        end: pos + 2,
        afterSilenced: false,
        onset: c1,
        onsetRoman: INITIAL[c1] ?? '',
        vowel: 'a',
        vowelSign: '',
        implicit: true,
        short: true,
        final: '',
        shared: false,
        silentR: false,
        extraSilent: false,
        doubleR: false,
      };
      for (const rest of readings(w, pos + 2, pos + 2, ch)) {
        const cost = (isSonorant(c2) ? COST.leadingSonorant : COST.leadingOther) + rest.cost;
        out.push({ syllables: [lead, ...rest.syllables], end: rest.end, cost });
      }
    }
  } else if (ch === 'ฤ' || ch === 'ฦ') {
    // A vowel letter standing alone: ฤดู rue-du, ฤๅษี, ฦๅ lue; ฤทธิ์ reads rit.
    const long = w.chars[pos + 1] === 'ๅ';
    const ritthi = w.chars[pos + 1] === 'ท' && (w.chars[pos + 2] === 'ธ' || w.weak[pos + 1]); // ฤทธิ์, ฤทธิชัย
    const vowel = !long && ch === 'ฤ' && ritthi ? 'i' : 'ue';
    const onset: Onset = { end: pos, letters: ch, roman: ch === 'ฤ' ? 'r' : 'l', cost: 0 };
    const rhyme: Rhyme = {
      vowel,
      sign: ch,
      implicit: false,
      short: !long,
      end: long ? pos + 2 : pos + 1,
      finals: 'optional',
      cost: COST.explicit,
    };
    for (const fin of finalsAfter(w, rhyme)) {
      out.push({ syllables: [build(w, pos, onset, rhyme, fin)], end: fin.end, cost: rhyme.cost + fin.cost });
    }
  } else if (isConsonant(ch)) {
    out.push(...readings(w, pos, pos, ''));
  }
  out.push(rawCandidate(w, pos));
  return out;
}
