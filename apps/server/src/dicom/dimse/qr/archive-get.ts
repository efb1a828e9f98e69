import type { Readable } from 'node:stream';
import type { AuditService } from '../../../audit/audit.service';
import type { Database } from '../../../db/client';
import { DicomwebRepository, type StoredInstance } from '../../query/dicomweb.repository';
import type { StudyIdentity } from '../../identity/study-identity';
import { Status } from '../../uids';
import type { QueryRoot } from './archive-find';
import { dimseText as text } from './dimse-text';
import { mayMoveTo, type AeScope } from './query-ae-titles';
import { ALL_STUDIES, studyVisibilityForAe } from '../../../auth/data-scope/ae-scope';

/** Study Root Query/Retrieve Information Model – GET (PS3.4 C.6.2). */
export const STUDY_ROOT_GET_SOP_CLASS = '1.2.840.10008.5.1.4.1.2.2.3';
/** Patient Root Query/Retrieve Information Model – GET (PS3.4 C.6.1). */
export const PATIENT_ROOT_GET_SOP_CLASS = '1.2.840.10008.5.1.4.1.2.1.3';

/** One instance a C-GET sends back as a C-STORE sub-operation. */
export interface RetrievableInstance {
  sopClassUid: string;
  sopInstanceUid: string;
  transferSyntaxUid: string;
  /** The stored Part-10 file; null when it has no hot file (archived, or gone). */
  open(): Promise<Readable | null>;
  /** Its study's reconciled identity, patched in on the way out (io31); null or absent: sent as stored. */
  identity?: StudyIdentity | null;
}

export type Located = { ok: true; instances: RetrievableInstance[] } | { ok: false; status: number; comment: string };

/** Who asks for a retrieval: the calling AE, for a C-MOVE the destination AE title, and the model (Study Root by default). */
export interface Retriever {
  callingAe: string;
  moveDestination?: string;
  root?: QueryRoot;
}

/** What the DIMSE listener asks of the archive to answer a Study Root C-GET or C-MOVE. */
export interface ArchiveRetrieveSource {
  locate(identifier: Record<string, unknown>, by: Retriever): Promise<Located>;
  /** Whether a C-MOVE from this AE may go to that destination (IN15); absent: anywhere in the table. */
  mayMoveTo?(callingAe: string, destinationAe: string): boolean;
}

/** UIDs one C-GET may list at its level. */
const MAX_UIDS = 500;
const UID = /^[0-9]+(\.[0-9]+)*$/;

const refusal = (status: number, comment: string): Located => ({ ok: false, status, comment });

/**
 * The instances a C-GET or C-MOVE asks for (PS3.4 C.4.2, C.4.3): STUDY level by StudyInstanceUID(s), SERIES by one
 * study and SeriesInstanceUID(s), IMAGE by one study, one series and SOPInstanceUID(s); in Patient Root, PATIENT level
 * by PatientID(s), and the levels below name one PatientID too. For the AEs of the query
 * list, which see every study (docs/decisions/in12-workstations-query-retrieve-study-root.md); each retrieval is audited (`dicom.get.<level>`,
 * `dicom.move.<level>` with the destination).
 */
export class ArchiveGet implements ArchiveRetrieveSource {
  private readonly repo: DicomwebRepository;

  /** `scopes`: what each retrieving AE may see (IN15); without it, every study. */
  constructor(
    db: Database,
    private readonly archive: { openStored(row: Pick<StoredInstance, 'storageKey'>): Promise<Readable | null> },
    private readonly audit: AuditService,
    private readonly scopes?: ReadonlyMap<string, AeScope>,
  ) {
    this.repo = new DicomwebRepository(db);
  }

  mayMoveTo(callingAe: string, destinationAe: string): boolean {
    return this.scopes ? mayMoveTo(this.scopes, callingAe, destinationAe) : true;
  }

