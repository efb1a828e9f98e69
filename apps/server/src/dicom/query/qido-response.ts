import type { DicomJson, DicomJsonElement } from '../parse/dicom-json';
import type { InstanceRow, PatientRow, SeriesRow, StudyRow } from './dicomweb.repository';

/** QIDO-RS answers in the DICOM JSON model (PS3.18 F.2), with the attributes PS3.18 Table 10.6.3-3…5 requires. */

const el = (vr: string, value: unknown): DicomJsonElement =>
  value === null || value === undefined || value === '' ? { vr } : { vr, Value: [value] };
const pn = (value: string | null): DicomJsonElement => {
  if (!value) return { vr: 'PN' };
  const [Alphabetic, Ideographic, Phonetic] = value.split('=');
  return {
    vr: 'PN',
    Value: [
      {
        ...(Alphabetic ? { Alphabetic } : {}),
        ...(Ideographic ? { Ideographic } : {}),
        ...(Phonetic ? { Phonetic } : {}),
      },
    ],
  };
};
const codes = (value: string | null): DicomJsonElement =>
  value ? { vr: 'CS', Value: value.split('\\') } : { vr: 'CS' };

export function studyUrl(base: string, study: string): string {
  return `${base}/studies/${study}`;
}

/** Adds includefield attributes that the defaults do not already carry. */
function withExtra(json: DicomJson, extra: Record<string, unknown> | undefined): DicomJson {
  if (!extra) return json;
  for (const [tag, value] of Object.entries(extra)) {
    if (!(tag in json) && value && typeof value === 'object') json[tag] = value as DicomJsonElement;
  }
  return json;
}

export function studyJson(s: StudyRow, base: string, extra?: Record<string, unknown>): DicomJson {
  return withExtra(
    {
      '00080005': { vr: 'CS', Value: ['ISO_IR 192'] },
      '00080020': el('DA', s.studyDate),
      '00080030': el('TM', s.studyTime),
      '00080050': el('SH', s.accessionNumber),
      '00080056': el('CS', 'ONLINE'),
      '00080061': codes(s.modalitiesInStudy),
      '00080090': pn(s.referringPhysicianName),
      '00081030': el('LO', s.studyDescription),
      '00081190': el('UR', studyUrl(base, s.studyInstanceUid)),
      '00100010': pn(s.patientName),
      '00100020': el('LO', s.patientId),
      '00100030': el('DA', s.patientBirthDate),
      '00100040': el('CS', s.patientSex),
      '0020000D': el('UI', s.studyInstanceUid),
      '00201206': el('IS', s.numberOfSeries),
      '00201208': el('IS', s.numberOfInstances),
    },
    extra,
  );
}

/** A Patient Root PATIENT-level match: demographics and the patient's counts. */
export function patientJson(p: PatientRow): DicomJson {
  return {
    '00080005': { vr: 'CS', Value: ['ISO_IR 192'] },
    '00100010': pn(p.patientName),
    '00100020': el('LO', p.patientId),
    '00100030': el('DA', p.patientBirthDate),
    '00100040': el('CS', p.patientSex),
    '00201200': el('IS', p.numberOfStudies),
    '00201202': el('IS', p.numberOfSeries),
    '00201204': el('IS', p.numberOfInstances),
  };
}

export function seriesJson(s: SeriesRow, base: string, extra?: Record<string, unknown>): DicomJson {
  return withExtra(
    {
      '00080005': { vr: 'CS', Value: ['ISO_IR 192'] },
      '00080056': el('CS', 'ONLINE'),
      '00080060': el('CS', s.modality),
      '0008103E': el('LO', s.seriesDescription),
      '00081190': el('UR', `${studyUrl(base, s.studyInstanceUid)}/series/${s.seriesInstanceUid}`),
      '00180015': el('CS', s.bodyPartExamined),
      '0020000D': el('UI', s.studyInstanceUid),
      '0020000E': el('UI', s.seriesInstanceUid),
      '00200011': el('IS', s.seriesNumber),
      '00201209': el('IS', s.numberOfInstances),
    },
    extra,
  );
}

export function instanceJson(i: InstanceRow, base: string, extra?: Record<string, unknown>): DicomJson {
  return withExtra(
    {
      '00080016': el('UI', i.sopClassUid),
      '00080018': el('UI', i.sopInstanceUid),
      '00080056': el('CS', 'ONLINE'),
      '00081190': el(
        'UR',
        `${studyUrl(base, i.studyInstanceUid)}/series/${i.seriesInstanceUid}/instances/${i.sopInstanceUid}`,
      ),
      '00083002': el('UI', i.transferSyntaxUid),
      '0020000D': el('UI', i.studyInstanceUid),
      '0020000E': el('UI', i.seriesInstanceUid),
      '00200013': el('IS', i.instanceNumber),
      '00280008': el('IS', i.numberOfFrames),
      '00280010': el('US', i.rows),
      '00280011': el('US', i.columns),
    },
    extra,
  );
}

/** Top-level attributes of stored metadata suitable for 'includefield=all' at study and series level. */
export const STUDY_ALL = [
  '00080020',
  '00080030',
  '00080080',
  '00081030',
  '00081032',
  '00101010',
  '00101020',
  '00101030',
  '00200010',
  '00321032',
  '00321060',
];
export const SERIES_ALL = [
  '00080021',
  '00080031',
  '00080070',
  '00081090',
  '00181030',
  '00185100',
  '00200060',
  '00400244',
  '00400245',
  '00400254',
];
