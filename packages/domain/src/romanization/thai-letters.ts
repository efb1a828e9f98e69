// Thai letter tables for RTGS (Royal Institute, 1999): the sound of each consonant as an initial and as a
// final, the true and false initial clusters, and the character classes the syllable parser works with.

/** RTGS value of each consonant at the start of a syllable (อ carries a vowel and has no sound). */
export const INITIAL: Readonly<Record<string, string>> = {
  ก: 'k',
  ข: 'kh',
  ฃ: 'kh',
  ค: 'kh',
  ฅ: 'kh',
  ฆ: 'kh',
  ง: 'ng',
  จ: 'ch',
  ฉ: 'ch',
  ช: 'ch',
  ซ: 's',
  ฌ: 'ch',
  ญ: 'y',
  ฎ: 'd',
  ฏ: 't',
  ฐ: 'th',
  ฑ: 'th',
  ฒ: 'th',
  ณ: 'n',
  ด: 'd',
  ต: 't',
  ถ: 'th',
  ท: 'th',
  ธ: 'th',
  น: 'n',
  บ: 'b',
  ป: 'p',
  ผ: 'ph',
  ฝ: 'f',
  พ: 'ph',
  ฟ: 'f',
  ภ: 'ph',
  ม: 'm',
  ย: 'y',
  ร: 'r',
  ล: 'l',
  ว: 'w',
  ศ: 's',
  ษ: 's',
  ส: 's',
  ห: 'h',
  ฬ: 'l',
  อ: '',
  ฮ: 'h',
};

/**
 * RTGS value of a consonant closing a syllable: k, t, p, n, m, ng, and the semivowels ย → i, ว → o
 * (so -าย ai, -าว ao, -ุย ui, เ-ียว iao, แ-ว aeo come out of vowel + final). Letters missing here
 * (ผ ฝ ฉ ห อ ฮ) never close a syllable.
 */
export const FINAL: Readonly<Record<string, string>> = {
  ก: 'k',
  ข: 'k',
  ฃ: 'k',
  ค: 'k',
  ฅ: 'k',
  ฆ: 'k',
  ง: 'ng',
  จ: 't',
  ช: 't',
  ซ: 't',
  ฌ: 't',
  ฎ: 't',
  ฏ: 't',
  ฐ: 't',
  ฑ: 't',
  ฒ: 't',
  ด: 't',
  ต: 't',
  ถ: 't',
  ท: 't',
  ธ: 't',
  ศ: 't',
  ษ: 't',
  ส: 't',
  ญ: 'n',
  ณ: 'n',
  น: 'n',
  ร: 'n',
  ล: 'n',
  ฬ: 'n',
  บ: 'p',
  ป: 'p',
  พ: 'p',
  ฟ: 'p',
  ภ: 'p',
  ม: 'm',
  ย: 'i',
  ว: 'o',
};

/** True initial clusters (both letters pronounced): first letter → allowed second letters. */
const TRUE_CLUSTERS: Readonly<Record<string, string>> = {
  ก: 'รลว',
  ข: 'รลว',
  ค: 'รลว',
  ต: 'ร',
  ป: 'รล',
  พ: 'รล',
  ผ: 'ล',
  บ: 'รล',
  ด: 'ร',
  ฟ: 'รล',
  ท: 'ร',
};

/** False clusters: the ร after these letters is silent (ศรี si, สร้อย soi, ทราย sai, ทรัพย์ sap). */
const FALSE_CLUSTER_FIRST = 'ศสซท';

/** The 44 consonants (ก..ฮ), without the vowel letters ฤ ฦ that sit in the same Unicode block. */
export function isConsonant(ch: string | undefined): boolean {
  return ch != null && ch >= 'ก' && ch <= 'ฮ' && ch !== 'ฤ' && ch !== 'ฦ';
}

/** Vowels written before the consonant they follow in speech (เ แ โ ใ ไ). */
export function isPreposedVowel(ch: string | undefined): boolean {
  return ch != null && 'เแโใไ'.includes(ch);
}

/** Signs that attach to the consonant before them (ะ ั า ำ ิ ี ึ ื ุ ู ็ ๅ): that consonant is an initial, never a final. */
export function isDependentVowel(ch: string | undefined): boolean {
  return ch != null && 'ะัาำิีึืุู็ๅ'.includes(ch);
}

/** Thai letters, vowels and marks (not digits, ฿, ฯ, ๆ or Thai punctuation). */
export function isThaiLetter(ch: string): boolean {
  return (ch >= '\u0E01' && ch <= '\u0E3A') || (ch >= '\u0E40' && ch <= '\u0E4E' && ch !== 'ๆ');
}

/** How a pair of letters behaves at the start of a syllable: a true cluster, a false one (ร silent), or neither. */
export function clusterKind(first: string, second: string | undefined): 'true' | 'false' | null {
  if (second == null) return null;
  if (second === 'ร' && FALSE_CLUSTER_FIRST.includes(first)) return 'false';
  return TRUE_CLUSTERS[first]?.includes(second) ? 'true' : null;
}

/** Sonorants that a silent leading ห (or อ in อย-) turns into high-class initials: หญิง ying, หนู nu, หมาย mai. */
export function isSonorant(ch: string | undefined): boolean {
  return ch != null && 'งญนมยรลว'.includes(ch);
}

/**
 * Pali/Sanskrit stop groups (วรรค). A final followed by an initial of the same group is a written geminate
 * (ยุทธ, อัจฉรา, สิทธิ) and is read once; a final followed by a letter of another group is often read twice
 * in Pali/Sanskrit names (รัตนา rattana, ราชบุรี ratchaburi). Retroflex and dental stops sound alike in Thai,
 * so they are one group here (ณัฐธิดา nat-thi-da).
 */
const VARGAS = ['กขคฆ', 'จฉชซฌ', 'ฏฐฑฒตถทธด', 'ปผพภ', 'ศษส', 'ษฐ'];

// A written geminate is the same letter, two stops of one group (ยุทธ, อัจฉรา, สิทธิ), or ษฐ (เศรษฐา
// settha); a stop before a nasal is not one (รัตนา rat-ta-na).
/** Whether a final and the next initial are a written Pali/Sanskrit geminate, read once. */
export function sameVarga(a: string, b: string): boolean {
  return a === b || VARGAS.some((group) => group.includes(a) && group.includes(b));
}