  async locate(identifier: Record<string, unknown>, by: Retriever): Promise<Located> {
    const level = text(identifier.QueryRetrieveLevel).trim().toUpperCase();
    const patientRoot = by.root === 'patient';
    const visible = this.scopes ? studyVisibilityForAe(this.scopes.get(by.callingAe)) : ALL_STUDIES;
    const studies = uids(identifier.StudyInstanceUID);
    const series = uids(identifier.SeriesInstanceUID);
    const sops = uids(identifier.SOPInstanceUID);
    // Study Root retrieval ignores PatientID (a workstation may copy it from its query, wildcards and all).
    const patients = patientRoot ? patientIds(identifier.PatientID) : [];
    if ([studies, series, sops].some((u) => u === null))
      return refusal(Status.DataSetMismatch, `UIDs must be digits and dots, at most ${MAX_UIDS}`);
    if (patients === null)
      return refusal(Status.DataSetMismatch, `PatientID must be at most ${MAX_UIDS} IDs without wildcards`);
    if (patientRoot && level !== 'PATIENT' && patients.length !== 1)
      return refusal(Status.DataSetMismatch, `one PatientID is required at ${level} level in Patient Root`);
    const where: { study: string; series?: string; sop?: string }[] = [];
    if (level === 'PATIENT' && patientRoot) {
      if (!patients.length) return refusal(Status.DataSetMismatch, 'PatientID is required at PATIENT level');
      for (const study of await this.repo.studiesOfPatients(patients, visible)) where.push({ study });
    } else if (level === 'STUDY') {
      if (!studies!.length) return refusal(Status.DataSetMismatch, 'StudyInstanceUID is required at STUDY level');
      for (const study of studies!) where.push({ study });
    } else if (level === 'SERIES') {
      if (studies!.length !== 1 || !series!.length)
        return refusal(
          Status.DataSetMismatch,
          'one StudyInstanceUID and SeriesInstanceUID(s) are required at SERIES level',
        );
      for (const s of series!) where.push({ study: studies![0]!, series: s });
    } else if (level === 'IMAGE') {
      if (studies!.length !== 1 || series!.length !== 1 || !sops!.length)
        return refusal(
          Status.DataSetMismatch,
          'one StudyInstanceUID, one SeriesInstanceUID and SOPInstanceUID(s) are required at IMAGE level',
        );
      for (const sop of sops!) where.push({ study: studies![0]!, series: series![0]!, sop });
    } else {
      return refusal(
        Status.DataSetMismatch,
        `QueryRetrieveLevel must be ${patientRoot ? 'PATIENT, ' : ''}STUDY, SERIES or IMAGE`,
      );
    }
    // Patient Root below PATIENT: the study must be that patient's.
    const ofPatient =
      patientRoot && level !== 'PATIENT' ? new Set(await this.repo.studiesOfPatients(patients, visible)) : null;
    const rows: StoredInstance[] = [];
    for (const w of where)
      if (!ofPatient || ofPatient.has(w.study)) rows.push(...(await this.repo.storedInstances(w, visible)));
    const service = by.moveDestination === undefined ? 'get' : 'move';
    await this.audit.record(null, {
      action: `dicom.${service}.${level.toLowerCase()}`,
      entityType: 'dicom',
      detail: {
        callingAe: by.callingAe,
        ...(by.moveDestination === undefined ? {} : { destination: by.moveDestination }),
        instances: rows.length,
      },
    });
    return {
      ok: true,
      instances: rows.map((row) => ({
        sopClassUid: row.sopClassUid,
        sopInstanceUid: row.sopInstanceUid,
        transferSyntaxUid: row.transferSyntaxUid,
        identity: row.identity ?? null,
        open: () => (row.archived ? Promise.resolve(null) : this.archive.openStored(row)),
      })),
    };
  }
}

/** A UID list ('\'-separated, as naturalized by dcmjs: a string or an array); null when malformed. */
function uids(v: unknown): string[] | null {
  const list = text(v)
    .split('\\')
    .map((u) => u.trim())
    .filter((u) => u !== '');
  if (list.length > MAX_UIDS || list.some((u) => u.length > 64 || !UID.test(u))) return null;
  return list;
}

/** A PatientID list ('\'-separated); null when too long or with wildcards (retrieval names patients exactly). */
function patientIds(v: unknown): string[] | null {
  const list = text(v)
    .split('\\')
    .map((u) => u.trim())
    .filter((u) => u !== '');
  if (list.length > MAX_UIDS || list.some((u) => u.length > 64 || /[*?]/.test(u))) return null;
  return list;
}
