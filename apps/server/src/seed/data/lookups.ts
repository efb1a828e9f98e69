/**
 * Named lookups of the request and patient forms (spec §3 Condition UI data), one list per `lookups.kind`.
 * `name` is what the forms show and what request/patient rows store (allergy names, blood group); `code` is a
 * stable handle for code that must recognise an entry (e.g. the NHSO payment method).
 */
export interface LookupSeed {
  code: string;
  name: string;
  nameEn: string;
}

export type LookupKind =
  | 'researchProject'
  | 'doctorSendWorkingGroup'
  | 'paymentMethod'
  | 'allergy'
  | 'requestDocument'
  | 'deleteReason'
  | 'bloodType'
  | 'relationship'
  | 'costPaymentMethod';

const rows = (list: [code: string, name: string, nameEn: string][]): LookupSeed[] =>
  list.map(([code, name, nameEn]) => ({ code, name, nameEn }));

export const LOOKUPS: Record<LookupKind, LookupSeed[]> = {
  paymentMethod: rows([
    ['CASH', 'เงินสด', 'Cash'],
    ['TRANSFER', 'โอนเงิน', 'Bank transfer'],
    ['CREDIT_CARD', 'บัตรเครดิต', 'Credit card'],
    ['QR', 'QR พร้อมเพย์', 'PromptPay QR'],
    ['AFFILIATION', 'เบิกต้นสังกัด', 'Billed to employer agency'],
    ['CSMBS', 'เบิกจ่ายตรงกรมบัญชีกลาง', 'Civil servant direct billing (CSMBS)'],
    ['SSS', 'ประกันสังคม', 'Social security'],
    ['UCS', 'บัตรทอง (UCEP/สปสช.)', 'Universal coverage (UCEP/NHSO)'],
    ['INSURANCE', 'ประกันสุขภาพเอกชน', 'Private health insurance'],
    ['HOSPITAL', 'วางบิลโรงพยาบาลต้นสังกัด', 'Invoice to the sending hospital'],
  ]),
  // Spec §9: about 16 groups including "other"; the sending doctor's department on the request.
  doctorSendWorkingGroup: rows([
    ['MED', 'อายุรกรรม', 'Internal medicine'],
    ['SURG', 'ศัลยกรรม', 'Surgery'],
    ['ORTHO', 'ศัลยกรรมกระดูกและข้อ', 'Orthopaedics'],
    ['PED', 'กุมารเวชกรรม', 'Paediatrics'],
    ['OBGYN', 'สูติ-นรีเวชกรรม', 'Obstetrics and gynaecology'],
    ['OPH', 'จักษุวิทยา', 'Ophthalmology'],
    ['ENT', 'โสต ศอ นาสิก', 'Otolaryngology (ENT)'],
    ['NEURO', 'ระบบประสาทวิทยา', 'Neurology'],
    ['NSURG', 'ประสาทศัลยศาสตร์', 'Neurosurgery'],
    ['EM', 'เวชศาสตร์ฉุกเฉิน', 'Emergency medicine'],
    ['FM', 'เวชศาสตร์ครอบครัว', 'Family medicine'],
    ['PSY', 'จิตเวชศาสตร์', 'Psychiatry'],
    ['RAD', 'รังสีวิทยา', 'Radiology'],
    ['REHAB', 'เวชศาสตร์ฟื้นฟู', 'Rehabilitation medicine'],
    ['ONCO', 'มะเร็งวิทยา', 'Oncology'],
    ['OTHER', 'อื่นๆ', 'Other'],
  ]),
  allergy: rows([
    ['IODINATED_CONTRAST', 'สารทึบรังสีชนิดไอโอดีน', 'Iodinated contrast'],
    ['GADOLINIUM', 'สารทึบรังสีแกโดลิเนียม', 'Gadolinium'],
    ['PENICILLIN', 'เพนิซิลลิน', 'Penicillin'],
    ['AMOXICILLIN', 'อะม็อกซีซิลลิน', 'Amoxicillin'],
    ['CEPHALOSPORIN', 'เซฟาโลสปอริน', 'Cephalosporins'],
    ['SULFA', 'ยากลุ่มซัลฟา', 'Sulfonamides (sulfa)'],
    ['NSAIDS', 'ยาแก้อักเสบกลุ่ม NSAIDs', 'NSAIDs'],
    ['ASPIRIN', 'แอสไพริน', 'Aspirin'],
    ['IBUPROFEN', 'ไอบูโพรเฟน', 'Ibuprofen'],
    ['METFORMIN', 'เมทฟอร์มิน (ต้องงดก่อนฉีดสารทึบรังสี)', 'Metformin (hold before contrast)'],
    ['LIDOCAINE', 'ยาชาลิโดเคน', 'Lidocaine'],
    ['LATEX', 'ยางลาเท็กซ์', 'Latex'],
    ['SEAFOOD', 'อาหารทะเล', 'Seafood'],
    ['SHELLFISH', 'กุ้ง หอย ปู', 'Shellfish'],
    ['EGG', 'ไข่', 'Egg'],
    ['ADHESIVE', 'เทปกาว/พลาสเตอร์', 'Adhesive tape'],
  ]),
  requestDocument: rows([
    ['REFERRAL', 'ใบส่งตัว', 'Referral letter'],
    ['CONTRAST_CONSENT', 'ใบยินยอมฉีดสารทึบรังสี', 'Contrast consent form'],
    ['LAB_CREATININE', 'ผลเลือด (Creatinine)', 'Blood test (creatinine)'],
    ['ID_CARD', 'บัตรประชาชน', 'National ID card'],
    ['ORDER', 'ใบสั่งแพทย์', "Physician's order"],
    ['MRI_SCREENING', 'แบบคัดกรองความปลอดภัย MRI', 'MRI safety screening form'],
    ['PRIVILEGE', 'หนังสือรับรองสิทธิ์การรักษา', 'Coverage certificate'],
    ['PRIOR_FILM', 'ผลการตรวจเดิม', 'Prior imaging report'],
  ]),
  deleteReason: rows([
    ['PATIENT_CANCEL', 'ผู้ป่วยยกเลิกนัด', 'Patient cancelled the appointment'],
    ['DUPLICATE', 'ลงทะเบียนซ้ำ', 'Duplicate registration'],
    ['WRONG_DATA', 'ข้อมูลผิดพลาด', 'Wrong data entered'],
    ['DOCTOR_CANCEL', 'แพทย์ยกเลิกการตรวจ', 'Doctor cancelled the exam'],
    ['OTHER', 'อื่นๆ', 'Other'],
  ]),
  bloodType: rows([
    ['A+', 'A Rh+', 'A Rh-positive'],
    ['A-', 'A Rh-', 'A Rh-negative'],
    ['B+', 'B Rh+', 'B Rh-positive'],
    ['B-', 'B Rh-', 'B Rh-negative'],
    ['AB+', 'AB Rh+', 'AB Rh-positive'],
    ['AB-', 'AB Rh-', 'AB Rh-negative'],
    ['O+', 'O Rh+', 'O Rh-positive'],
    ['O-', 'O Rh-', 'O Rh-negative'],
  ]),
  relationship: rows([
    ['FATHER', 'บิดา', 'Father'],
    ['MOTHER', 'มารดา', 'Mother'],
    ['SIBLING', 'พี่น้อง', 'Sibling'],
    ['CHILD', 'บุตร', 'Child'],
    ['SPOUSE', 'คู่สมรส', 'Spouse'],
    ['GRANDPARENT', 'ปู่/ย่า/ตา/ยาย', 'Grandparent'],
    ['RELATIVE', 'ญาติ', 'Relative'],
    ['OTHER', 'อื่นๆ', 'Other'],
  ]),
  costPaymentMethod: rows([
    ['CASH', 'เงินสด', 'Cash'],
    ['CHEQUE', 'เช็ค', 'Cheque'],
    ['TRANSFER', 'โอนเงิน', 'Bank transfer'],
  ]),
  researchProject: rows([
    ['LDCT-2025', 'โครงการคัดกรองมะเร็งปอดด้วย Low-dose CT ในกลุ่มเสี่ยง', 'Low-dose CT lung cancer screening in high-risk adults'],
    ['MG-AI-2025', 'โครงการศึกษา AI ช่วยอ่านแมมโมแกรม', 'AI-assisted mammography reading study'],
    ['STROKE-FT', 'โครงการ Stroke Fast Track เครือข่ายภาคเหนือ', 'Northern network stroke fast track registry'],
  ]),
};
