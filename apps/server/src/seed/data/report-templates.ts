/** A shared radiology report template: normal findings the reader picks and edits (issue 8). */
export interface ReportTemplateSeed {
  /** Stable key: the seed is idempotent on it (report_templates.code). */
  code: string;
  modalityCode: string;
  bodyPart: string;
  name: string;
  language: 'th' | 'en';
  content: { clinicalInformation: string; technique: string; findings: string; impression: string };
}

const lines = (...l: string[]) => l.join('\n');

const CT_BRAIN_EN = {
  technique: 'Non-contrast axial CT of the brain from the skull base to the vertex, 5 mm sections with bone and soft-tissue windows.',
  findings: lines(
    'No intracranial haemorrhage, mass effect or midline shift.',
    'Grey-white matter differentiation is preserved. No acute territorial infarct is seen.',
    'The ventricles, sulci and basal cisterns are normal in size for age.',
    'No extra-axial collection.',
    'The calvarium is intact. The visualised paranasal sinuses and mastoid air cells are clear.',
  ),
  impression: 'No acute intracranial abnormality.',
};

const CT_BRAIN_TH = {
  technique: 'ตรวจเอกซเรย์คอมพิวเตอร์สมองโดยไม่ฉีดสารทึบรังสี ภาพตัดแนวแกน (axial) หนา 5 มม. ตั้งแต่ฐานกะโหลกถึงยอดศีรษะ ดูทั้ง bone window และ brain window',
  findings: lines(
    'ไม่พบเลือดออกในสมอง ไม่พบการกดเบียดของเนื้อสมอง เส้นกึ่งกลางสมองไม่เคลื่อน',
    'แยกเนื้อสมองสีเทาและสีขาวได้ชัดเจน ไม่พบสมองขาดเลือดเฉียบพลัน',
    'โพรงน้ำในสมอง ร่องสมอง และ basal cisterns ขนาดปกติตามวัย',
    'ไม่พบของเหลวหรือเลือดคั่งนอกเนื้อสมอง',
    'กะโหลกศีรษะไม่พบรอยแตกหัก โพรงไซนัสและโพรงกกหูที่เห็นในภาพปกติ',
  ),
  impression: 'ไม่พบความผิดปกติเฉียบพลันในสมอง ไม่พบเลือดออกในสมอง',
};

const CT_CHEST_EN = {
  technique: 'Contrast-enhanced axial CT of the chest in the portal venous phase, 1.25 mm reconstructions with lung and mediastinal windows.',
  findings: lines(
    'Lungs: no consolidation, mass or suspicious nodule. No interstitial abnormality.',
    'Airways: the trachea and main bronchi are patent.',
    'Pleura: no pleural effusion or pneumothorax.',
    'Mediastinum: no lymphadenopathy. The heart size is normal; no pericardial effusion.',
    'Vessels: the thoracic aorta and pulmonary arteries are normal in calibre.',
    'Upper abdomen and bones: no significant abnormality in the imaged portions.',
  ),
  impression: 'No acute cardiopulmonary abnormality. No suspicious pulmonary nodule.',
};

const CT_CHEST_TH = {
  technique: 'ตรวจเอกซเรย์คอมพิวเตอร์ทรวงอกโดยฉีดสารทึบรังสีทางหลอดเลือดดำ ภาพตัดบาง 1.25 มม. ดูทั้ง lung window และ mediastinal window',
  findings: lines(
    'ปอด: ไม่พบปอดอักเสบ ก้อน หรือจุดในปอดที่น่าสงสัย ไม่พบความผิดปกติของเนื้อเยื่อปอด',
    'หลอดลม: หลอดลมใหญ่และหลอดลมหลักเปิดโล่งดี',
    'เยื่อหุ้มปอด: ไม่พบน้ำในช่องเยื่อหุ้มปอด ไม่พบลมรั่วในช่องเยื่อหุ้มปอด',
    'ช่องกลางทรวงอก: ไม่พบต่อมน้ำเหลืองโต หัวใจขนาดปกติ ไม่พบน้ำในเยื่อหุ้มหัวใจ',
    'หลอดเลือด: หลอดเลือดแดงใหญ่และหลอดเลือดแดงปอดขนาดปกติ',
    'ช่องท้องส่วนบนและกระดูกที่เห็นในภาพ: ไม่พบความผิดปกติที่สำคัญ',
  ),
  impression: 'ไม่พบความผิดปกติเฉียบพลันของปอดและหัวใจ ไม่พบก้อนในปอดที่น่าสงสัย',
};

