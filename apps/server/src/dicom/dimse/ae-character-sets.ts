import { assumableCharacterSet } from '../parse/charset';

/**
 * The character sets of C-FIND and worklist answers: UTF-8 (the default), or TIS-620 for older Thai modalities that
 * read nothing else (docs/decisions/io21-answer-character-set.md).
 */
export const ANSWER_CHARACTER_SETS = ['ISO_IR 192', 'ISO_IR 166'] as const;
export type AnswerCharacterSet = (typeof ANSWER_CHARACTER_SETS)[number];

/** Per calling AE title: what its instances are read as when they declare no set, and what its answers are written in. */
export interface AeCharacterSets {
  /** DICOM_AE_ASSUMED_CHARACTER_SETS. */
  assumed: ReadonlyMap<string, string>;
  /** DICOM_AE_ANSWER_CHARACTER_SETS. */
  answers: ReadonlyMap<string, AnswerCharacterSet>;
}

export const NO_AE_CHARACTER_SETS: AeCharacterSets = { assumed: new Map(), answers: new Map() };

const AE_TITLE = /^[ -[\]-~]{1,16}$/;

/**
 * `AE=SET` entries, comma-separated (`CT_OLD=ISO_IR 166,US2=ISO_IR 100`); SET is checked by `accept`, which answers
 * its canonical spelling or null. The AE titles with their sets, or the first entry that is wrong.
 */
function parseEntries<T extends string>(
  value: string,
  accept: (set: string) => T | null,
  expected: string,
): { ok: true; sets: Map<string, T> } | { ok: false; error: string } {
  const sets = new Map<string, T>();
  for (const raw of value
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '')) {
    const at = raw.lastIndexOf('=');
    if (at < 0) return { ok: false, error: `"${raw}": must be AE=CHARACTER_SET, such as CT_OLD=ISO_IR 166` };
    const ae = raw.slice(0, at).trim();
    if (!AE_TITLE.test(ae))
      return { ok: false, error: `"${raw}": the AE title must be 1-16 printable ASCII characters, no backslash` };
    if (sets.has(ae)) return { ok: false, error: `"${ae}" is listed twice` };
    const set = accept(raw.slice(at + 1));
    if (!set) return { ok: false, error: `"${raw}": the character set must be ${expected}` };
    sets.set(ae, set);
  }
  return { ok: true, sets };
}

export const ASSUMABLE_EXPECTED =
  'a defined term such as ISO_IR 166 (TIS-620), ISO_IR 192 (UTF-8), ISO_IR 100 (Latin-1)';

/** DICOM_AE_ASSUMED_CHARACTER_SETS: the set each AE's instances are read as when they declare none. */
export function parseAssumedCharacterSets(value: string) {
  return parseEntries(value, assumableCharacterSet, ASSUMABLE_EXPECTED);
}

/** DICOM_AE_ANSWER_CHARACTER_SETS: the set each AE's worklist and C-FIND answers are written in. */
export function parseAnswerCharacterSets(value: string) {
  return parseEntries(
    value,
    (set) => {
      const canonical = assumableCharacterSet(set);
      return ANSWER_CHARACTER_SETS.find((s) => s === canonical) ?? null;
    },
    'ISO_IR 192 (UTF-8) or ISO_IR 166 (TIS-620)',
  );
}
