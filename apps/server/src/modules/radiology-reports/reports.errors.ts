import { DomainError } from '../../http/domain-error';

/** The report module's refusals, each with its status once (the error handler maps DomainError to the envelope). */
export const unknownReportName = () => new DomainError(404, 'ไม่พบรายงานชื่อนี้', 'REPORT_NAME_NOT_FOUND');
export const finishedReportNotFound = () => new DomainError(404, 'ไม่พบรายงานฉบับนี้', 'FINISHED_REPORT_NOT_FOUND');
export const reportWaitingForAudit = () =>
  new DomainError(
    403,
    'รายงานนี้อยู่ระหว่างรอตรวจสอบ (WaitingForAudit) เปิดได้เมื่ออนุมัติแล้ว หรือโดยแพทย์ผู้อ่าน/ผู้มีสิทธิ์อนุมัติหรือแก้ไขรายงาน',
    'REPORT_WAITING_FOR_AUDIT',
  );
export const noReportPermission = () => new DomainError(403, 'ไม่มีสิทธิ์ดูรายงานผล', 'REPORT_FORBIDDEN');

/** Why the user may read but not write. */
export const READ_ONLY_MESSAGES: Record<string, string> = {
  readOnlyRole: 'ผู้ใช้ของโรงพยาบาลดูรายงานได้อย่างเดียว',
  notAccepted: 'กรุณารับเคส (accept) ก่อนเขียนรายงาน',
  notReviewer: 'เขียนรายงานได้เฉพาะแพทย์ผู้ได้รับมอบหมายหรือผู้มีสิทธิ์แก้ไขรายงาน',
  wrongState: 'รายการนี้ไม่อยู่ในสถานะที่เขียนรายงานได้',
};
export const cannotWrite = (reason: string | undefined) =>
  new DomainError(
    reason === 'notAccepted' || reason === 'wrongState' ? 409 : 403,
    READ_ONLY_MESSAGES[reason ?? ''] ?? 'ไม่มีสิทธิ์เขียนรายงาน',
    'REPORT_READ_ONLY',
  );

/** A finished version is never edited (issue 8): corrections are addenda, which make a new version. */
export const finishedIsImmutable = () =>
  new DomainError(
    409,
    'รายงานที่บันทึกแล้วแก้ไขไม่ได้ หากต้องการแก้ไข กรุณาเขียนฉบับแก้ไขเพิ่มเติม (addendum) ซึ่งจะเป็นฉบับใหม่',
    'FINISHED_REPORT_IMMUTABLE',
  );

/** Someone (or a second click) finished a version first. */
export const versionTaken = (latest: number) =>
  new DomainError(
    409,
    latest > 0
      ? `รายงานนี้บันทึกแล้วถึงฉบับที่ ${latest} รายงานที่บันทึกแล้วแก้ไขไม่ได้ กรุณาเปิดรายงานใหม่เพื่อดูฉบับล่าสุด แล้วเขียนฉบับแก้ไขเพิ่มเติม (addendum) หากต้องการแก้`
      : 'เลขฉบับของรายงานไม่ถูกต้อง กรุณาเปิดรายงานใหม่',
    'REPORT_VERSION_TAKEN',
    { latestVersionNo: latest },
  );

export const draftConflict = (current: unknown) =>
  new DomainError(409, 'ร่างรายงานถูกบันทึกจากหน้าต่างอื่นแล้ว ข้อความล่าสุดแสดงแทนแล้ว', 'REPORT_DRAFT_CONFLICT', current);

export const kindNotAllowed = () =>
  new DomainError(409, 'มีรายงานผลสมบูรณ์ (final) แล้ว ฉบับถัดไปต้องเป็นฉบับแก้ไขเพิ่มเติม (addendum)', 'REPORT_KIND_NOT_ALLOWED');
