import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { BANGKOK_OFFSET_MS } from '@rangsi/domain';
import type { Database } from '../../db/client';
import { branches, dicomStudies, examEvents, exams } from '../../db/schema/index';
import type { ExamImageEvent } from '../../dicom/exam-image-state';
import type { ExamEventInput, ExamPatch, ExamRecord, ExamRevision, ExamStateWriter, NewExam } from './exam-state';

const bump = { version: sql`${exams.version} + 1` };

/** The DICOM StudyInstanceUID of a UUID (the 2.25 root: a UUID as one decimal number). */
const uidOf = (uuid: string) => `2.25.${BigInt(`0x${uuid.replaceAll('-', '')}`).toString()}`;

/** StudyDate and StudyTime of a moment, on the Bangkok clock (what the modality shows). */
function studyDateOf(at: Date): { studyDate: string; studyTime: string } {
  const local = new Date(at.getTime() + BANGKOK_OFFSET_MS).toISOString();
  return { studyDate: local.slice(0, 10).replaceAll('-', ''), studyTime: local.slice(11, 19).replaceAll(':', '') };
}

function eventRow(examId: string, e: ExamEventInput | ExamImageEvent): typeof examEvents.$inferInsert {
  return {
    examId,
    ...('at' in e && e.at ? { at: e.at } : {}),
    userId: e.userId,
    userName: e.userName,
    action: e.action,
    detail: e.detail ?? null,
  };
}

/** The SQL of every change of `exams` and `exam_events`: nothing else in the server writes them. */
export class ExamStateRepository implements ExamStateWriter {
  constructor(private readonly db: Database) {}

  async schedule(tx: Database, rows: NewExam[], event: Omit<ExamEventInput, 'action' | 'detail'>): Promise<void> {
    if (rows.length === 0) return;
    await tx.insert(exams).values(
      rows.map((e) => ({
        id: e.id,
        requestId: e.requestId,
        patientId: e.patient.id,
        branchId: e.branchId,
        hospitalId: e.hospitalId,
        accessionNumber: e.accessionNumber,
        modalityCode: e.modalityCode,
        description: e.description,
        bodyPart: e.bodyPart,
        examDate: e.examDate,
        status: 'Scheduled',
        hn: e.patient.hn,
        prefixName: e.patient.prefixTh,
        firstName: e.patient.firstNameTh,
        middleName: e.patient.middleNameTh,
        lastName: e.patient.lastNameTh,
        suffixName: e.patient.suffixTh,
        birthDate: e.patient.birthDate,
        gender: e.patient.gender,
        studyInstanceUid: uidOf(e.id),
        dicomPatientId: e.patient.hn,
        issuerOfPatientId: e.hospitalCode,
        referringPhysicianName: e.referringPhysicianName,
        ...studyDateOf(e.examDate),
        institutionalDepartment: 'Radiology',
      })),
    );
    await tx
      .insert(examEvents)
      .values(
        rows.map((e) => eventRow(e.id, { ...event, action: 'created', detail: `สร้างใบส่งตรวจ: ${e.description}` })),
      );
  }

  async revise(tx: Database, examId: string, r: ExamRevision, event: ExamEventInput): Promise<void> {
    await tx
      .update(exams)
      .set({
        description: r.description,
        bodyPart: r.bodyPart,
        hospitalId: r.hospitalId,
        referringPhysicianName: r.referringPhysicianName,
        ...(r.examDate ? { examDate: r.examDate, ...studyDateOf(r.examDate) } : {}),
        updatedAt: r.at,
        ...bump,
      })
      .where(eq(exams.id, examId));
    await tx.insert(examEvents).values(eventRow(examId, event));
  }

  async remove(
    tx: Database,
    examIds: string[],
    by: { userId: string; userName: string; reason: string; at: Date; detail?: string | null },
  ): Promise<void> {
    if (examIds.length === 0) return;
    const removed = await tx
      .update(exams)
      .set({ deletedAt: by.at, deletedBy: by.userId, deleteReason: by.reason, updatedAt: by.at, ...bump })
      .where(and(inArray(exams.id, examIds), isNull(exams.deletedAt)))
      .returning({ id: exams.id });
    if (removed.length === 0) return;
    await tx.insert(examEvents).values(
      removed.map((e) =>
        eventRow(e.id, {
          userId: by.userId,
          userName: by.userName,
          action: 'deleted',
          detail: by.detail === undefined ? by.reason : by.detail,
        }),
      ),
    );
  }

  async reportFinished(
    tx: Database,
    examId: string,
    patch: ExamPatch,
    event: ExamEventInput & { at: Date },
  ): Promise<void> {
    await tx
      .update(exams)
      .set({
        ...patch,
        firstReportedAt: sql`coalesce(${exams.firstReportedAt}, ${event.at.toISOString()}::timestamptz)`,
        updatedAt: new Date(),
        ...bump,
      })
      .where(eq(exams.id, examId));
    await tx.insert(examEvents).values(eventRow(examId, event));
  }

