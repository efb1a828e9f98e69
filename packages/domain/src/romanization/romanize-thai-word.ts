import { normalizeThai } from './normalize-thai';
import { renderSyllables } from './render-syllables';
import { respell } from './respellings';
import { removeSilentLetters } from './silent-letters';
import { syllabifyThai } from './syllabify-thai';

/** Romanizes one run of Thai letters (a single word, no spaces) to lower-case RTGS. */
export function romanizeThaiWord(word: string): string {
  return renderSyllables(syllabifyThai(removeSilentLetters(normalizeThai(respell(word)))));
}
