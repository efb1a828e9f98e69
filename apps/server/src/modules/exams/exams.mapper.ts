import type { Exam } from '@rangsi/contract';
import { ageInYears, type AuditStatus, type ExamStatus, type ZipStatus } from '@rangsi/domain';
import type { ExamsRepository } from './exams.repository';

type Hydrated = Awaited<ReturnType<ExamsRepository['hydrate']>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Display name as Thai records write it: prefix joined to the first name, then middle and last. */
export function examPatientName(e: {
  prefixName: string | null;
  firstName: string;
  middleName: string | null;
  lastName: string | null;
}): string {
  return [`${e.prefixName ?? ''}${e.firstName}`, e.middleName, e.lastName].filter(Boolean).join(' ');
}

/** A hydrated database row as the worklist row of the contract; `arriving` tells exams whose images are on their way. */
export function toExam(r: Hydrated, arriving?: { has(examId: string): boolean }): Exam {
  const e = r.exam;
  return {
    examId: e.id,
    accessionNumber: e.accessionNumber,
    examDate: e.examDate.toISOString(),
    hn: e.hn,
    patientName: examPatientName(e),
    age: ageInYears(e.birthDate, e.examDate),
    modality: e.modalityCode,
    description: e.description,
    recieiveDate: iso(e.receivedAt),
    expectedDate: iso(e.expectedAt),
    status: e.status as ExamStatus,
    branchId: e.branchId,
    branchName: r.branchName,
    clientId: e.hospitalId,
    clientName: r.clientName,
    reviewerId: e.reviewerId,
    reviewerName: r.reviewerName,
    specificReviewerId: e.specificReviewerId,
    latestMessage: e.latestMessage,
    latestReporter: r.latestReporter,
    isCheckReport: e.isCheckReport,
    isRead: e.isRead,
    reportCount: Number(r.reportCount),
    hasImage: e.hasImage,
    imagesArriving: !e.hasImage && (arriving?.has(e.id) ?? false),
    hasNote: e.hasNote,
    hasDocument: Boolean(r.hasDocument),
    hasFile: Boolean(r.hasFile),
    hasOldExams: Boolean(r.hasOldExams),
    dicomAuditStatus: e.dicomAuditStatus as AuditStatus,
    reportAuditStatus: e.reportAuditStatus as AuditStatus,
    zipStatus: e.zipStatus as ZipStatus | null,
    zipStatusLastUpdate: iso(e.zipStatusUpdatedAt),
    remark: e.remark,
    allergy: r.allergies ?? [],
    isChainCase: e.isChainCase,
    isSpecific: e.isSpecific,
    isOnDuty: e.isOnDuty,
    isCritical: e.isCritical,
    reportUrgency: e.reportUrgency,
    log: r.log,
    firstName: e.firstName,
    middleName: e.middleName,
    lastName: e.lastName,
    prefixName: e.prefixName,
    suffixName: e.suffixName,
    birthDate: e.birthDate,
    requestId: e.requestId,
    version: e.version,
  };
}
