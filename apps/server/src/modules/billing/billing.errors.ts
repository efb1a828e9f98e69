import { DomainError } from '../../http/domain-error';

/** Messages of the billing module (Thai with the English in parentheses, as the rest of the server's). */
export const BL = {
  hospitalNotFound: 'ไม่พบโรงพยาบาล หรือโรงพยาบาลนี้ไม่อยู่ในสาขาของท่าน (hospital not found in your branch)',
  privilegeNotOfHospital: 'สิทธิการรักษาที่เลือกไม่ใช่ของโรงพยาบาลนี้ (privilege not of this hospital)',
  billingNotFound: 'ไม่พบใบวางบิล (billing not found)',
  receiptNotFound: 'ไม่พบใบเสร็จ (receipt not found)',
  lineNotFound: 'ไม่พบใบส่งตรวจนี้ในใบวางบิล (request not in this billing)',
  noBranch: 'บัญชีผู้ใช้นี้ไม่ได้สังกัดสาขา จึงใช้งานระบบวางบิลไม่ได้ (your account has no branch)',
  hospitalUsers: 'ไม่มีสิทธิ์ใช้งานส่วนนี้',
  duplicateIds: 'มีใบส่งตรวจซ้ำกันในรายการที่เลือก (the same request is listed twice)',
  requestsRefused: (n: number, why: string) => `สร้างใบวางบิลไม่ได้: ใบส่งตรวจ ${n.toLocaleString('en-US')} รายการ${why}`,
  whyMissing: 'ไม่พบ หรือไม่อยู่ในสาขา/โรงพยาบาล/สิทธิที่เลือก (not found, or not of this branch, hospital or privilege)',
  whyDeleted: 'ถูกลบหรืออยู่ระหว่างรออนุมัติราคา (deleted or on hold)',
  whyOutOfRange: 'มีวันนัดตรวจอยู่นอกช่วงวันที่ที่เลือก (appointment outside the date range)',
  whyPaid: 'ชำระแล้ว (already paid)',
  somePaid: 'บางรายการชำระแล้ว (some requests are already paid)',
  paidElsewhere: 'ใบส่งตรวจนี้ชำระแล้วในใบวางบิลอื่น (already paid in another billing)',
  unpaidByReceipt: 'รายการนี้ชำระด้วยใบเสร็จ กรุณายกเลิกใบเสร็จแทน (paid by a receipt: void the receipt instead)',
  notInBatch: (n: number) =>
    `ใบส่งตรวจ ${n.toLocaleString('en-US')} รายการไม่อยู่ในใบวางบิลนี้ (requests not in this billing)`,
  amountOverLines: (max: string) =>
    `จำนวนเงินต้องไม่เกินยอดรวมของรายการที่เลือก ${max} บาท (amount above the selected lines' total)`,
  receiptVoided: 'ใบเสร็จนี้ถูกยกเลิกแล้ว (the receipt is already voided)',
  receiptVoidedFile: 'ใบเสร็จนี้ถูกยกเลิกแล้ว พิมพ์ไม่ได้ (the receipt is voided)',
} as const;

export const billingNotFound = () => new DomainError(404, BL.billingNotFound, 'BILLING_NOT_FOUND');
export const receiptNotFound = () => new DomainError(404, BL.receiptNotFound, 'RECEIPT_NOT_FOUND');
export const lineNotFound = () => new DomainError(404, BL.lineNotFound, 'LINE_NOT_FOUND');
export const hospitalNotFound = () => new DomainError(404, BL.hospitalNotFound, 'HOSPITAL_NOT_FOUND');
export const billingConflict = (message: string, code = 'BILLING_CONFLICT') => new DomainError(409, message, code);
export const billingInvalid = (field: string, message: string) =>
  new DomainError(400, message, 'VALIDATION', undefined, [{ field, message }]);

/** Postgres unique violation of the named index, however the driver wraps it. */
export function isUniqueViolation(err: unknown, ...indexes: string[]): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    const pg = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (pg.code === '23505' && indexes.some((i) => pg.constraint === i || String(pg.message).includes(i))) return true;
  }
  return false;
}
