/**
 * Additional request fields (spec §3 Additional field definition). The first block is the fixed set the request
 * form keeps when modalities change (spec §5) and shows in its patient header; the rest are per-modality extras
 * laid out on the grid (width × 4 columns, height × 84 px) and mapped to modalities below.
 * Dependencies show or hide a field from another field's value with the spec's operators =, >, <, >=, <=, contains.
 */
export interface FieldDependency {
  dependencyFieldId: string;
  trigOperator: '=' | '>' | '<' | '>=' | '<=' | 'contains';
  trigValue: string;
  action: 'show' | 'hide';
}

export interface AdditionalFieldSeed {
  id: string;
  name: string;
  type: string;
  width: number;
  height: number;
  options: string[] | null;
  isMultiValue: boolean;
  suffix: string | null;
  description: string | null;
  visibility: boolean;
  orderNumber: number;
  dependencies: FieldDependency[] | null;
}

type FieldInput = Partial<AdditionalFieldSeed> & Pick<AdditionalFieldSeed, 'id' | 'name' | 'type' | 'orderNumber'>;

const field = (f: FieldInput): AdditionalFieldSeed => ({
  width: 1,
  height: 1,
  options: null,
  isMultiValue: false,
  suffix: null,
  description: null,
  visibility: true,
  dependencies: null,
  ...f,
});

export const CONTRAST_TYPES = ['ไม่ฉีดสารทึบรังสี (Non-contrast)', 'ฉีดทางหลอดเลือดดำ (IV contrast)', 'รับประทาน (Oral contrast)', 'IV + Oral contrast'] as const;
export const PREGNANCY_STATUSES = ['ไม่ตั้งครรภ์', 'ตั้งครรภ์', 'ไม่แน่ใจ'] as const;
export const BREAST_DENSITIES = ['A - Almost entirely fatty', 'B - Scattered fibroglandular', 'C - Heterogeneously dense', 'D - Extremely dense'] as const;

