/**
 * Text of DICOM string values decoded per SpecificCharacterSet (0008,0005), PS3.5 §6.1. Thai arrives either as
 * ISO_IR 192 (UTF-8) or as ISO_IR 166 (TIS-620, single byte); other sets are decoded with the platform's decoders.
 */

const REPLACEMENT = 0xfffd;

/**
 * TIS-620 (ISO_IR 166): bytes below 0x80 are ASCII; 0xA1–0xDA are U+0E01–U+0E3A and 0xDF–0xFB are U+0E3F–U+0E5B
 * (the Thai block is laid out in the same order). 0xDB–0xDE, 0xFC–0xFF and 0x80–0xA0 are unassigned.
 */
export function decodeTis620(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 0x80) out += String.fromCharCode(b);
    else if ((b >= 0xa1 && b <= 0xda) || (b >= 0xdf && b <= 0xfb)) out += String.fromCharCode(b + 0x0d60);
    else out += String.fromCharCode(REPLACEMENT);
  }
  return out;
}

/** Encodes Thai text to TIS-620 (tests and DICOM writers); characters outside TIS-620 become '?'. */
export function encodeTis620(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) out[i] = c;
    else if ((c >= 0x0e01 && c <= 0x0e3a) || (c >= 0x0e3f && c <= 0x0e5b)) out[i] = c - 0x0d60;
    else out[i] = 0x3f;
  }
  return out;
}

type Decoder = (bytes: Uint8Array) => string;

