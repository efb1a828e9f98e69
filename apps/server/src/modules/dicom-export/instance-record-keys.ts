/**
 * The keys of a DICOMDIR instance record beyond its file reference (PS3.3 F.5: SR Document, Key Object Document,
 * Presentation, Waveform, Raw Data, Registration, Fiducial, RT Dose, RT Plan, RT Structure Set, RT Treatment Record and
 * Encapsulated Document Keys), taken from the attributes the archive cached for the file. Instance Number, common to
 * all of them, is the writer's.
 */
import type { DicomJson } from '../../dicom/parse/dicom-json';
import { firstString } from '../../dicom/parse/dicom-json';

/** One key as the writer encodes it: a text value, or a sequence of items of keys. */
export type RecordKey =
  | {
      tag: string;
      vr: 'CS' | 'DA' | 'TM' | 'DT' | 'SH' | 'LO' | 'ST' | 'UC' | 'UR' | 'PN' | 'UI' | 'IS';
      value: string;
    }
  | { tag: string; vr: 'SQ'; items: RecordKey[][] };

/** The attributes (DICOM JSON tags) the records above read: the repository fetches only these. */
export const RECORD_KEY_TAGS = [
  '00080023', // ContentDate
  '00080033', // ContentTime
  '0040A491', // CompletionFlag
  '0040A493', // VerificationFlag
  '0040A030', // VerificationDateTime
  '0040A073', // VerifyingObserverSequence (its items carry the Verification DateTime)
  '0040A043', // ConceptNameCodeSequence
  '3004000A', // DoseSummationType
  '300A0002', // RTPlanLabel
  '300A0006', // RTPlanDate
  '300A0007', // RTPlanTime
  '30060002', // StructureSetLabel
  '30060008', // StructureSetDate
  '30060009', // StructureSetTime
  '30080250', // TreatmentDate
  '30080251', // TreatmentTime
  '00420010', // DocumentTitle
  '00420012', // MIMETypeOfEncapsulatedDocument
  '00700080', // ContentLabel
  '00700081', // ContentDescription
  '00700084', // ContentCreatorName
  '00700082', // PresentationCreationDate
  '00700083', // PresentationCreationTime
  '00081115', // ReferencedSeriesSequence (a presentation's images)
] as const;

/** SOP class prefixes (after 1.2.840.10008.5.1.4.1.1.) whose records have keys of their own. */
export const KEYED_CLASS_PREFIXES = ['88.', '9.', '481.', '104.', '11.', '66'] as const;

const text = (json: DicomJson | null, tag: string): string =>
  (json ? (firstString(json, tag) ?? '') : '').replace(/[\\\x00-\x1f\x7f]/g, ' ').trim();
const date = (v: string) => (/^\d{8}$/.test(v) ? v : '');
const time = (v: string) => (/^\d{2}(\d{2}(\d{2}(\.\d{1,6})?)?)?$/.test(v) ? v : '');
const code = (v: string) => (/^[A-Z0-9 _]{1,16}$/.test(v) ? v : '');
const dateTime = (v: string) => (/^\d{4,14}(\.\d{1,6})?([+-]\d{4})?$/.test(v) ? v : '');

// Type 1 keys a file lacks get a placeholder so that the record stays readable (dcmmkdir's "invent" mode writes the
// same dates); a value the standard defines no neutral term for says plainly that it is not known.
const NO_DATE = '19000101';
const NO_TIME = '000000';
const NOT_KNOWN = 'UNKNOWN';

function contentDateTime(json: DicomJson | null): RecordKey[] {
  return [
    { tag: '00080023', vr: 'DA', value: date(text(json, '00080023')) || NO_DATE },
    { tag: '00080033', vr: 'TM', value: time(text(json, '00080033')) || NO_TIME },
  ];
}

/** Concept Name Code Sequence: the document title's code, its first item only (the attribute allows one). */
function conceptName(json: DicomJson | null): RecordKey {
  const item = json?.['0040A043']?.Value?.[0] as DicomJson | undefined;
  if (!item || typeof item !== 'object') return { tag: '0040A043', vr: 'SQ', items: [] };
  const keys: RecordKey[] = [];
  const add = (tag: string, vr: 'SH' | 'LO' | 'UC' | 'UR') => {
    const v = text(item, tag);
    if (v) keys.push({ tag, vr, value: v });
  };
  add('00080100', 'SH'); // CodeValue
  add('00080102', 'SH'); // CodingSchemeDesignator
  add('00080103', 'SH'); // CodingSchemeVersion
  add('00080104', 'LO'); // CodeMeaning
  add('00080119', 'UC'); // LongCodeValue
  add('00080120', 'UR'); // URNCodeValue
  return { tag: '0040A043', vr: 'SQ', items: [keys] };
}

/** Content Identification (PS3.3 C.10.9): Content Label Type 1, description and creator Type 2. */
function contentIdentification(json: DicomJson | null): RecordKey[] {
  return [
    { tag: '00700080', vr: 'CS', value: code(text(json, '00700080').toUpperCase()) || NOT_KNOWN },
    { tag: '00700081', vr: 'LO', value: text(json, '00700081').slice(0, 64) },
    { tag: '00700084', vr: 'PN', value: text(json, '00700084').slice(0, 64) },
  ];
}

