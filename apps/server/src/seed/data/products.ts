/**
 * The price list: exam protocols (group ตรวจ), contrast media (เวชภัณฑ์, dose in ml) and film (FILM, dose in
 * sheets; the request form recognises it by the exact name FILM). Prices are integer satang (ARCHITECTURE §4).
 */
export const EXAM_GROUP = 'ตรวจ';
export const CONTRAST_GROUP = 'เวชภัณฑ์';
export const FILM_GROUP = 'FILM';

export interface ProductSeed {
  modalityCode: string;
  code: string;
  name: string;
  productGroup: string;
  bodyPart: string | null;
  defaultPriceSatang: number;
  /** Exam protocols given with contrast: the code of the medium a request adds with them. */
  contrastCode?: string;
}

const thb = (baht: number) => Math.round(baht * 100);
const exam = (modalityCode: string, code: string, name: string, bodyPart: string, baht: number, contrastCode?: string): ProductSeed =>
  ({ modalityCode, code, name, productGroup: EXAM_GROUP, bodyPart, defaultPriceSatang: thb(baht), contrastCode });
const medium = (modalityCode: string, code: string, name: string, baht: number): ProductSeed =>
  ({ modalityCode, code, name, productGroup: CONTRAST_GROUP, bodyPart: null, defaultPriceSatang: thb(baht) });
const film = (modalityCode: string, baht: number): ProductSeed =>
  ({ modalityCode, code: `${modalityCode}-FILM`, name: 'FILM', productGroup: FILM_GROUP, bodyPart: null, defaultPriceSatang: thb(baht) });

