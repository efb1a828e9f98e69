import { ACCOUNTING_MESSAGES, MAX_ATTACHMENT_BYTES } from '@rangsi/contract';
import { DomainError, fieldError } from '../../http/domain-error';

const MB = Math.round(MAX_ATTACHMENT_BYTES / 1024 / 1024);

/** Messages of the accounting module (Thai with English in parentheses; the §5 ones come from the contract). */
export const ACC = {
  ...ACCOUNTING_MESSAGES,
  chooseBranch: 'กรุณาเลือกสาขา (choose a branch)',
  branchNotFound: 'ไม่พบสาขา (no such branch)',
  notInScope: 'ไม่มีสิทธิ์ใช้งานส่วนนี้',
  futureDate: 'วันที่ต้องไม่เกินวันนี้ (the date cannot be in the future)',
  range: 'ช่วงวันที่ไม่ถูกต้อง: วันเริ่มต้องไม่หลังวันสิ้นสุด และห่างกันไม่เกิน 366 วัน (from must not be after to, at most 366 days)',
  method: 'ไม่พบวิธีชำระเงินที่เลือก กรุณาเลือกประเภท (no such payment method)',
  receiptNotCheque: 'ใบเสร็จนี้ไม่ได้ชำระด้วยเช็ค กรุณาระบุเลขที่ใบเสร็จให้ถูกต้อง (this receipt was not paid by cheque)',
  receiptUsed: 'ใบเสร็จนี้บันทึกค่าตรวจแล้ว (this receipt is already recorded as an exam fee)',
  fileType: 'ไฟล์แนบต้องเป็นรูปภาพ JPEG, PNG หรือ PDF (attachments: JPEG, PNG or PDF)',
  fileSize: `ไฟล์แนบมีขนาดใหญ่เกิน ${MB} MB (attachments: at most ${MB} MB)`,
  oneFile: 'แนบไฟล์ได้ครั้งละ 1 ไฟล์ (one attachment at a time)',
  tooManyFields: 'ข้อมูลที่ส่งมีจำนวนรายการเกินกำหนด (at most 100 expense lines)',
  fieldTooLong: (field: string) => `ข้อมูล ${field} ยาวเกินกำหนด (${field}: too long)`,
  notMultipart: 'กรุณาส่งข้อมูลแบบ multipart/form-data (send multipart/form-data)',
  entryNotFound: 'ไม่พบรายการ (no such entry)',
  noFile: 'รายการนี้ไม่มีไฟล์แนบ (this entry has no attachment)',
} as const;

export const chooseBranch = () => fieldError('branchId', ACC.chooseBranch);
export const branchNotFound = () => new DomainError(404, ACC.branchNotFound, 'BRANCH_NOT_FOUND');
export const notInScope = () => new DomainError(403, ACC.notInScope, 'FORBIDDEN');
export const receiptNotFound = () => new DomainError(404, ACC.receiptNotFound, 'RECEIPT_NOT_FOUND');
export const badReceipt = (message: string = ACC.badReceipt) => fieldError('receiptId', message);
export const receiptUsed = () =>
  new DomainError(409, ACC.receiptUsed, 'RECEIPT_ALREADY_RECORDED', undefined, [
    { field: 'receiptId', message: ACC.receiptUsed },
  ]);
export const entryNotFound = () => new DomainError(404, ACC.entryNotFound, 'ENTRY_NOT_FOUND');
export const noAttachment = () => new DomainError(404, ACC.noFile, 'NO_ATTACHMENT');
export const badAttachment = (message: string, code: 'BAD_FILE_TYPE' | 'FILE_TOO_LARGE' | 'TOO_MANY_FILES') =>
  new DomainError(400, message, code, undefined, [{ field: 'file', message }]);