  patientHnChanged(patientId: string, hn: string, event: ExamEventInput): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const changed = await tx
        .update(exams)
        .set({ hn, dicomPatientId: hn, updatedAt: event.at ?? new Date(), ...bump })
        .where(and(eq(exams.patientId, patientId), isNull(exams.deletedAt), ne(exams.hn, hn)))
        .returning({ id: exams.id });
      if (changed.length) await tx.insert(examEvents).values(changed.map((e) => eventRow(e.id, event)));
      return changed.map((e) => e.id);
    });
  }

  async appendEvent(examId: string, event: ExamEventInput): Promise<void> {
    await this.db.insert(examEvents).values(eventRow(examId, event));
  }

  changeIfVersion(
    examId: string,
    version: number,
    patch: ExamPatch,
    event: ExamEventInput,
    also?: (tx: Database) => Promise<void>,
  ): Promise<ExamRecord | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(exams)
        .set({ ...patch, ...bump, updatedAt: new Date() })
        .where(and(eq(exams.id, examId), eq(exams.version, version), isNull(exams.deletedAt)))
        .returning();
      if (!row) return undefined;
      await tx.insert(examEvents).values(eventRow(examId, event));
      if (also) await also(tx);
      return row;
    });
  }

  // ---- the DICOM library's changes (ExamImageState) ----

  async imagesReceived(
    tx: Database,
    examId: string,
    at: Date,
    studyInstanceUid: string,
    event: ExamImageEvent,
  ): Promise<void> {
    await tx
      .update(exams)
      .set({
        hasImage: true,
        receivedAt: sql`coalesce(${exams.receivedAt}, ${at.toISOString()}::timestamptz)`,
        status: sql`case when ${exams.status} = 'Scheduled' then 'Arrived' else ${exams.status} end`,
        dicomAuditStatus: sql`case when ${exams.dicomAuditStatus} = '' and (select ${branches.dicomAuditRequired} from ${branches} where ${branches.id} = ${exams.branchId}) then 'WaitingForAudit' else ${exams.dicomAuditStatus} end`,
        studyInstanceUid: sql`coalesce(${exams.studyInstanceUid}, ${studyInstanceUid})`,
        updatedAt: at,
        ...bump,
      })
      .where(eq(exams.id, examId));
    await tx.insert(examEvents).values({ ...eventRow(examId, event), at });
  }

  async archived(tx: Database, examId: string, studyId: string, at: Date, event: ExamImageEvent): Promise<boolean> {
    const [exam] = await tx
      .update(exams)
      .set({ zipStatus: 'Archive', zipStatusUpdatedAt: at, updatedAt: at, ...bump })
      .where(
        and(
          eq(exams.id, examId),
          isNull(exams.deletedAt),
          sql`exists (select 1 from ${dicomStudies} s where s.id = ${studyId} and s.exam_id = ${exams.id})`,
        ),
      )
      .returning({ id: exams.id });
    if (!exam) return false;
    await tx.insert(examEvents).values({ ...eventRow(examId, event), at });
    return true;
  }

  async restored(tx: Database, examId: string, at: Date, event: ExamImageEvent): Promise<boolean> {
    return this.setZipStatusFromCold(tx, examId, 'Uploaded', at, event);
  }

  async restoreFailed(tx: Database, examId: string, at: Date, event: ExamImageEvent): Promise<void> {
    await this.setZipStatusFromCold(tx, examId, 'Error', at, event);
  }

  async procedureStarted(tx: Database, examId: string, at: Date, event: ExamImageEvent): Promise<boolean> {
    const [exam] = await tx
      .update(exams)
      .set({
        status: sql`case when ${exams.status} = 'Scheduled' then 'Arrived' else ${exams.status} end`,
        updatedAt: at,
        ...bump,
      })
      .where(and(eq(exams.id, examId), isNull(exams.deletedAt)))
      .returning({ id: exams.id });
    if (!exam) return false;
    await tx.insert(examEvents).values({ ...eventRow(examId, event), at });
    return true;
  }

  async procedureEnded(
    tx: Database,
    examId: string,
    at: Date,
    outcome: 'completed' | 'discontinued',
    event: ExamImageEvent,
  ): Promise<boolean> {
    const [exam] = await tx
      .update(exams)
      .set({
        ...(outcome === 'discontinued'
          ? {
              status: sql`case when ${exams.status} = 'Arrived' and not ${exams.hasImage} then 'Scheduled' else ${exams.status} end`,
            }
          : {}),
        updatedAt: at,
        ...bump,
      })
      .where(and(eq(exams.id, examId), isNull(exams.deletedAt)))
      .returning({ id: exams.id });
    if (!exam) return false;
    await tx.insert(examEvents).values({ ...eventRow(examId, event), at });
    return true;
  }

  async ensureStudyInstanceUid(examId: string): Promise<string> {
    const [set] = await this.db
      .update(exams)
      .set({ studyInstanceUid: uidOf(randomUUID()) })
      .where(and(eq(exams.id, examId), isNull(exams.studyInstanceUid)))
      .returning({ uid: exams.studyInstanceUid });
    if (set?.uid) return set.uid;
    const [row] = await this.db.select({ uid: exams.studyInstanceUid }).from(exams).where(eq(exams.id, examId));
    if (!row?.uid) throw new Error('exam lost its StudyInstanceUID');
    return row.uid;
  }

  /** Only an exam waiting on cold storage (Archive, or Error after a failed restore) takes the restore's outcome. */
  private async setZipStatusFromCold(
    tx: Database,
    examId: string,
    zipStatus: 'Uploaded' | 'Error',
    at: Date,
    event: ExamImageEvent,
  ): Promise<boolean> {
    const [exam] = await tx
      .update(exams)
      .set({ zipStatus, zipStatusUpdatedAt: at, updatedAt: at, ...bump })
      .where(and(eq(exams.id, examId), isNull(exams.deletedAt), inArray(exams.zipStatus, ['Archive', 'Error'])))
      .returning({ id: exams.id });
    if (!exam) return false;
    await tx.insert(examEvents).values({ ...eventRow(examId, event), at });
    return true;
  }
}
