/**
 * HL7 v2.5 ORU^R01 for a finished radiology report, and the ACK the receiving gateway answers (decisions G1–G4, docs/decisions/README.md).
 * Pure text in, text out: the server sends it, the gateway simulator reads it, and neither needs a library.
 *
 * Delimiters are HL7's defaults (field `|`, component `^`, repetition `~`, escape `\`, subcomponent `&`); segments end
 * with a carriage return. Every value written goes through `escapeHl7`, so report text, names and codes that contain a
 * delimiter, a line break or any other control character cannot change the message's structure.
 */
import { BANGKOK_OFFSET_MS } from '../time/bangkok-day';

/** MSH-3 of every message Rangsi sends. */
export const HL7_SENDING_APPLICATION = 'RANGSI';
/** MSH-18: the message is UTF-8 (Thai names and report text go as they are). */
export const HL7_CHARACTER_SET = 'UNICODE UTF-8';
/** MSH-12. */
export const HL7_VERSION = '2.5';

const FIELD = '|';
const COMPONENT = '^';
const REPETITION = '~';
const ESCAPE = '\\';
const SUBCOMPONENT = '&';
const ENCODING_CHARACTERS = `${COMPONENT}${REPETITION}${ESCAPE}${SUBCOMPONENT}`;
const SEGMENT_END = '\r';

/** OBR-25 and OBX-11: F final, P preliminary, C corrected (an addendum replaces what the hospital holds). */
export type OruResultStatus = 'F' | 'P' | 'C';

/** One labelled part of the report text; each of its lines becomes one OBX of type TX. */
export interface OruSection {
  /** OBX-3: a LOINC code (coding system LN) and its name. */
  code: string;
  name: string;
  /** The heading written as the section's first line (for receivers that show OBX-5 alone). */
  label: string;
  text: string;
}

export interface OruReportInput {
  /** MSH-10: unique per message sent (at most 20 characters in v2.5). */
  controlId: string;
  /** MSH-7. */
  sentAt: Date;
  /** MSH-4: the radiology branch's code. */
  sendingFacility: string;
  /** MSH-5 (default HIS). */
  receivingApplication?: string;
  /** MSH-6: the client hospital's code; also the assigning authority of the HN. */
  receivingFacility: string;
  patient: {
    hn: string;
    prefix?: string | null;
    firstName: string;
    middleName?: string | null;
    lastName?: string | null;
    suffix?: string | null;
    /** yyyy-MM-dd. */
    birthDate?: string | null;
    /** Male, Female, anything else is U. */
    gender?: string | null;
  };
  order: {
    /** OBR-2 placer and OBR-3 filler order number (ORC-2, ORC-3 too). */
    accessionNumber: string;
    /** OBR-4: local code and description of the exam. */
    examCode: string;
    examDescription: string;
    /** OBR-7: when the exam was done. */
    observedAt: Date;
    /** OBR-22: when this report version was finished. */
    reportedAt: Date;
    resultStatus: OruResultStatus;
    /** OBR-16. */
    referringPhysician?: string | null;
  };
  sections: OruSection[];
  /** OBR-32 and OBX-16: who read the exam (licence number, name). */
  reader: { id?: string | null; name: string };
}

/** The report parts a radiologist writes, their OBX-3 codes (LOINC, as DICOM PS3.20 names report sections) and headings. */
export const REPORT_SECTIONS = [
  { key: 'clinicalInformation', code: '55752-0', name: 'Clinical information', label: 'CLINICAL INFORMATION:' },
  { key: 'technique', code: '55111-9', name: 'Current imaging procedure descriptions', label: 'TECHNIQUE:' },
  { key: 'findings', code: '59776-5', name: 'Procedure findings', label: 'FINDINGS:' },
  {
    key: 'impression',
    code: '19005-8',
    name: 'Radiology Imaging study [Impression] (narrative)',
    label: 'IMPRESSION:',
  },
  { key: 'addendum', code: '55107-7', name: 'Addendum', label: 'ADDENDUM:' },
] as const;

/** The labelled, non-empty sections of a finished report's content (clinicalInformation, technique, findings, impression, addendum). */
export function oruSectionsOf(content: Record<string, unknown> | null | undefined): OruSection[] {
  const out: OruSection[] = [];
  for (const s of REPORT_SECTIONS) {
    const text = content?.[s.key];
    if (typeof text === 'string' && text.trim() !== '') out.push({ code: s.code, name: s.name, label: s.label, text });
  }
  return out;
}

/** OBR-25 for a finished report's kind: preliminary → P, addendum (a correction) → C, otherwise F. */
export function oruResultStatusOf(kind: string): OruResultStatus {
  if (kind === 'preliminary') return 'P';
  if (kind === 'addendum' || kind === 'corrected') return 'C';
  return 'F';
}

