/** Demo branches, client hospitals (fictional, Thai-sounding) and the people who use the system. */
import type { RoleName } from '@rangsi/domain';

export interface BranchSeed {
  code: string; name: string; nameEn: string; region: 'central' | 'north' | 'northeast';
  reportAuditRequired: boolean; dicomAuditRequired: boolean; address: string; phone: string;
  /** Two-digit station suffix of its modalities' AE titles (CT01, MR01 …). */
  station: string;
}

export const BRANCHES: readonly BranchSeed[] = [
  {
    code: 'RS1', name: 'รังสีสาขาสยาม', nameEn: 'Rangsi Siam', region: 'central', reportAuditRequired: true, dicomAuditRequired: true,
    address: '991 ถนนพระรามที่ 1 แขวงปทุมวัน เขตปทุมวัน กรุงเทพมหานคร 10330', phone: '021234567', station: '01',
  },
  {
    code: 'RS2', name: 'รังสีสาขาเชียงใหม่', nameEn: 'Rangsi Chiang Mai', region: 'north', reportAuditRequired: false, dicomAuditRequired: false,
    address: '88 ถนนห้วยแก้ว ตำบลสุเทพ อำเภอเมืองเชียงใหม่ เชียงใหม่ 50200', phone: '053123456', station: '02',
  },
  {
    code: 'RS3', name: 'รังสีสาขาขอนแก่น', nameEn: 'Rangsi Khon Kaen', region: 'northeast', reportAuditRequired: false, dicomAuditRequired: false,
    address: '123 ถนนมิตรภาพ ตำบลในเมือง อำเภอเมืองขอนแก่น ขอนแก่น 40000', phone: '043123456', station: '03',
  },
];

export const PRIVILEGE_SELF_PAY = 'ชำระเงินเอง';
export const PRIVILEGE_SSS = 'ประกันสังคม';
export const PRIVILEGE_UCS = 'สปสช./บัตรทอง';
export const PRIVILEGE_CSMBS = 'ข้าราชการ/กรมบัญชีกลาง';

/** How each privilege prices the products it lists, as a share of the default price (rounded to 10 baht). */
export const PRIVILEGE_PRICE_FACTOR: Record<string, number> = {
  [PRIVILEGE_SELF_PAY]: 1.1,
  [PRIVILEGE_SSS]: 0.85,
  [PRIVILEGE_UCS]: 0.6,
  [PRIVILEGE_CSMBS]: 0.8,
};

/** The payment-method lookup code each privilege is usually paid through. */
export const PRIVILEGE_PAYMENT_CODE: Record<string, string[]> = {
  [PRIVILEGE_SELF_PAY]: ['CASH', 'TRANSFER', 'CREDIT_CARD', 'QR'],
  [PRIVILEGE_SSS]: ['SSS'],
  [PRIVILEGE_UCS]: ['UCS'],
  [PRIVILEGE_CSMBS]: ['CSMBS', 'AFFILIATION'],
};

export interface HospitalSeed {
  code: string; name: string; nameEn: string; branchCode: string; privileges: string[];
  /** Share of the demo's exams sent by this hospital. */
  weight: number;
  doctors: string[]; buildings: string[]; sendingApplication: string;
}

export const HOSPITALS: readonly HospitalSeed[] = [
  {
    code: 'H1', name: 'โรงพยาบาลรวมแพทย์สยาม', nameEn: 'Ruam Phaet Siam Hospital', branchCode: 'RS1', weight: 35,
    privileges: [PRIVILEGE_SELF_PAY, PRIVILEGE_SSS, PRIVILEGE_UCS, PRIVILEGE_CSMBS],
    doctors: ['นพ. สุรศักดิ์ บุญประเสริฐ', 'พญ. อรทัย แก้วมณี', 'นพ. ชาญชัย ลิ้มสกุล', 'พญ. ปิยะนุช วงศ์ใหญ่', 'นพ. ภานุวัฒน์ ทองสุข'],
    buildings: ['อาคารผู้ป่วยนอก (OPD)', 'อาคารอุบัติเหตุและฉุกเฉิน (ER)', 'อาคารผู้ป่วยใน 1', 'อาคารเฉลิมพระเกียรติ'],
    sendingApplication: 'HOSxP',
  },
  {
    code: 'H2', name: 'โรงพยาบาลบางกอกการุณย์', nameEn: 'Bangkok Karun Hospital', branchCode: 'RS1', weight: 20,
    privileges: [PRIVILEGE_SELF_PAY, PRIVILEGE_SSS],
    doctors: ['นพ. วิโรจน์ เตชะวัฒน์', 'พญ. กาญจนา สุขประเสริฐ', 'นพ. ธีรเดช พงษ์พานิช'],
    buildings: ['อาคาร A ผู้ป่วยนอก', 'อาคาร B ศูนย์หัวใจ'],
    sendingApplication: 'SSB-HIS',
  },
  {
    code: 'H3', name: 'โรงพยาบาลล้านนาเวชการ', nameEn: 'Lanna Wechakan Hospital', branchCode: 'RS2', weight: 25,
    privileges: [PRIVILEGE_SELF_PAY, PRIVILEGE_UCS, PRIVILEGE_CSMBS],
    doctors: ['นพ. เกรียงไกร อินทร์แก้ว', 'พญ. ลำดวน คำแสง', 'นพ. ศรายุทธ ไชยวงศ์', 'พญ. ศศิธร หมื่นแก้ว'],
    buildings: ['ตึกผู้ป่วยนอก', 'ตึกอุบัติเหตุ', 'ตึกศัลยกรรม'],
    sendingApplication: 'HOSxP',
  },
  {
    code: 'H4', name: 'โรงพยาบาลอีสานพัฒนาการแพทย์', nameEn: 'Isan Phatthana Medical Hospital', branchCode: 'RS3', weight: 20,
    privileges: [PRIVILEGE_SELF_PAY, PRIVILEGE_UCS, PRIVILEGE_CSMBS],
    doctors: ['นพ. บุญชัย ศรีบุญ', 'พญ. อัมพร ประทุมมา', 'นพ. ยุทธนา ภักดี'],
    buildings: ['อาคารผู้ป่วยนอก', 'อาคารอุบัติเหตุฉุกเฉิน', 'อาคารผู้ป่วยใน'],
    sendingApplication: 'JHCIS',
  },
];

