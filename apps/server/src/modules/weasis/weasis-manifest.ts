/**
 * The Weasis XML manifest, schema version 2.5 (namespace http://www.weasis.org/xsd/2.5, Weasis's
 * weasis-dicom-explorer/src/main/resources/config/manifest.xsd): one arcQuery whose baseUrl is a WADO-URI endpoint;
 * Weasis asks for each instance as baseUrl?requestType=WADO&studyUID=…&seriesUID=…&objectUID=…&contentType=…
 * followed verbatim by additionnalParameters (the schema's spelling).
 */

export const WEASIS_NAMESPACE = 'http://www.weasis.org/xsd/2.5';

export interface ManifestInstance {
  sopInstanceUid: string;
  sopClassUid: string | null;
  instanceNumber: number | null;
}

export interface ManifestSeries {
  seriesInstanceUid: string;
  seriesDescription: string | null;
  seriesNumber: number | null;
  modality: string | null;
  instances: ManifestInstance[];
}

export interface ManifestStudy {
  studyInstanceUid: string;
  studyDescription: string | null;
  studyDate: string | null;
  studyTime: string | null;
  accessionNumber: string | null;
  studyId: string | null;
  referringPhysicianName: string | null;
  series: ManifestSeries[];
}

export interface ManifestPatient {
  patientId: string;
  patientName: string;
  issuerOfPatientId: string | null;
  patientBirthDate: string | null;
  patientSex: string | null;
  studies: ManifestStudy[];
}

export interface WeasisManifest {
  /** A unique id of this manifest (the root's `uid`). */
  uid: string;
  arcId: string;
  /** WADO-URI endpoint, absolute. */
  baseUrl: string;
  /** Appended by Weasis to every WADO-URI request, e.g. '&token=…'. */
  additionalParameters: string;
  patients: ManifestPatient[];
  /** Shown by Weasis instead of images (no images, archived images). */
  message?: { title: string; description: string; severity: 'INFO' | 'WARN' | 'ERROR' };
}

/** XML attribute value: markup characters escaped, characters XML 1.0 forbids dropped, line breaks kept as references. */
export function escapeAttribute(value: string): string {
  return value

    .replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

// The schema's simple types (manifest.xsd): a value that does not fit is left out (optional) or cut (PN/LO ≤ 64).
const UI = /^[0-9.]{1,64}$/;
const CS = /^[A-Z0-9 _]{0,16}$/;
const TM = /^(([0-1][0-9])|(2[0-3]))(([0-5][0-9])(([0-5][0-9])(.([0-9]{1,6}))?)?)?$/;
/** dicomVrDA is a union of xsd:gYear, gMonth and gDay; a DICOM yyyymmdd date is a valid gYear. */
const DA = /^[1-9][0-9]{7}$/;
const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;

/** At most `max` characters (code points, as XSD counts them), without a trailing half of a pair. */
function cut(value: string, max: number): string {
  return Array.from(value.trim()).slice(0, max).join('').trim();
}

function attrs(pairs: [string, string | number | null | undefined | false][]): string {
  return pairs
    .filter((p): p is [string, string | number] => p[1] !== null && p[1] !== undefined && p[1] !== false && p[1] !== '')
    .map(([k, v]) => ` ${k}="${escapeAttribute(String(v))}"`)
    .join('');
}

const int = (n: number | null) => (n !== null && Number.isInteger(n) && n >= INT_MIN && n <= INT_MAX ? n : null);
const ifMatches = (re: RegExp, v: string | null) => (v !== null && re.test(v.trim()) ? v.trim() : null);

/** Only what the schema can hold: valid UIDs, and no patient, study or series left empty (each needs one child). */
function complete(patients: ManifestPatient[]): ManifestPatient[] {
  return patients
    .map((p) => ({
      ...p,
      studies: p.studies
        .filter((s) => UI.test(s.studyInstanceUid))
        .map((s) => ({
          ...s,
          series: s.series
            .filter((se) => UI.test(se.seriesInstanceUid))
            .map((se) => ({ ...se, instances: se.instances.filter((i) => UI.test(i.sopInstanceUid)) }))
            .filter((se) => se.instances.length > 0),
        }))
        .filter((s) => s.series.length > 0),
    }))
    .filter((p) => p.studies.length > 0);
}

/** The manifest as UTF-8 XML text. */
export function buildWeasisManifest(m: WeasisManifest): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  out.push(
    `<manifest xmlns="${WEASIS_NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"${attrs([['uid', m.uid]])}>\n`,
  );
  out.push(
    `  <arcQuery${attrs([
      ['arcId', m.arcId],
      ['baseUrl', m.baseUrl],
      ['requireOnlySOPInstanceUID', 'false'],
      ['additionnalParameters', m.additionalParameters],
    ])}>\n`,
  );
  if (m.message)
    out.push(
      `    <Message${attrs([
        ['title', m.message.title],
        ['description', m.message.description],
        ['severity', m.message.severity],
      ])}/>\n`,
    );
  for (const p of complete(m.patients)) {
    const sex = p.patientSex?.trim().toUpperCase() ?? null;
    // PatientID and PatientName are required by the schema; an empty value is allowed, a missing attribute is not.
    out.push(
      `    <Patient PatientID="${escapeAttribute(cut(p.patientId, 64))}" PatientName="${escapeAttribute(cut(p.patientName, 64))}"${attrs(
        [
          ['IssuerOfPatientID', p.issuerOfPatientId && cut(p.issuerOfPatientId, 64)],
          ['PatientBirthDate', ifMatches(DA, p.patientBirthDate)],
          ['PatientSex', sex === 'M' || sex === 'F' || sex === 'O' ? sex : null],
        ],
      )}>\n`,
    );
    for (const s of p.studies) {
      out.push(
        `      <Study${attrs([
          ['StudyInstanceUID', s.studyInstanceUid],
          ['StudyDescription', s.studyDescription && cut(s.studyDescription, 64)],
          ['StudyDate', ifMatches(DA, s.studyDate)],
          ['StudyTime', ifMatches(TM, s.studyTime)],
          ['AccessionNumber', s.accessionNumber && cut(s.accessionNumber, 16)],
          ['StudyID', s.studyId && cut(s.studyId, 16)],
          ['ReferringPhysicianName', s.referringPhysicianName && cut(s.referringPhysicianName, 64)],
        ])}>\n`,
      );
      for (const se of s.series) {
        const modality = se.modality?.trim().toUpperCase() ?? null;
        out.push(
          `        <Series${attrs([
            ['SeriesInstanceUID', se.seriesInstanceUid],
            ['SeriesDescription', se.seriesDescription && cut(se.seriesDescription, 64)],
            ['SeriesNumber', int(se.seriesNumber)],
            ['Modality', modality && CS.test(modality) ? modality : null],
          ])}>\n`,
        );
        for (const i of se.instances) {
          out.push(
            `          <Instance${attrs([
              ['SOPInstanceUID', i.sopInstanceUid],
              ['SOPClassUID', i.sopClassUid && UI.test(i.sopClassUid) ? i.sopClassUid : null],
              ['InstanceNumber', int(i.instanceNumber)],
            ])}/>\n`,
          );
        }
        out.push('        </Series>\n');
      }
      out.push('      </Study>\n');
    }
    out.push('    </Patient>\n');
  }
  out.push('  </arcQuery>\n</manifest>\n');
  return out.join('');
}