export const PRODUCTS: readonly ProductSeed[] = [
  exam('CT', 'CT-BRAIN-NC', 'CT Brain non-contrast (ซีทีสมอง ไม่ฉีดสี)', 'HEAD', 2500),
  exam('CT', 'CT-BRAIN-C', 'CT Brain with contrast (ซีทีสมอง ฉีดสี)', 'HEAD', 4500, 'CT-IOPAMIDOL'),
  exam('CT', 'CT-STROKE', 'CT Stroke protocol: NCCT + CTA + CTP', 'HEAD', 9000, 'CT-IOHEXOL'),
  exam('CT', 'CT-CHEST-C', 'CT Chest with contrast (ซีทีทรวงอก ฉีดสี)', 'CHEST', 5500, 'CT-IOPAMIDOL'),
  exam('CT', 'CT-LDCT', 'Low-dose CT Chest (คัดกรองมะเร็งปอด)', 'CHEST', 3500),
  exam('CT', 'CT-UPPER-ABD', 'CT Upper abdomen with contrast (3-phase liver)', 'ABDOMEN', 6500, 'CT-IOPAMIDOL'),
  exam('CT', 'CT-WHOLE-ABD', 'CT Whole abdomen with contrast (ซีทีช่องท้องทั้งหมด)', 'ABDOMEN', 7500, 'CT-IOPAMIDOL'),
  exam('CT', 'CT-KUB', 'CT KUB non-contrast (นิ่วในไต)', 'ABDOMEN', 3500),
  exam('CT', 'CT-CAP', 'CT Chest and whole abdomen with contrast', 'CHESTABDOMEN', 11000, 'CT-IOHEXOL'),
  exam('CT', 'CT-CSPINE', 'CT C-spine non-contrast', 'CSPINE', 4000),
  exam('CT', 'CT-CTA-COR', 'CT Coronary angiography (CTA หัวใจ)', 'HEART', 12000, 'CT-IOHEXOL'),
  medium('CT', 'CT-IOPAMIDOL', 'Iopamidol 300 mgI/ml (Iopamiro) 100 ml', 1800),
  medium('CT', 'CT-IOHEXOL', 'Iohexol 350 mgI/ml (Omnipaque) 100 ml', 2200),
  medium('CT', 'CT-ORAL', 'Oral contrast: Meglumine diatrizoate (Gastrografin) 100 ml', 600),
  film('CT', 200),

  exam('MR', 'MR-BRAIN', 'MRI Brain non-contrast', 'HEAD', 8000),
  exam('MR', 'MR-BRAIN-C', 'MRI Brain with gadolinium', 'HEAD', 12000, 'MR-GADOTERATE'),
  exam('MR', 'MR-MRA-BRAIN', 'MRA Brain (Circle of Willis)', 'HEAD', 10000),
  exam('MR', 'MR-CSPINE', 'MRI C-spine', 'CSPINE', 9000),
  exam('MR', 'MR-LSPINE', 'MRI L-spine (กระดูกสันหลังส่วนเอว)', 'LSPINE', 9000),
  exam('MR', 'MR-KNEE', 'MRI Knee (ข้อเข่า)', 'KNEE', 9000),
  exam('MR', 'MR-LIVER', 'MRI Upper abdomen (liver) with gadolinium', 'ABDOMEN', 15000, 'MR-GADOBUTROL'),
  exam('MR', 'MR-PROSTATE', 'MRI Prostate multiparametric', 'PROSTATE', 15000, 'MR-GADOTERATE'),
  exam('MR', 'MR-BREAST', 'MRI Breast bilateral with gadolinium', 'BREAST', 15000, 'MR-GADOBUTROL'),
  medium('MR', 'MR-GADOTERATE', 'Gadoterate meglumine 0.5 mmol/ml (Dotarem) 15 ml', 3500),
  medium('MR', 'MR-GADOBUTROL', 'Gadobutrol 1.0 mmol/ml (Gadovist) 7.5 ml', 4000),
  film('MR', 250),

  exam('CR', 'CR-CXR-PA', 'CXR PA (เอกซเรย์ทรวงอก)', 'CHEST', 300),
  exam('CR', 'CR-CXR-PALAT', 'CXR PA and lateral', 'CHEST', 450),
  exam('CR', 'CR-KUB', 'Plain KUB', 'ABDOMEN', 350),
  exam('CR', 'CR-ACUTE-ABD', 'Acute abdomen series', 'ABDOMEN', 600),
  exam('CR', 'CR-SKULL', 'Skull AP/Lateral', 'SKULL', 500),
  exam('CR', 'CR-PNS', 'Paranasal sinuses (Waters view)', 'SINUS', 400),
  film('CR', 100),

  exam('DX', 'DX-KNEE', 'DX Knee AP/Lateral (เข่า)', 'KNEE', 450),
  exam('DX', 'DX-LS-SPINE', 'DX L-S spine AP/Lateral', 'LSPINE', 600),
  exam('DX', 'DX-C-SPINE', 'DX C-spine AP/Lateral', 'CSPINE', 550),
  exam('DX', 'DX-SHOULDER', 'DX Shoulder AP/Y-view', 'SHOULDER', 450),
  exam('DX', 'DX-HAND', 'DX Hand AP/Oblique', 'HAND', 400),
  exam('DX', 'DX-ANKLE', 'DX Ankle AP/Lateral/Mortise', 'ANKLE', 500),
  exam('DX', 'DX-PELVIS', 'DX Pelvis AP', 'PELVIS', 450),
  exam('DX', 'DX-CHEST', 'DX Chest PA (digital)', 'CHEST', 350),
  film('DX', 100),

  exam('US', 'US-UPPER-ABD', 'US Upper abdomen (อัลตราซาวด์ช่องท้องส่วนบน)', 'ABDOMEN', 1500),
  exam('US', 'US-WHOLE-ABD', 'US Whole abdomen (อัลตราซาวด์ช่องท้องทั้งหมด)', 'ABDOMEN', 2000),
  exam('US', 'US-KUB', 'US KUB', 'KIDNEY', 1500),
  exam('US', 'US-THYROID', 'US Thyroid (ต่อมไทรอยด์)', 'NECK', 1500),
  exam('US', 'US-BREAST', 'US Breast bilateral', 'BREAST', 2000),
  exam('US', 'US-PELVIS', 'US Pelvis (transabdominal)', 'PELVIS', 1500),
  exam('US', 'US-CAROTID', 'US Carotid Doppler', 'NECK', 3000),
  exam('US', 'US-DVT', 'US Doppler lower extremity venous (DVT)', 'LEG', 3000),

  exam('MG', 'MG-SCREEN', 'MG Bilateral screening mammogram', 'BREAST', 2000),
  exam('MG', 'MG-DIAG', 'MG Diagnostic mammogram bilateral', 'BREAST', 2500),
  exam('MG', 'MG-SPOT', 'MG Spot compression/magnification view', 'BREAST', 1000),
  film('MG', 150),
];