const CXR_EN = {
  technique: 'Chest radiograph, PA erect view.',
  findings: lines(
    'The heart size is normal (cardiothoracic ratio < 0.5). The mediastinum is not widened.',
    'Both lungs are clear. No consolidation, mass or pleural effusion.',
    'Both costophrenic angles are sharp. No pneumothorax.',
    'The visualised bones and soft tissues are unremarkable.',
  ),
  impression: 'Normal chest radiograph.',
};

const CXR_TH = {
  technique: 'ภาพเอกซเรย์ทรวงอกท่า PA ยืน',
  findings: lines(
    'ขนาดหัวใจปกติ (cardiothoracic ratio น้อยกว่า 0.5) ช่องกลางทรวงอกไม่กว้าง',
    'ปอดทั้งสองข้างใส ไม่พบฝ้าขาว ก้อน หรือน้ำในช่องเยื่อหุ้มปอด',
    'มุมชายโครงกับกระบังลมทั้งสองข้างคมชัด ไม่พบลมรั่วในช่องเยื่อหุ้มปอด',
    'กระดูกและเนื้อเยื่ออ่อนที่เห็นในภาพปกติ',
  ),
  impression: 'ภาพเอกซเรย์ทรวงอกปกติ',
};

const US_ABD_EN = {
  technique: 'Real-time grey-scale and colour Doppler ultrasound of the whole abdomen after fasting.',
  findings: lines(
    'Liver: normal size (right lobe 14 cm) with homogeneous echotexture. No focal lesion. Hepatic and portal veins are patent.',
    'Gallbladder: well distended; no stone, wall thickening or pericholecystic fluid. CBD 4 mm.',
    'Pancreas: normal where seen. Spleen: normal size (10 cm).',
    'Kidneys: right 10.5 cm, left 10.8 cm; normal cortical thickness; no hydronephrosis or calculus.',
    'Urinary bladder: well distended with a smooth wall. No ascites.',
  ),
  impression: 'Normal ultrasound of the whole abdomen.',
};

const US_ABD_TH = {
  technique: 'ตรวจอัลตราซาวด์ช่องท้องทั้งหมดแบบ real-time grey scale และ colour Doppler หลังงดน้ำงดอาหาร',
  findings: lines(
    'ตับ: ขนาดปกติ (right lobe 14 ซม.) เนื้อตับสม่ำเสมอ ไม่พบก้อน หลอดเลือดดำตับและหลอดเลือดดำพอร์ทัลไหลเวียนดี',
    'ถุงน้ำดี: ไม่พบนิ่ว ผนังไม่หนา ไม่พบของเหลวรอบถุงน้ำดี ท่อน้ำดีใหญ่ขนาด 4 มม.',
    'ตับอ่อน: ปกติในส่วนที่เห็น ม้าม: ขนาดปกติ (10 ซม.)',
    'ไต: ไตขวา 10.5 ซม. ไตซ้าย 10.8 ซม. เนื้อไตหนาปกติ ไม่พบไตบวมน้ำหรือนิ่ว',
    'กระเพาะปัสสาวะ: ผนังเรียบ ไม่พบนิ่ว ไม่พบน้ำในช่องท้อง',
  ),
  impression: 'อัลตราซาวด์ช่องท้องทั้งหมดอยู่ในเกณฑ์ปกติ',
};

const MR_BRAIN_EN = {
  technique: 'Multiplanar multisequence MRI of the brain: sagittal T1, axial T2, FLAIR, DWI/ADC, SWI and coronal T2, without contrast.',
  findings: lines(
    'No restricted diffusion to suggest acute infarction.',
    'No intracranial haemorrhage or abnormal susceptibility.',
    'No mass, mass effect or midline shift. Normal grey-white matter signal.',
    'Ventricles and sulci are normal for age. The posterior fossa structures are normal.',
    'Major intracranial flow voids are preserved. The orbits, sinuses and mastoids are unremarkable.',
  ),
  impression: 'Normal MRI of the brain.',
};