export interface UserSeed {
  username: string; displayName: string; email: string; roleName: RoleName;
  branchCode?: string; hospitalCode?: string; lineName?: string; licenseNo?: string;
  /** Doctors: the client hospitals they read for; the first reader of a hospital gets more of its cases. */
  readsFor?: string[];
}

export const USERS: readonly UserSeed[] = [
  { username: 'admin', displayName: 'อรรถพล ศรีวงศ์', email: 'admin@rangsi.example', roleName: 'Administrator', branchCode: 'RS1' },
  { username: 'staff', displayName: 'กนกวรรณ แสงทอง', email: 'kanokwan.s@rangsi.example', roleName: 'Staff', branchCode: 'RS1', lineName: 'Kanokwan.S' },
  {
    username: 'doctor1', displayName: 'นพ. ธนากร ศรีสุข', email: 'thanakorn.s@rangsi.example', roleName: 'Doctor',
    licenseNo: 'ว.34521', readsFor: ['H1', 'H2'],
  },
  {
    username: 'doctor2', displayName: 'พญ. ศิริพร ชัยมงคล', email: 'siriporn.c@rangsi.example', roleName: 'Doctor',
    licenseNo: 'ว.41287', readsFor: ['H1'],
  },
  { username: 'editor', displayName: 'ณัฐชา บุญมา', email: 'natcha.b@rangsi.example', roleName: 'Report Editor', branchCode: 'RS1' },
  { username: 'hospital', displayName: 'วันเพ็ญ ทองดี', email: 'wanphen.t@ruamphaet-siam.example', roleName: 'Hospital', branchCode: 'RS1', hospitalCode: 'H1' },
  { username: 'hospdoc', displayName: 'นพ. ปกรณ์ เจริญผล', email: 'pakorn.c@ruamphaet-siam.example', roleName: 'HospitalDoctor', branchCode: 'RS1', hospitalCode: 'H1' },
  { username: 'billing', displayName: 'จิราพร สุขสวัสดิ์', email: 'jiraporn.s@rangsi.example', roleName: 'Accounting', branchCode: 'RS1' },
  { username: 'link', displayName: 'ระบบเชื่อมต่อ รพ.รวมแพทย์สยาม', email: 'link@ruamphaet-siam.example', roleName: 'Link', branchCode: 'RS1', hospitalCode: 'H1' },
  {
    username: 'doctor3', displayName: 'นพ. วีรพงษ์ กิตติวงศ์', email: 'weeraphong.k@rangsi.example', roleName: 'Doctor',
    licenseNo: 'ว.28764', readsFor: ['H3', 'H4'],
  },
  {
    username: 'doctor4', displayName: 'พญ. กมลชนก รัตนพันธ์', email: 'kamonchanok.r@rangsi.example', roleName: 'Doctor',
    licenseNo: 'ว.45903', readsFor: ['H2', 'H3'],
  },
  {
    username: 'doctor5', displayName: 'นพ. เอกชัย มั่นคง', email: 'ekkachai.m@rangsi.example', roleName: 'Doctor',
    licenseNo: 'ว.39118', readsFor: ['H4'],
  },
  {
    username: 'doctor6', displayName: 'พญ. ชุติมา เจริญสุข', email: 'chutima.c@rangsi.example', roleName: 'Doctor',
    licenseNo: 'ว.51376', readsFor: ['H1', 'H4'],
  },
  // Branch staff of the other branches: they register and arrive the patients there.
  { username: 'staff2', displayName: 'ศิริลักษณ์ อินทร์ตา', email: 'sirilak.i@rangsi.example', roleName: 'Staff', branchCode: 'RS2' },
  { username: 'staff3', displayName: 'อนุชา คำมา', email: 'anucha.k@rangsi.example', roleName: 'Staff', branchCode: 'RS3' },
];

/** The nine accounts the tests and the README name. */
export const DEMO_LOGINS = ['admin', 'staff', 'doctor1', 'doctor2', 'editor', 'hospital', 'hospdoc', 'billing', 'link'] as const;
export const DEMO_PASSWORD = 'rangsi-demo';