export const ADDITIONAL_FIELDS: readonly AdditionalFieldSeed[] = [
  // The fixed set (kept across modality changes).
  field({ id: 'weight', name: 'น้ำหนัก', type: 'number', suffix: 'kg', orderNumber: 1 }),
  field({ id: 'height', name: 'ส่วนสูง', type: 'number', suffix: 'cm', orderNumber: 2 }),
  field({ id: 'bun', name: 'BUN', type: 'number', suffix: 'mg/dL', orderNumber: 3 }),
  field({ id: 'creatinine', name: 'Creatinine', type: 'number', suffix: 'mg/dL', orderNumber: 4 }),
  field({ id: 'egfr', name: 'eGFR', type: 'number', suffix: 'mL/min/1.73m²', orderNumber: 5 }),
  field({ id: 'blood_test_date_bun', name: 'วันที่ตรวจ BUN', type: 'date', orderNumber: 6 }),
  field({ id: 'blood_test_date_creatinine', name: 'วันที่ตรวจ Creatinine', type: 'date', orderNumber: 7 }),
  field({ id: 'blood_test_date_egfr', name: 'วันที่ตรวจ eGFR', type: 'date', orderNumber: 8 }),
  field({ id: 'nhso_auth_code', name: 'รหัสยืนยันสิทธิ์ สปสช.', type: 'text', description: 'Authen code from the NHSO service', orderNumber: 9 }),
  field({ id: 'send_doctor_work_group', name: 'กลุ่มงานแพทย์ผู้ส่ง', type: 'text', description: 'Chosen from doctorSendWorkingGroup', orderNumber: 10 }),

  // Every modality: the clinical history and indication a report's clinical information starts from (issue 26 item 10).
  field({ id: 'clinical_history', name: 'ประวัติผู้ป่วย (Clinical history)', type: 'Textarea', width: 3, height: 1, orderNumber: 11 }),
  field({ id: 'indication', name: 'ข้อบ่งชี้ในการตรวจ (Indication)', type: 'Textarea', width: 3, height: 1, orderNumber: 12 }),

  // CT
  field({ id: 'ct_contrast_type', name: 'การใช้สารทึบรังสี', type: 'select', width: 2, options: [...CONTRAST_TYPES], orderNumber: 20 }),
  field({
    id: 'contrast_consent', name: 'ได้รับใบยินยอมฉีดสารทึบรังสีแล้ว', type: 'checkbox', orderNumber: 21,
    dependencies: [{ dependencyFieldId: 'ct_contrast_type', trigOperator: 'contains', trigValue: 'IV', action: 'show' }],
  }),
  field({
    id: 'renal_warning', name: 'คำเตือนการทำงานของไต', type: 'Html', width: 3, orderNumber: 22,
    description: '<b>Creatinine สูงกว่า 1.5 mg/dL</b> — ปรึกษารังสีแพทย์ก่อนฉีดสารทึบรังสีชนิดไอโอดีน',
    dependencies: [{ dependencyFieldId: 'creatinine', trigOperator: '>', trigValue: '1.5', action: 'show' }],
  }),
  field({
    id: 'low_egfr_warning', name: 'คำเตือน eGFR ต่ำ', type: 'Html', width: 3, orderNumber: 23,
    description: '<b>eGFR ต่ำกว่า 30</b> — เสี่ยงไตวายจากสารทึบรังสี/NSF จากแกโดลิเนียม ต้องได้รับการอนุมัติจากรังสีแพทย์',
    dependencies: [{ dependencyFieldId: 'egfr', trigOperator: '<', trigValue: '30', action: 'show' }],
  }),
  field({
    id: 'pediatric_protocol', name: 'ใช้โปรโตคอลปริมาณรังสีต่ำสำหรับเด็ก', type: 'checkbox', width: 2, orderNumber: 24,
    dependencies: [{ dependencyFieldId: 'weight', trigOperator: '<=', trigValue: '30', action: 'show' }],
  }),
  field({ id: 'pregnancy_status', name: 'สถานะการตั้งครรภ์', type: 'select', options: [...PREGNANCY_STATUSES], orderNumber: 25 }),
  field({
    id: 'lmp_date', name: 'วันแรกของประจำเดือนครั้งสุดท้าย (LMP)', type: 'date', orderNumber: 26,
    dependencies: [{ dependencyFieldId: 'pregnancy_status', trigOperator: '=', trigValue: 'ไม่แน่ใจ', action: 'show' }],
  }),

  // MR
  field({ id: 'mr_implant', name: 'อุปกรณ์/โลหะฝังในร่างกาย', type: 'Textarea', width: 2, height: 2, description: 'Pacemaker, cochlear implant, aneurysm clip, stent …', orderNumber: 30 }),
  field({
    id: 'mr_implant_card', name: 'ภาพบัตรอุปกรณ์ฝังในร่างกาย (Implant card)', type: 'UploadImage', height: 2, orderNumber: 31,
    dependencies: [{ dependencyFieldId: 'mr_implant', trigOperator: 'contains', trigValue: 'Pacemaker', action: 'show' }],
  }),
  field({ id: 'claustrophobia', name: 'กลัวที่แคบ (Claustrophobia)', type: 'checkbox', orderNumber: 32 }),
  field({
    id: 'sedation_plan', name: 'แผนการให้ยานอนหลับ/ยาคลายกังวล', type: 'Textarea', width: 2, height: 2, orderNumber: 33,
    dependencies: [{ dependencyFieldId: 'claustrophobia', trigOperator: '=', trigValue: 'true', action: 'show' }],
  }),
  field({
    id: 'mr_weight_warning', name: 'คำเตือนน้ำหนักเกินขีดจำกัดเตียง', type: 'Html', width: 3, orderNumber: 34,
    description: 'น้ำหนักตั้งแต่ 150 kg ขึ้นไป — ตรวจสอบขีดจำกัดเตียงและขนาดอุโมงค์เครื่อง MRI',
    dependencies: [{ dependencyFieldId: 'weight', trigOperator: '>=', trigValue: '150', action: 'show' }],
  }),

  // MG
  field({ id: 'breast_density', name: 'ความหนาแน่นเนื้อเต้านม (BI-RADS)', type: 'select', width: 2, options: [...BREAST_DENSITIES], orderNumber: 40 }),
  field({ id: 'prior_mammogram', name: 'เคยตรวจแมมโมแกรม', type: 'select', options: ['ไม่เคย', 'เคย'], orderNumber: 41 }),
  field({
    id: 'prior_mammogram_date', name: 'วันที่ตรวจแมมโมแกรมครั้งก่อน', type: 'date', orderNumber: 42,
    dependencies: [{ dependencyFieldId: 'prior_mammogram', trigOperator: '=', trigValue: 'ไม่เคย', action: 'hide' }],
  }),
  field({ id: 'breast_symptom', name: 'อาการทางเต้านม', type: 'select', options: ['ไม่มีอาการ', 'คลำได้ก้อน', 'เจ็บเต้านม', 'มีของเหลวออกจากหัวนม'], isMultiValue: true, orderNumber: 43 }),

  // US
  field({ id: 'npo_status', name: 'งดน้ำงดอาหารก่อนตรวจ 6 ชั่วโมง', type: 'checkbox', width: 2, orderNumber: 50 }),
  field({ id: 'spacer', name: '', type: 'Blank', orderNumber: 99 }),
];

/** Which extras each modality's tab shows; the fixed set is always there. */
export const MODALITY_FIELDS: Record<string, string[]> = {
  CT: ['clinical_history', 'indication', 'ct_contrast_type', 'contrast_consent', 'renal_warning', 'low_egfr_warning', 'pediatric_protocol', 'pregnancy_status', 'lmp_date'],
  MR: ['clinical_history', 'indication', 'mr_implant', 'mr_implant_card', 'claustrophobia', 'sedation_plan', 'mr_weight_warning', 'low_egfr_warning', 'pregnancy_status', 'lmp_date'],
  CR: ['clinical_history', 'indication', 'pregnancy_status', 'lmp_date'],
  DX: ['clinical_history', 'indication', 'pregnancy_status', 'lmp_date', 'spacer'],
  US: ['clinical_history', 'indication', 'npo_status'],
  MG: ['clinical_history', 'indication', 'breast_density', 'prior_mammogram', 'prior_mammogram_date', 'breast_symptom'],
};
