// RTGS romanization (Royal Institute, 1999) of Thai personal and place names. Design notes:
//
// Each run of Thai letters goes through (romanize-thai-word.ts):
//  1. respellings.ts: the exception dictionary, ~25 lexically irregular words and name stems replaced by a
//     phonetic Thai respelling (อ่านว่า) that the rules then read (ธน- → ธนะ- Thanaphon, ลพบุรี → ลบบุรี).
//  2. normalize-thai.ts: tone marks dropped (remembering that a toned letter is an initial), ํา → ำ, เเ → แ.
//  3. silent-letters.ts: letters under the thanthakhat ์ removed with their ิ/ุ (ศักดิ์ → ศัก); the letter before
//     them may be silent too (จันทร์ chan), and a syllable starts after the gap.
//  4. syllabify-thai.ts: Thai spelling leaves vowels unwritten, so syllabification is a lowest-cost search.
//     syllable-candidates.ts lists every reading of one syllable at a position: initials (syllable-onsets.ts:
//     true clusters กร คล ขว…, false clusters ศร สร ซร ทร → s, silent leading ห and อ), vowels in every
//     position (syllable-rhymes.ts, with the inherent o of สม and a of ชนิดา, รร, ฤ, the leading consonant of
//     เกษม) and finals (syllable-finals.ts: k t p n m ng, ย → i, ว → o, silent ร of เพชร, Pali geminates).
//     parse-costs.ts weighs them and their neighbours by how Thai and Pali/Sanskrit words are usually read.
//  5. render-syllables.ts: RTGS letters plus the rules across syllables: the silent final ิ/ุ of Pali words
//     (ชาติ chat), a Pali/Sanskrit final read again with a (ราชบุรี ratchaburi, รัตนา rattana), ทร → thr.
//
// Words are the whitespace-separated tokens of the input (a name or a compound is one word, as RTGS writes
// them), capitalized, without the RTGS hyphen before a vowel (จันทร์โอชา → Chanocha, not Chan-o-cha).
// Intl.Segmenter (ICU) was tried as a source of compound boundaries and dropped: on the test lists it only
// ever made readings worse (it cuts unknown names inside syllables: ภัทร|า, จัก|รก|ฤษณ์), and results would
// depend on the ICU data of the runtime. Readings that are lexical rather than spelled (วาสนา wat-sa-na but
// พนัสนิคม pha-nat-ni-khom) follow the commoner pattern: see KNOWN_GAPS in romanize-thai-names.test.ts.
import { romanizeThaiWord } from './romanize-thai-word';
import { isThaiLetter } from './thai-letters';

const THAI_DIGITS = '๐๑๒๓๔๕๖๗๘๙';
const MAI_YAMOK = 'ๆ';
const PAIYANNOI = 'ฯ';

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Romanizes the Thai runs inside one whitespace-free token; other characters are kept as they are. */
function romanizeToken(token: string): string {
  let out = '';
  let run = '';
  const flush = () => {
    if (run) out += capitalize(romanizeThaiWord(run));
    run = '';
  };
  for (const ch of token) {
    const digit = THAI_DIGITS.indexOf(ch);
    if (digit >= 0) {
      flush();
      out += String(digit);
    } else if (ch === PAIYANNOI) {
      flush(); // กรุงเทพฯ: the abbreviation mark is not read
    } else if (isThaiLetter(ch)) {
      run += ch;
    } else {
      flush();
      out += ch;
    }
  }
  flush();
  return out;
}

// Each word is romanized and capitalized, ๆ repeats the word before it, ฯ is dropped, Thai digits become
// 0-9, other characters are kept as they are, and whitespace collapses to single spaces.
/** Romanizes Thai text (names, places) to RTGS, one capitalized word per input word. */
export function romanizeThai(text: string): string {
  const words: string[] = [];
  const tokens = text
    .replace(/\u200C|\u200D|\u2060|\uFEFF/g, '') // invisible joiners from copy-paste
    .replace(/ฯลฯ/g, ' etc. ')
    .split(/[\s\u200B]+/) // a zero-width space marks a word break in Thai text
    .filter(Boolean);
  for (const token of tokens) {
    const parts = token.split(MAI_YAMOK);
    parts.forEach((part, i) => {
      if (i > 0) {
        const repeated = parts[i - 1] ? romanizeToken(parts[i - 1] ?? '') : words[words.length - 1];
        if (repeated) words.push(repeated);
      }
      if (part) words.push(romanizeToken(part));
    });
  }
  return words.join(' ');
}