const latin1: Decoder = (b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const utf8 = new TextDecoder('utf-8');

function webDecoder(label: string): Decoder {
  try {
    const d = new TextDecoder(label);
    return (b) => d.decode(b);
  } catch {
    return latin1;
  }
}

/** Single-byte and multi-byte sets without code extensions (the first value of SpecificCharacterSet). */
const PLAIN: Record<string, Decoder> = {
  '': latin1,
  ISO_IR_6: latin1,
  ISO_IR_100: latin1,
  ISO_IR_101: webDecoder('iso-8859-2'),
  ISO_IR_109: webDecoder('iso-8859-3'),
  ISO_IR_110: webDecoder('iso-8859-4'),
  ISO_IR_144: webDecoder('iso-8859-5'),
  ISO_IR_127: webDecoder('iso-8859-6'),
  ISO_IR_126: webDecoder('iso-8859-7'),
  ISO_IR_138: webDecoder('iso-8859-8'),
  ISO_IR_148: webDecoder('iso-8859-9'),
  ISO_IR_203: webDecoder('iso-8859-15'),
  ISO_IR_13: webDecoder('shift_jis'),
  ISO_IR_166: decodeTis620,
  ISO_IR_192: (b) => utf8.decode(b),
  GB18030: webDecoder('gb18030'),
  GBK: webDecoder('gbk'),
};

/** Decoders for the G1 (high-bit) sets designated by ISO 2022 escape sequences, keyed by the defined term. */
const G1_BY_TERM: Record<string, Decoder> = {
  ISO_2022_IR_6: latin1,
  ISO_2022_IR_100: latin1,
  ISO_2022_IR_101: webDecoder('iso-8859-2'),
  ISO_2022_IR_109: webDecoder('iso-8859-3'),
  ISO_2022_IR_110: webDecoder('iso-8859-4'),
  ISO_2022_IR_144: webDecoder('iso-8859-5'),
  ISO_2022_IR_127: webDecoder('iso-8859-6'),
  ISO_2022_IR_126: webDecoder('iso-8859-7'),
  ISO_2022_IR_138: webDecoder('iso-8859-8'),
  ISO_2022_IR_148: webDecoder('iso-8859-9'),
  ISO_2022_IR_203: webDecoder('iso-8859-15'),
  ISO_2022_IR_13: webDecoder('shift_jis'),
  ISO_2022_IR_166: decodeTis620,
  ISO_2022_IR_149: webDecoder('euc-kr'),
  ISO_2022_IR_58: webDecoder('gb18030'),
};

/** Escape sequences (after ESC) and the set they switch to; 'jis' is JIS X 0208 in G0 (7-bit, two bytes a character). */
const ESCAPES: [number[], Decoder | 'jis' | 'ascii'][] = [
  [[0x28, 0x42], 'ascii'], // ESC ( B  ASCII
  [[0x28, 0x4a], 'ascii'], // ESC ( J  JIS X 0201 Romaji (ASCII for our purpose)
  [[0x29, 0x49], G1_BY_TERM.ISO_2022_IR_13!], // ESC ) I  JIS X 0201 Katakana
  [[0x24, 0x42], 'jis'], // ESC $ B  JIS X 0208
  [[0x24, 0x29, 0x43], G1_BY_TERM.ISO_2022_IR_149!], // ESC $ ) C  KS X 1001
  [[0x24, 0x29, 0x41], G1_BY_TERM.ISO_2022_IR_58!], // ESC $ ) A  GB 2312
  [[0x2d, 0x41], latin1], // ESC - A  ISO 8859-1
  [[0x2d, 0x42], G1_BY_TERM.ISO_2022_IR_101!],
  [[0x2d, 0x43], G1_BY_TERM.ISO_2022_IR_109!],
  [[0x2d, 0x44], G1_BY_TERM.ISO_2022_IR_110!],
  [[0x2d, 0x4c], G1_BY_TERM.ISO_2022_IR_144!],
  [[0x2d, 0x47], G1_BY_TERM.ISO_2022_IR_127!],
  [[0x2d, 0x46], G1_BY_TERM.ISO_2022_IR_126!],
  [[0x2d, 0x48], G1_BY_TERM.ISO_2022_IR_138!],
  [[0x2d, 0x4d], G1_BY_TERM.ISO_2022_IR_148!],
  [[0x2d, 0x54], decodeTis620], // ESC - T  TIS 620
];

const jisDecoder = webDecoder('iso-2022-jp');

/**
 * The defined term of a character set a sender may be assumed to use when it declares none (DICOM_ASSUMED_CHARACTER_SET,
 * DICOM_AE_ASSUMED_CHARACTER_SETS), in its canonical spelling ('ISO_IR 166'); null for a set we cannot decode without
 * escapes (ISO 2022) or do not know.
 */
export function assumableCharacterSet(value: string): string | null {
  const term = termOf(value);
  if (term === '' || !(term in PLAIN)) return null;
  return term.replace(/^ISO_IR_/, 'ISO_IR ');
}

function termOf(value: string): string {
  return value
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
}

/** The character sets of one dataset, as the values of SpecificCharacterSet. */
export class CharacterSet {
  private readonly terms: string[];
  private readonly plain: Decoder | undefined;
  /** What a dataset declaring no set is read as: configured for its sender, else guessed per value. */
  private readonly assumed: Decoder | undefined;

  /**
   * `assumed`: the set the sender is configured to use when it declares none (an assumableCharacterSet term), for
   * modalities that send TIS-620 without (0008,0005); it wins over the UTF-8 guess, which misreads common TIS-620
   * names (เทพ is E0 B7 BE, valid UTF-8).
   */
  constructor(specificCharacterSet: string | undefined, assumed?: string) {
    this.terms = (specificCharacterSet ?? '').split('\\').map(termOf);
    const first = this.terms[0] ?? '';
    const extended = this.terms.some((t) => t.startsWith('ISO_2022'));
    this.plain = extended ? undefined : (PLAIN[first] ?? latin1);
    this.assumed = assumed ? PLAIN[termOf(assumed)] : undefined;
  }

  /** True when the dataset declared no (or only the default) character set. */
  get isDefault(): boolean {
    return this.terms.every((t) => t === '' || t === 'ISO_IR_6' || t === 'ISO_2022_IR_6');
  }

  decode(bytes: Uint8Array): string {
    if (!bytes.some((b) => b >= 0x80 || b === 0x1b)) return latin1(bytes);
    if (this.isDefault) {
      if (this.assumed) return this.assumed(bytes);
      // Undeclared but high bytes present: many modalities send UTF-8 without saying so; otherwise Latin-1.
      try {
        return strictUtf8.decode(bytes);
      } catch {
        return latin1(bytes);
      }
    }
    if (this.plain) return this.plain(bytes);
    return this.decodeIso2022(bytes);
  }

  /** ISO 2022 code extensions: the initial G1 set is the first value's; escape sequences switch sets. */
  private decodeIso2022(bytes: Uint8Array): string {
    const first = this.terms[0] ?? '';
    // With no G1 set of its own (ISO 2022 IR 6), a delimiter keeps the last designated set: lenient with writers
    // that forget to repeat the escape after '^' or '='.
    const initialG1 = first === '' || first === 'ISO_2022_IR_6' ? undefined : G1_BY_TERM[first];
    let g1: Decoder = initialG1 ?? latin1;
    let jis = false;
    let out = '';
    let start = 0;
    const flush = (end: number) => {
      if (end <= start) return;
      const seg = bytes.subarray(start, end);
      if (jis) out += jisDecoder(concat([0x1b, 0x24, 0x42], seg, [0x1b, 0x28, 0x42]));
      else out += seg.some((b) => b >= 0x80) ? g1(seg) : latin1(seg);
    };
    let i = 0;
    while (i < bytes.length) {
      const b = bytes[i]!;
      if (b === 0x1b) {
        const match = ESCAPES.find(([seq]) => seq.every((s, k) => bytes[i + 1 + k] === s));
        flush(i);
        if (match) {
          const [seq, target] = match;
          if (target === 'jis') jis = true;
          else if (target === 'ascii') jis = false;
          else g1 = target;
          i += 1 + seq.length;
        } else {
          i += 1;
        }
        start = i;
        continue;
      }
      // Delimiters return to the initial state (PS3.5 §6.1.2.5.3).
      if (!jis && (b === 0x5c || b === 0x5e || b === 0x3d || b === 0x0a || b === 0x0d)) {
        flush(i);
        out += String.fromCharCode(b);
        g1 = initialG1 ?? g1;
        start = i + 1;
      }
      i++;
    }
    flush(bytes.length);
    return out;
  }
}

function concat(a: number[], b: Uint8Array, c: number[]): Uint8Array {
  const out = new Uint8Array(a.length + b.length + c.length);
  out.set(a, 0);
  out.set(b, a.length);
  out.set(c, a.length + b.length);
  return out;
}
