import type { DicomJsonElement } from '../parse/dicom-json';

/**
 * The identity Rangsi answers for a study matched or re-pointed to an exam (IHE Patient Information Reconciliation):
 * the exam's patient and accession number, as DICOM JSON elements so that the cached metadata takes them with one
 * `||` in SQL. Kept in dicom_studies.reconciled_identity; null for a study that still carries what was received.
 */
export type StudyIdentity = Partial<Record<IdentityTag, DicomJsonElement>>;

/** The attributes coerced on the way out, by tag, in the order they appear in a data set. */
export const IDENTITY_TAGS = {
  AccessionNumber: '00080050',
  PatientName: '00100010',
  PatientID: '00100020',
  IssuerOfPatientID: '00100021',
  PatientBirthDate: '00100030',
  PatientSex: '00100040',
} as const;
export type IdentityTag = (typeof IDENTITY_TAGS)[keyof typeof IDENTITY_TAGS];

/** The values themselves; '' is an empty (zero-length) value. PatientName as DICOM writes it: `Alphabetic=Ideographic`. */
export interface IdentityValues {
  patientId: string;
  patientName: string;
  issuerOfPatientId: string;
  patientBirthDate: string;
  patientSex: string;
  accessionNumber: string;
}

const text = (vr: string, value: string): DicomJsonElement => (value ? { vr, Value: [value] } : { vr });

export function identityJson(v: IdentityValues): StudyIdentity {
  const [Alphabetic, Ideographic] = v.patientName.split('=');
  return {
    [IDENTITY_TAGS.AccessionNumber]: text('SH', v.accessionNumber),
    [IDENTITY_TAGS.PatientName]: v.patientName
      ? { vr: 'PN', Value: [{ ...(Alphabetic ? { Alphabetic } : {}), ...(Ideographic ? { Ideographic } : {}) }] }
      : { vr: 'PN' },
    [IDENTITY_TAGS.PatientID]: text('LO', v.patientId),
    [IDENTITY_TAGS.IssuerOfPatientID]: text('LO', v.issuerOfPatientId),
    [IDENTITY_TAGS.PatientBirthDate]: text('DA', v.patientBirthDate),
    [IDENTITY_TAGS.PatientSex]: text('CS', v.patientSex),
  };
}

export function identityValues(json: StudyIdentity): IdentityValues {
  const first = (tag: IdentityTag): unknown => json[tag]?.Value?.[0];
  const str = (tag: IdentityTag) => {
    const v = first(tag);
    return typeof v === 'string' ? v : '';
  };
  const name = first(IDENTITY_TAGS.PatientName) as { Alphabetic?: string; Ideographic?: string } | undefined;
  const groups = [name?.Alphabetic ?? '', name?.Ideographic ?? ''];
  return {
    patientId: str(IDENTITY_TAGS.PatientID),
    patientName: groups[1] ? groups.join('=') : groups[0]!,
    issuerOfPatientId: str(IDENTITY_TAGS.IssuerOfPatientID),
    patientBirthDate: str(IDENTITY_TAGS.PatientBirthDate),
    patientSex: str(IDENTITY_TAGS.PatientSex),
    accessionNumber: str(IDENTITY_TAGS.AccessionNumber),
  };
}
