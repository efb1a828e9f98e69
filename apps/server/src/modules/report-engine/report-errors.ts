import { DomainError } from '../../http/domain-error';

/** Messages of the report engine (Thai, shown as the server's message or on the frame's error page). */
export const RE = {
  unknown: (name: string) => `ไม่พบรายงานชื่อ "${name}"`,
  badName: 'ชื่อรายงานไม่ถูกต้อง',
  forbidden: 'ไม่มีสิทธิ์เรียกดูรายงานนี้',
  branchForbidden: 'ไม่มีสิทธิ์ดูรายงานของสาขานี้',
  branchUnknown: 'ไม่พบสาขาที่เลือก',
  doctorForbidden: 'ดูรายงานได้เฉพาะของแพทย์ตนเอง',
  doctorUnknown: 'ไม่พบแพทย์ที่เลือก',
  invalid: 'ข้อมูลของรายงานไม่ถูกต้อง',
  range: 'วันที่เริ่มต้นต้องไม่เกินวันที่สิ้นสุด',
  tooLong: (max: number, unit: string) => `ช่วงเวลาของรายงานต้องไม่เกิน ${max} ${unit}`,
  requestNotFound: 'ไม่พบใบส่งตรวจ',
  requestHold: 'ใบส่งตรวจนี้รออนุมัติราคาพิเศษ (Hold) พิมพ์ได้เมื่ออนุมัติแล้ว',
  requestNoTime: 'กรุณาระบุเวลาตรวจ',
  noAccession: 'ใบส่งตรวจนี้ยังไม่มีเลข Accession',
  billingNotFound: 'ไม่พบใบวางบิล',
  renderFailed: 'สร้างเอกสาร PDF ไม่สำเร็จ กรุณาลองใหม่อีกครั้ง',
} as const;

export const unknownReport = (name: string) => new DomainError(404, RE.unknown(name), 'REPORT_NOT_FOUND');
export const reportForbidden = (message: string = RE.forbidden) => new DomainError(403, message, 'FORBIDDEN');
export const reportParamError = (errors: { field: string; message: string }[]) =>
  new DomainError(
    400,
    `${RE.invalid}: ${errors.map((e) => (e.field ? `${e.field} ${e.message}` : e.message)).join(', ')}`,
    'VALIDATION',
    undefined,
    errors,
  );
export const reportFieldError = (field: string, message: string) => reportParamError([{ field, message }]);
export const reportNotFound = (message: string) => new DomainError(404, message, 'NOT_FOUND');
export const reportConflict = (message: string) => new DomainError(409, message, 'REPORT_CONFLICT');
