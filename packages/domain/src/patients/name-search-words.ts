/** Title prefixes a name search knows: Thai ones are part of the searched name, English ones are not stored in it. */
export interface TitlePrefixes {
  thai: readonly string[];
  english: readonly string[];
}

/**
 * The words a name search matches, each somewhere in the name: what was typed, split at spaces; a Thai title typed
 * glued to the name ("นายสมชาย", as people write it) split off as a word of its own, so that it finds the stored
 * "นาย สมชาย" (splitting only widens the match: a name containing the glued word contains both halves); an English
 * title ("Mr.", "Mrs.Smith") left out, since the searched name holds the Thai title only. The longest title that
 * leaves at least two letters wins. When only titles were typed they are searched as typed.
 */
export function nameSearchWords(text: string, titles: TitlePrefixes): string[] {
  const norm = (list: readonly string[]) =>
    [...new Set(list.map((p) => p.trim().toLowerCase()).filter((p) => p.length > 0))].sort(
      (a, b) => b.length - a.length,
    );
  const thai = norm(titles.thai);
  const english = norm(titles.english);
  const typed = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const words = typed.flatMap((word) => {
    if (english.includes(word)) return [];
    const glued = (list: string[]) => list.find((p) => word.startsWith(p) && [...word.slice(p.length)].length >= 2);
    const en = glued(english);
    if (en) return [word.slice(en.length)];
    const th = glued(thai);
    return th ? [th, word.slice(th.length)] : [word];
  });
  return words.length > 0 ? words : typed;
}
