import { CharacterSet } from '../parse/charset';

/**
 * The bytes dcmjs read: it decodes a data set that declares no SpecificCharacterSet with the platform's 'latin1',
 * which is windows-1252, so 0x80–0x9F came back as other characters (€, ‚ …) and are mapped back here.
 */
const WINDOWS_1252_HIGH = new Map<number, number>(
  [...new TextDecoder('latin1').decode(Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i))].map((c, i) => [
    c.charCodeAt(0),
    0x80 + i,
  ]),
);

function bytesOf(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[i] = WINDOWS_1252_HIGH.get(c) ?? (c <= 0xff ? c : 0x3f);
  }
  return out;
}

const hasHighCharacters = (text: string) => [...text].some((c) => c.charCodeAt(0) >= 0x80);

/**
 * A C-FIND identifier that declares no character set, read again with the set assumed for its AE
 * (DICOM_AE_ASSUMED_CHARACTER_SETS): an old Thai modality asking for a name in TIS-620 undeclared is matched like one
 * that declares ISO_IR 166. A declared set (dcmjs has already decoded with it) and pure ASCII are left as they are.
 */
export function redecodeUndeclaredQuery(
  identifier: Record<string, unknown>,
  assumed: string | undefined,
): Record<string, unknown> {
  const declared = identifier.SpecificCharacterSet;
  if (!assumed || (declared !== undefined && declared !== '' && !(Array.isArray(declared) && declared.length === 0)))
    return identifier;
  const charset = new CharacterSet(undefined, assumed);
  const again = (value: unknown): unknown => {
    if (typeof value === 'string') return hasHighCharacters(value) ? charset.decode(bytesOf(value)) : value;
    if (Array.isArray(value)) return value.map(again);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === '_vrMap' ? v : again(v)]));
    return value;
  };
  return again(identifier) as Record<string, unknown>;
}