const MR_BRAIN_TH = {
  technique: 'ตรวจคลื่นแม่เหล็กไฟฟ้าสมองหลายระนาบ: sagittal T1, axial T2, FLAIR, DWI/ADC, SWI และ coronal T2 โดยไม่ฉีดสารทึบรังสี',
  findings: lines(
    'ไม่พบ restricted diffusion ที่บ่งชี้ภาวะสมองขาดเลือดเฉียบพลัน',
    'ไม่พบเลือดออกในสมอง',
    'ไม่พบก้อน ไม่พบการกดเบียด เส้นกึ่งกลางไม่เคลื่อน สัญญาณเนื้อสมองสีเทาและสีขาวปกติ',
    'โพรงน้ำในสมองและร่องสมองขนาดปกติตามวัย สมองน้อยและก้านสมองปกติ',
    'หลอดเลือดใหญ่ในสมองมี flow void ปกติ เบ้าตา โพรงไซนัส และโพรงกกหูปกติ',
  ),
  impression: 'ภาพคลื่นแม่เหล็กไฟฟ้าสมองอยู่ในเกณฑ์ปกติ',
};

const MG_EN = {
  technique: 'Bilateral digital mammography, CC and MLO views.',
  findings: lines(
    'Breast composition: ACR category B, scattered areas of fibroglandular density.',
    'No suspicious mass, architectural distortion or suspicious calcification in either breast.',
    'The skin and nipples are normal. No axillary lymphadenopathy.',
  ),
  impression: lines('BI-RADS 1: Negative.', 'Recommendation: routine screening mammogram in 1 year.'),
};

const MG_TH = {
  technique: 'ตรวจแมมโมแกรมดิจิทัลเต้านมทั้งสองข้าง ท่า CC และ MLO',
  findings: lines(
    'ลักษณะเนื้อเต้านม: ACR category B มีเนื้อเยื่อต่อมกระจายเป็นหย่อม',
    'ไม่พบก้อน การบิดเบี้ยวของโครงสร้าง หรือหินปูนที่น่าสงสัยในเต้านมทั้งสองข้าง',
    'ผิวหนังและหัวนมปกติ ไม่พบต่อมน้ำเหลืองรักแร้โต',
  ),
  impression: lines('BI-RADS 1: ไม่พบความผิดปกติ (Negative)', 'คำแนะนำ: ตรวจคัดกรองด้วยแมมโมแกรมซ้ำใน 1 ปี'),
};

const t = (code: string, modalityCode: string, bodyPart: string, name: string, language: 'th' | 'en', c: Omit<ReportTemplateSeed['content'], 'clinicalInformation'>): ReportTemplateSeed =>
  ({ code, modalityCode, bodyPart, name, language, content: { clinicalInformation: '', ...c } });

/** The shared set: CT brain, CT chest, CXR, US whole abdomen, MR brain, mammogram BI-RADS; Thai and English each. */
export const REPORT_TEMPLATES: readonly ReportTemplateSeed[] = [
  t('ct-brain-th', 'CT', 'HEAD', 'CT Brain ปกติ (ภาษาไทย)', 'th', CT_BRAIN_TH),
  t('ct-brain-en', 'CT', 'HEAD', 'CT Brain normal (English)', 'en', CT_BRAIN_EN),
  t('ct-chest-th', 'CT', 'CHEST', 'CT Chest ปกติ (ภาษาไทย)', 'th', CT_CHEST_TH),
  t('ct-chest-en', 'CT', 'CHEST', 'CT Chest normal (English)', 'en', CT_CHEST_EN),
  t('cxr-cr-th', 'CR', 'CHEST', 'CXR ปกติ (ภาษาไทย)', 'th', CXR_TH),
  t('cxr-cr-en', 'CR', 'CHEST', 'CXR normal (English)', 'en', CXR_EN),
  t('cxr-dx-th', 'DX', 'CHEST', 'CXR ปกติ (ภาษาไทย)', 'th', CXR_TH),
  t('cxr-dx-en', 'DX', 'CHEST', 'CXR normal (English)', 'en', CXR_EN),
  t('us-whole-abd-th', 'US', 'ABDOMEN', 'US Whole abdomen ปกติ (ภาษาไทย)', 'th', US_ABD_TH),
  t('us-whole-abd-en', 'US', 'ABDOMEN', 'US Whole abdomen normal (English)', 'en', US_ABD_EN),
  t('mr-brain-th', 'MR', 'HEAD', 'MRI Brain ปกติ (ภาษาไทย)', 'th', MR_BRAIN_TH),
  t('mr-brain-en', 'MR', 'HEAD', 'MRI Brain normal (English)', 'en', MR_BRAIN_EN),
  t('mg-birads-th', 'MG', 'BREAST', 'Mammogram BI-RADS 1 (ภาษาไทย)', 'th', MG_TH),
  t('mg-birads-en', 'MG', 'BREAST', 'Mammogram BI-RADS 1 (English)', 'en', MG_EN),
];
