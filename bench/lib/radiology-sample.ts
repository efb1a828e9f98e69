import { z } from 'zod';
import {
  radiologyReportElement,
  type RadiologyReportDocument,
} from '../../apps/server/src/modules/radiology-reports/pdf/radiology-report';
import { defineReport } from '../../apps/server/src/modules/report-engine/registry';

/** A final CT brain report as modules/reports prints it on Finish: Thai and English text, about one A4 page. */
const SAMPLE: RadiologyReportDocument = {
  branch: {
    name: 'รังสีสาขาสยาม',
    nameEn: 'Rangsi Siam branch',
    address: '99 ถนนพระราม 4 แขวงสุริยวงศ์ เขตบางรัก กรุงเทพฯ 10500',
    phone: '02-000-0000',
  },
  patient: { name: 'นาย ธนากร ศรีสุข', hn: 'HN4203477', age: 54, gender: 'Male' },
  exam: {
    accessionNumber: 'RS12611260007',
    description: 'CT Brain non-contrast',
    modality: 'CT',
    examDate: new Date(),
    referringPhysicianName: 'นพ. ปกรณ์ เจริญผล',
    clientName: 'โรงพยาบาลรวมแพทย์สยาม',
  },
  report: {
    versionNo: 1,
    kind: 'final',
    isCritical: false,
    finishedAt: new Date(),
    radiologist: { name: 'พญ. ศิริพร ชัยมงคล', licenseNo: 'ว. 12345' },
    editedBy: null,
    content: {
      clinicalInformation: 'ปวดศีรษะรุนแรงเฉียบพลัน 2 ชั่วโมง คลื่นไส้อาเจียน ความดันโลหิต 180/100 mmHg ไม่มีอ่อนแรงแขนขา',
      technique:
        'Axial CT of the brain without intravenous contrast, 5 mm slices from the skull base to the vertex, with bone and brain windows and coronal/sagittal reformats.',
      findings: [
        'ไม่พบเลือดออกในเนื้อสมอง ช่องเยื่อหุ้มสมอง หรือในโพรงสมอง (no intracranial haemorrhage).',
        'เนื้อสมองสีเทาและสีขาวแยกกันได้ชัดเจน ไม่พบบริเวณสมองขาดเลือดเฉียบพลันที่เห็นได้จาก CT.',
        'Ventricles and sulci are normal in size and configuration for age. No midline shift, no mass effect.',
        'พบหินปูนเล็กน้อยที่ basal ganglia ทั้งสองข้าง ซึ่งพบได้ตามวัย. Basal cisterns are patent.',
        'Visualised paranasal sinuses and mastoid air cells are clear. No calvarial fracture.',
      ].join('\n'),
      impression:
        '1. ไม่พบเลือดออกในสมองหรือภาวะสมองขาดเลือดเฉียบพลันจากการตรวจ CT\n2. No acute intracranial abnormality. Clinical correlation and MRI if symptoms persist.',
    },
  },
};

/**
 * The radiology report's own template (modules/reports/pdf/radiology-report.tsx) with a sample finished version,
 * registered in the engine under a bench name: the same path as every report (parameters, loader, React, the pooled
 * Chromium), without the database reads of the real definition.
 */
export const sampleRadiologyReport = defineReport({
  name: 'bench_radiology.rpt',
  title: 'รายงานผลการตรวจทางรังสีวิทยา',
  titleEn: 'Radiology report (bench sample)',
  permission: 'EXAM_REPORT',
  scope: 'exam',
  params: z.object({}),
  fields: [],
  paper: 'A4',
  load: async () => SAMPLE,
  template: (doc) => radiologyReportElement(doc),
});