/** Escapes HL7 delimiters (| ^ ~ \ &) and control characters (line breaks included) so a value stays one value. */
export function escapeHl7(value: string): string {
  let out = '';
  for (const ch of value) {
    switch (ch) {
      case ESCAPE:
        out += '\\E\\';
        break;
      case FIELD:
        out += '\\F\\';
        break;
      case COMPONENT:
        out += '\\S\\';
        break;
      case SUBCOMPONENT:
        out += '\\T\\';
        break;
      case REPETITION:
        out += '\\R\\';
        break;
      default: {
        const code = ch.codePointAt(0) ?? 0;
        out += code < 0x20 || code === 0x7f ? `\\X${code.toString(16).toUpperCase().padStart(2, '0')}\\` : ch;
      }
    }
  }
  return out;
}

/** Reverses escapeHl7 (\F\ \S\ \T\ \R\ \E\, \Xhh…\ as UTF-8 bytes, \.br\ as a line break); unknown sequences stay as written. */
export function unescapeHl7(value: string, encodingCharacters = ENCODING_CHARACTERS, fieldSeparator = FIELD): string {
  const esc = encodingCharacters[2] ?? ESCAPE;
  if (!value.includes(esc)) return value;
  const map: Record<string, string> = {
    F: fieldSeparator,
    S: encodingCharacters[0] ?? COMPONENT,
    R: encodingCharacters[1] ?? REPETITION,
    E: esc,
    T: encodingCharacters[3] ?? SUBCOMPONENT,
    '.br': '\n',
  };
  let out = '';
  for (let i = 0; i < value.length;) {
    const end = value[i] === esc ? value.indexOf(esc, i + 1) : -1;
    if (end < 0) {
      out += value[i];
      i += 1;
      continue;
    }
    const seq = value.slice(i + 1, end);
    const hex = /^X((?:[0-9A-Fa-f]{2})+)$/.exec(seq);
    if (Object.hasOwn(map, seq)) out += map[seq];
    else if (hex?.[1])
      out += new TextDecoder().decode(Uint8Array.from(hex[1].match(/../g) ?? [], (h) => parseInt(h, 16)));
    else out += value.slice(i, end + 1);
    i = end + 1;
  }
  return out;
}

