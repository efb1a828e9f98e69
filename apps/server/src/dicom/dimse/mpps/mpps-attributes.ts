import type { PerformedSeries } from '../../../db/schema/index';
import { itemsOf, textOf } from '../normalized-status';
import type { ScheduledStepKeys } from './mpps.repository';

/** PerformedProcedureStepStatus values (PS3.3 C.4.14). */
export const MPPS_STATUSES = ['IN PROGRESS', 'COMPLETED', 'DISCONTINUED'] as const;
export type MppsStatus = (typeof MPPS_STATUSES)[number];

export function mppsStatusOf(value: unknown): MppsStatus | null {
  const s = textOf(value);
  return (MPPS_STATUSES as readonly string[]).includes(s ?? '') ? (s as MppsStatus) : null;
}

/**
 * Attributes an N-SET may not change (PS3.4 Table F.7.2-1 "Not allowed"): who the patient is, what was scheduled,
 * where and when the step began. A modality that sends them again is not refused; the N-CREATE's values stay.
 */
const NOT_SETTABLE = new Set([
  'ScheduledStepAttributesSequence',
  'PatientName',
  'PatientID',
  'IssuerOfPatientID',
  'PatientBirthDate',
  'PatientSex',
  'ReferencedPatientSequence',
  'PerformedStationAETitle',
  'PerformedStationName',
  'PerformedLocation',
  'PerformedProcedureStepStartDate',
  'PerformedProcedureStepStartTime',
  'PerformedProcedureStepID',
  'Modality',
  'StudyID',
  'SOPClassUID',
  'SOPInstanceUID',
  'SpecificCharacterSet',
]);

/** The attributes of an N-SET that apply: everything but the not-settable ones. */
export function settableOf(elements: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(elements).filter(([k]) => !NOT_SETTABLE.has(k)));
}

/** What the Scheduled Step Attributes Sequence names (from the worklist entry the modality used). */
export function scheduledStepKeysOf(elements: Record<string, unknown>): ScheduledStepKeys {
  const keys: ScheduledStepKeys = { accessionNumbers: [], requestedProcedureIds: [], studyInstanceUids: [] };
  for (const item of itemsOf(elements.ScheduledStepAttributesSequence)) {
    const accession = textOf(item.AccessionNumber);
    const procedureId = textOf(item.RequestedProcedureID);
    const study = textOf(item.StudyInstanceUID);
    if (accession) keys.accessionNumbers.push(accession);
    if (procedureId) keys.requestedProcedureIds.push(procedureId);
    if (study) keys.studyInstanceUids.push(study);
  }
  return keys;
}

/** The Performed Series Sequence: each series' UID and its number of instances (image and non-image references). */
export function performedSeriesOf(elements: Record<string, unknown>): PerformedSeries[] {
  return itemsOf(elements.PerformedSeriesSequence).map((s) => ({
    seriesInstanceUid: textOf(s.SeriesInstanceUID) ?? '',
    instances:
      itemsOf(s.ReferencedImageSequence).length + itemsOf(s.ReferencedNonImageCompositeSOPInstanceSequence).length,
    description: textOf(s.SeriesDescription),
  }));
}

/** The discontinuation reason's Code Meaning (PS3.16 CID 9300), when the modality gave one. */
export function discontinuationReasonOf(elements: Record<string, unknown>): string | null {
  const [code] = itemsOf(elements.PerformedProcedureStepDiscontinuationReasonCodeSequence);
  return code ? (textOf(code.CodeMeaning) ?? textOf(code.CodeValue)) : null;
}

/** DA and TM joined, as sent ("20261202 101500"), or null. */
export function dateTimeOf(date: unknown, time: unknown): string | null {
  const d = textOf(date);
  if (!d) return null;
  const t = textOf(time);
  return t ? `${d} ${t}` : d;
}

/**
 * The attributes as stored in jsonb: PostgreSQL refuses a NUL character in text, which a padded value can carry;
 * binary values have no JSON form and 64-bit integers none JSON.stringify takes. NULs and binary values are dropped,
 * big integers kept as text, rather than failing the modality's request.
 */
export function storableAttributes(elements: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(elements, (_k, v: unknown) =>
      typeof v === 'string'
        ? v.replaceAll('\u0000', '')
        : typeof v === 'bigint'
          ? String(v)
          : v instanceof ArrayBuffer || ArrayBuffer.isView(v)
            ? undefined
            : v,
    ),
  ) as Record<string, unknown>;
}