const UID = /^[0-9.]{1,64}$/;

/**
 * A presentation's Referenced Series Sequence (Type 1C: the images it applies to), copied with the series UID and each
 * image's SOP class, instance and frame numbers; an item without a usable series UID is dropped.
 */
function referencedSeries(json: DicomJson | null): RecordKey[] {
  const series = (json?.['00081115']?.Value ?? []) as DicomJson[];
  const items = series.flatMap((s): RecordKey[][] => {
    const uid = text(s, '0020000E');
    if (!UID.test(uid)) return [];
    const images = ((s['00081140']?.Value ?? []) as DicomJson[]).flatMap((i): RecordKey[][] => {
      const sopClass = text(i, '00081150');
      const sop = text(i, '00081155');
      if (!UID.test(sopClass) || !UID.test(sop)) return [];
      const frames = (i['00081160']?.Value ?? []).filter((f) => Number.isInteger(f)).join('\\');
      return [
        [
          { tag: '00081150', vr: 'UI', value: sopClass },
          { tag: '00081155', vr: 'UI', value: sop },
          ...(frames ? [{ tag: '00081160', vr: 'IS' as const, value: frames }] : []),
        ],
      ];
    });
    return [
      [
        { tag: '0020000E', vr: 'UI', value: uid },
        { tag: '00081140', vr: 'SQ', items: images },
      ],
    ];
  });
  return items.length ? [{ tag: '00081115', vr: 'SQ', items }] : [];
}

/** The record's own keys for its type; none for IMAGE and the types whose keys are only Instance Number. */
export function instanceRecordKeys(recordType: string, json: DicomJson | null): RecordKey[] {
  switch (recordType) {
    case 'SR DOCUMENT': {
      const completion = code(text(json, '0040A491'));
      const verification = code(text(json, '0040A493'));
      const verified = verification === 'VERIFIED';
      const keys: RecordKey[] = [
        ...contentDateTime(json),
        // Without a flag the file claims neither completeness nor verification: the record claims none either.
        { tag: '0040A491', vr: 'CS', value: completion === 'COMPLETE' ? 'COMPLETE' : 'PARTIAL' },
        { tag: '0040A493', vr: 'CS', value: verified ? 'VERIFIED' : 'UNVERIFIED' },
        conceptName(json),
      ];
      // Verification DateTime is Type 1C, required when the document is verified: the latest verifier's.
      const verifiers = (json?.['0040A073']?.Value ?? []) as DicomJson[];
      const at = dateTime(text(json, '0040A030')) || dateTime(text(verifiers.at(-1) ?? null, '0040A030'));
      if (verified && at) keys.push({ tag: '0040A030', vr: 'DT', value: at });
      return keys;
    }
    case 'KEY OBJECT DOC':
      return [...contentDateTime(json), conceptName(json)];
    case 'WAVEFORM':
    case 'RAW DATA':
      return contentDateTime(json);
    case 'REGISTRATION':
    case 'FIDUCIAL':
      return [...contentDateTime(json), ...contentIdentification(json)];
    case 'PRESENTATION':
      return [
        { tag: '00700082', vr: 'DA', value: date(text(json, '00700082')) || NO_DATE },
        { tag: '00700083', vr: 'TM', value: time(text(json, '00700083')) || NO_TIME },
        ...contentIdentification(json),
        ...referencedSeries(json),
      ];
    case 'RT DOSE':
      return [{ tag: '3004000A', vr: 'CS', value: code(text(json, '3004000A').toUpperCase()) || NOT_KNOWN }];
    case 'RT PLAN':
      return [
        { tag: '300A0002', vr: 'SH', value: text(json, '300A0002').slice(0, 16) || NOT_KNOWN },
        { tag: '300A0006', vr: 'DA', value: date(text(json, '300A0006')) },
        { tag: '300A0007', vr: 'TM', value: time(text(json, '300A0007')) },
      ];
    case 'RT STRUCTURE SET':
      return [
        { tag: '30060002', vr: 'SH', value: text(json, '30060002').slice(0, 16) || NOT_KNOWN },
        { tag: '30060008', vr: 'DA', value: date(text(json, '30060008')) },
        { tag: '30060009', vr: 'TM', value: time(text(json, '30060009')) },
      ];
    case 'RT TREAT RECORD':
      return [
        { tag: '30080250', vr: 'DA', value: date(text(json, '30080250')) },
        { tag: '30080251', vr: 'TM', value: time(text(json, '30080251')) },
      ];
    case 'ENCAP DOC':
      return [
        { tag: '00080023', vr: 'DA', value: date(text(json, '00080023')) },
        { tag: '00080033', vr: 'TM', value: time(text(json, '00080033')) },
        { tag: '00420010', vr: 'ST', value: text(json, '00420010').slice(0, 1024) },
        conceptName(json),
        { tag: '00420012', vr: 'LO', value: text(json, '00420012').slice(0, 64) || 'application/octet-stream' },
      ];
    default:
      return [];
  }
}