/** An HL7 DTM in Bangkok time (Thailand keeps +07:00 all year): yyyyMMddHHmmss+0700. */
export function formatHl7DateTime(at: Date): string {
  const d = new Date(at.getTime() + BANGKOK_OFFSET_MS);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(d.getUTCFullYear(), 4)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}+0700`;
}

/** The message's segments, each its fields (still escaped) numbered as HL7 numbers them: MSH[1] is `|`, MSH[2] the encoding characters. */
export function parseHl7Message(
  message: string,
): { segments: string[][]; fieldSeparator: string; encodingCharacters: string } | null {
  // MLLP framing (VT … FS CR) and a BOM are tolerated; segments may end with CR, LF or CRLF.
  const text = message.replace(/^[\uFEFF\x0b\s]+/, '').replace(/[\x1c\s]+$/, '');
  if (!text.startsWith('MSH') || text.length < 8) return null;
  const fieldSeparator = text[3]!;
  const rest = text.slice(4);
  const encodingEnd = rest.indexOf(fieldSeparator);
  const encodingCharacters = encodingEnd < 0 ? rest : rest.slice(0, encodingEnd);
  if (encodingCharacters.length < 2 || encodingCharacters.length > 5) return null;
  const segments = text
    .split(/\r\n|\r|\n/)
    .filter((s) => s !== '')
    .map((line) => {
      const fields = line.split(fieldSeparator);
      return fields[0] === 'MSH' ? ['MSH', fieldSeparator, ...fields.slice(1)] : fields;
    });
  return { segments, fieldSeparator, encodingCharacters };
}

/** Builds the ORU^R01 message: MSH, PID, ORC, OBR, then one OBX (TX) per line of each labelled section. */
export function buildOruR01(input: OruReportInput): string {
  const { patient, order, reader } = input;
  const readerId = reader.id ?? '';
  const observedAt = formatHl7DateTime(order.observedAt);
  const segments: string[] = [];

  segments.push(
    `MSH${FIELD}${ENCODING_CHARACTERS}${FIELD}${fields([
      [HL7_SENDING_APPLICATION],
      [input.sendingFacility],
      [input.receivingApplication ?? 'HIS'],
      [input.receivingFacility],
      [formatHl7DateTime(input.sentAt)],
      [],
      ['ORU', 'R01', 'ORU_R01'],
      [input.controlId],
      ['P'],
      [HL7_VERSION],
      // MSH-15/16 empty: original-mode acknowledgement, the gateway answers MSA AA, AE or AR.
      [],
      [],
      [],
      [],
      ['THA'],
      [HL7_CHARACTER_SET],
    ])}`,
  );
  segments.push(
    segment('PID', [
      ['1'],
      [],
      [patient.hn, '', '', input.receivingFacility, 'MR'],
      [],
      [patient.lastName, patient.firstName, patient.middleName, patient.suffix, patient.prefix],
      [],
      [hl7Date(patient.birthDate)],
      [hl7Sex(patient.gender)],
    ]),
  );
  segments.push(segment('ORC', [['RE'], [order.accessionNumber], [order.accessionNumber], [], ['CM']]));
  const obr: Fields = Array.from({ length: 32 }, () => []);
  obr[0] = ['1'];
  obr[1] = [order.accessionNumber];
  obr[2] = [order.accessionNumber];
  obr[3] = [order.examCode, order.examDescription, 'L'];
  obr[6] = [observedAt];
  if (order.referringPhysician) obr[15] = ['', order.referringPhysician];
  obr[21] = [formatHl7DateTime(order.reportedAt)];
  obr[23] = ['RAD'];
  obr[24] = [order.resultStatus];
  obr[31] = [[readerId, reader.name]];
  segments.push(segment('OBR', obr));

  let setId = 0;
  input.sections.forEach((section, i) => {
    for (const line of [section.label, ...linesOf(section.text)]) {
      setId += 1;
      segments.push(
        segment('OBX', [
          [String(setId)],
          ['TX'],
          [section.code, section.name, 'LN'],
          [String(i + 1)],
          [line],
          [],
          [],
          [],
          [],
          [],
          [order.resultStatus],
          [],
          [],
          [observedAt],
          [],
          [readerId, reader.name],
        ]),
      );
    }
  });
  return segments.join(SEGMENT_END) + SEGMENT_END;
}

export type Hl7AckCode = 'AA' | 'AE' | 'AR' | 'CA' | 'CE' | 'CR';

export interface Hl7Ack {
  /** MSA-1. */
  code: Hl7AckCode;
  /** AA or CA: the receiver took the message. */
  accepted: boolean;
  /** MSA-2: the MSH-10 of the message acknowledged. */
  controlId: string;
  /** MSA-3, else ERR-8 (the receiver's words; may name the patient). */
  text: string;
}

const ACK_CODES: readonly string[] = ['AA', 'AE', 'AR', 'CA', 'CE', 'CR'];

/** Reads an HL7 ACK (MSH … MSA, optional ERR); null when the text is not one. */
export function parseHl7Ack(message: string): Hl7Ack | null {
  const parsed = parseHl7Message(message);
  if (!parsed) return null;
  const { segments, fieldSeparator, encodingCharacters } = parsed;
  const component = encodingCharacters[0] ?? COMPONENT;
  const first = (value: string | undefined) => (value ?? '').split(component)[0] ?? '';
  const text = (value: string | undefined) => unescapeHl7(first(value), encodingCharacters, fieldSeparator).trim();
  const msa = segments.find((s) => s[0] === 'MSA');
  const code = first(msa?.[1]).trim().toUpperCase();
  if (!msa || !ACK_CODES.includes(code)) return null;
  const err = segments.find((s) => s[0] === 'ERR');
  return {
    code: code as Hl7AckCode,
    accepted: code === 'AA' || code === 'CA',
    controlId: text(msa[2]),
    text: text(msa[3]) || text(err?.[8]),
  };
}

// ---- writing ------------------------------------------------------------------------------------------------------

/** A field is its components; a component is a value or its subcomponents. Empty trailing parts are left out. */
type Component = string | null | undefined | (string | null | undefined)[];
type Fields = Component[][];

function segment(name: string, list: Fields): string {
  const body = fields(list);
  return body ? `${name}${FIELD}${body}` : name;
}

function fields(list: Fields): string {
  return trimEnd(
    list.map((components) =>
      trimEnd(
        components.map((c) =>
          Array.isArray(c) ? trimEnd(c.map((s) => escapeHl7(s ?? ''))).join(SUBCOMPONENT) : escapeHl7(c ?? ''),
        ),
      ).join(COMPONENT),
    ),
  ).join(FIELD);
}

function trimEnd(parts: string[]): string[] {
  let n = parts.length;
  while (n > 0 && parts[n - 1] === '') n -= 1;
  return parts.slice(0, n);
}

/** The section's lines, without blank lines at its start and end (blank lines inside are kept: paragraphs). */
function linesOf(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/).map((l) => l.replace(/\s+$/, ''));
  while (lines.length && lines[0] === '') lines.shift();
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function hl7Date(date: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? '');
  return m ? `${m[1]}${m[2]}${m[3]}` : '';
}

function hl7Sex(gender: string | null | undefined): string {
  if (gender === 'Male') return 'M';
  if (gender === 'Female') return 'F';
  return 'U';
}
