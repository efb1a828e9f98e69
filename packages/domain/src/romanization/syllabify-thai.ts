// Splits a Thai word into syllables: a beam search over syllableCandidates(), adding costs that depend on
// the neighbouring syllables (which the candidates alone cannot see).
import { CONTEXT_COST } from './parse-costs';
import type { ParseInput } from './silent-letters';
import type { Syllable } from './syllable';
import { syllableCandidates } from './syllable-candidates';
import { FINAL, sameVarga } from './thai-letters';

const BEAM = 8;

/** Vowels of an open syllable written with a preposed vowel alone (เก, แส, โส). */
const PREPOSED_OPEN = ['e', 'ae', 'o'];
/** Long vowels that may as well stay open (see implicitOAfterLongClosed). */
const LONG_OPEN_SIGNS = ['า', 'ี', 'ู'];

/** Nasal finals and the stops of their group. */
const HOMORGANIC: ReadonlyArray<readonly [string, string]> = [
  ['ง', 'กขคฆ'],
  ['ญ', 'จฉชฌ'],
  ['ณ', 'ฏฐฑฒ'],
  ['น', 'ตถทธด'],
  ['ม', 'ปผพภบ'],
];

interface State {
  cost: number;
  syllables: Syllable[];
}

const isHomorganic = (nasal: string, stop: string) =>
  HOMORGANIC.some(([n, stops]) => nasal === n && stops.includes(stop));
const isImplicitO = (s: Syllable | undefined) => s != null && s.implicit && s.vowel === 'o' && s.final !== '';
const isImplicitA = (s: Syllable | undefined) => s != null && s.implicit && !s.final;

function contextCost(w: ParseInput, before: Syllable | undefined, prev: Syllable | undefined, cur: Syllable): number {
  if (!prev) return 0;
  let cost = 0;
  const adjacent = prev.end === cur.start;
  if (cur.vowelSign === 'ิ' && prev.vowel === 'e' && !prev.vowelSign && !prev.final && adjacent) {
    cost += CONTEXT_COST.splitOeVowel;
  }
  if (cur.onset === 'ง' && !prev.final && !prev.implicit && adjacent) cost += CONTEXT_COST.ngAfterOpen;
  if (isImplicitA(cur) && isImplicitA(prev)) cost += CONTEXT_COST.implicitAAfterImplicitA;
  if (isImplicitA(prev) && cur.onset.length === 2 && cur.onset[0] === 'ห') cost += CONTEXT_COST.leadingHAfterImplicitA;
  if (isHomorganic(prev.final, cur.onset[0] ?? '-')) cost += CONTEXT_COST.homorganicNasal;
  if (isImplicitA(prev) && cur.onset.length === 2 && cur.onsetRoman.length > 1 && !cur.implicit) {
    cost += CONTEXT_COST.clusterAfterImplicitA;
  }
  if (!isImplicitO(cur)) return cost;

  if (!prev.implicit) {
    if (!prev.final && cur.end < w.chars.length) {
      const stop = 'ktp'.includes(FINAL[cur.final] ?? '-');
      const onset = cur.onset[0] ?? '-';
      const splits = sameVarga(onset, cur.final) || isHomorganic(onset, cur.final);
      if (!stop) cost += CONTEXT_COST.implicitOSonorantAfterOpen;
      else if (splits) cost += CONTEXT_COST.implicitOStopAfterOpen;
    }
    if (prev.final && LONG_OPEN_SIGNS.includes(prev.vowelSign)) cost += CONTEXT_COST.implicitOAfterLongClosed;
    if (!prev.final && PREPOSED_OPEN.includes(prev.vowel) && !prev.vowelSign && 'กดบนมง'.includes(cur.final)) {
      cost += CONTEXT_COST.nativeImplicitOAfterOpenPreposed;
    }
    return cost;
  }
  if (isImplicitO(prev) && isImplicitO(before)) cost += CONTEXT_COST.threeImplicitO;
  if (isImplicitA(prev)) {
    if (cur.onset.length > 1 && cur.onsetRoman.length > 1) cost += CONTEXT_COST.clusterImplicitOAfterImplicitA;
    else if (prev.start === 0) cost += CONTEXT_COST.wordInitialAThenO;
  }
  return cost;
}

/** Splits a parse input into its likeliest syllables (always returns a reading, letter by letter at worst). */
export function syllabifyThai(w: ParseInput): Syllable[] {
  const n = w.chars.length;
  const states: State[][] = Array.from({ length: n + 1 }, () => []);
  states[0] = [{ cost: 0, syllables: [] }];
  for (let pos = 0; pos < n; pos++) {
    const here = states[pos] ?? [];
    if (here.length === 0) continue;
    const candidates = syllableCandidates(w, pos);
    for (const state of here) {
      for (const cand of candidates) {
        let cost = state.cost + cand.cost;
        const syllables = [...state.syllables];
        for (const s of cand.syllables) {
          cost += contextCost(w, syllables[syllables.length - 2], syllables[syllables.length - 1], s);
          syllables.push(s);
        }
        const bucket = states[cand.end];
        if (!bucket) continue;
        bucket.push({ cost, syllables });
        bucket.sort((a, b) => a.cost - b.cost);
        if (bucket.length > BEAM) bucket.length = BEAM;
      }
    }
  }
  return states[n]?.[0]?.syllables ?? [];
}
