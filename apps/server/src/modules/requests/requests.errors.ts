import { DomainError, fieldError } from '../../http/domain-error';

/** Messages of the request module (Thai, shown as the server's message; spec §8). */
export const RQ = {
  notFound: 'ไม่พบใบส่งตรวจ',
  noModality: 'กรุณาเลือกรายการตรวจอย่างน้อย 1 รายการ',
  unknownModality: (code: string) => `ไม่พบประเภทการตรวจ ${code}`,
  unknownProduct: (id: string | number) => `ไม่พบรายการตรวจรหัส ${id}`,
  productModality: (id: number, code: string) => `รายการตรวจรหัส ${id} ไม่ใช่ของ ${code}`,
  quantity: 'จำนวนต้องมากกว่า 0 และเป็นจำนวนเต็ม',
  price: 'ราคาต้องไม่ติดลบและมีทศนิยมไม่เกิน 2 ตำแหน่ง',
  customNotChosen: (id: number) => `ราคาพิเศษของรายการรหัส ${id} ไม่อยู่ในรายการที่เลือก`,
  hospital: 'ไม่พบโรงพยาบาล หรือไม่มีสิทธิ์ส่งตรวจให้โรงพยาบาลนี้',
  privilege: 'สิทธิการรักษาที่เลือกไม่ใช่ของโรงพยาบาลนี้',
  doctor: 'แพทย์ผู้ส่งที่เลือกไม่ใช่ของโรงพยาบาลนี้',
  building: 'อาคารที่เลือกไม่ใช่ของโรงพยาบาลนี้',
  lookup: (what: string) => `ไม่พบ${what}ที่เลือก`,
  examTimes: 'เวลาสิ้นสุดการตรวจต้องไม่ก่อนเวลาเริ่มตรวจ',
  schedule: 'กรุณาระบุวันเวลานัด',
  patient: 'ไม่พบข้อมูลผู้ป่วย',
  conflict: 'ใบส่งตรวจนี้ถูกแก้ไขโดยผู้ใช้อื่นแล้ว กรุณาโหลดข้อมูลใหม่',
  deleted: 'ใบส่งตรวจนี้ถูกลบไปแล้ว',
  removeExam: (code: string) => `นำ ${code} ออกไม่ได้ เพราะมีภาพ ผลอ่าน หรือมอบหมายแพทย์แล้ว`,
  deleteBusy: 'ลบไม่ได้ เพราะมีภาพ ผลอ่าน หรือมอบหมายแพทย์แล้ว',
  customPriceState: 'ราคาพิเศษนี้ไม่ได้รออนุมัติ',
  branchChange: 'เปลี่ยนเป็นโรงพยาบาลของสาขาอื่นไม่ได้ กรุณาสร้างใบส่งตรวจใหม่',
  holdRemark: 'รออนุมัติราคาพิเศษ',
  accessionForceDenied: 'ไม่มีสิทธิ์กำหนดเลข Accession เอง (Accession Number may be set only by branch staff)',
  accessionForm:
    'เลข Accession ที่กำหนดเองต้องเป็นตัวอักษรอังกฤษ ตัวเลข หรือ . _ / - ไม่เกิน 16 ตัว (Accession Number: up to 16 letters, digits, . _ / -)',
  accessionOneModality:
    'กำหนดเลข Accession เองได้เมื่อเลือกการตรวจเพียงประเภทเดียว (one modality only for a given Accession Number)',
  accessionAutomatic:
    'เลข Accession นี้มีรูปแบบเดียวกับเลขที่ระบบออกให้อัตโนมัติ กรุณาใช้รูปแบบอื่น (Accession Number is in the automatic format)',
  accessionTaken: (n: string) => `เลข Accession ${n} ถูกใช้แล้ว (Accession Number already in use)`,
} as const;

export const requestNotFound = () => new DomainError(404, RQ.notFound, 'REQUEST_NOT_FOUND');
export const badRequest = (field: string, message: string) => fieldError(field, message);
export const requestConflict = (message: string = RQ.conflict) => new DomainError(409, message, 'REQUEST_CONFLICT');

export const accessionTaken = (n: string) => fieldError('forceAcceesionNumber', RQ.accessionTaken(n));

export { isUniqueViolation } from '../../db/unique-violation';
