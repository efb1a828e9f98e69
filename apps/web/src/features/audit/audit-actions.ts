/** Each audit action as words a person reads, Thai first with the English beside (never the stored code). */
const ACTION_TEXT: Record<string, [string, string]> = {
  'patient.read': ['เปิดดูข้อมูลผู้ป่วย', 'Opened patient'],
  'patient.search': ['ค้นหาผู้ป่วย', 'Searched patients'],
  'patient.create': ['เพิ่มผู้ป่วย', 'Added patient'],
  'patient.update': ['แก้ไขข้อมูลผู้ป่วย', 'Edited patient'],
  'patient.change': ['แก้ไขข้อมูลผู้ป่วย', 'Changed patient data'],
  'patient.photo': ['บันทึกรูปผู้ป่วย', 'Saved patient photo'],
  'exam.read': ['เปิดดูรายการตรวจ', 'Opened exam'],
  'exam.search': ['ค้นหารายการตรวจ', 'Searched exams'],
  'exam.change': ['แก้ไขรายการตรวจ', 'Changed exam'],
  'exam.export': ['ส่งออกภาพ DICOM', 'Exported images'],
  'exam.weasisManifest': ['เปิดภาพใน Weasis', 'Opened in Weasis'],
  'images.view': ['ดูภาพ', 'Viewed images'],
  'dicom.search': ['ค้นหาภาพ DICOM', 'Searched images'],
  'dicom.store': ['รับภาพ DICOM', 'Stored images'],
  'dicom.match': ['จับคู่ภาพกับรายการตรวจ', 'Matched images to an exam'],
  'dicom.identity.reconcile': ['ปรับข้อมูลผู้ป่วยในภาพตาม HN ใหม่', 'Images given the new HN'],
  'dicom.original.read': ['เปิดไฟล์ภาพตามที่รับมา (ตรวจสอบ)', 'Opened image file as received (audit)'],
  'document.read': ['เปิดเอกสาร', 'Opened document'],
  'document.change': ['แก้ไขเอกสาร', 'Changed document'],
  'report.read': ['เปิดดูผลอ่าน', 'Opened report'],
  'report.change': ['แก้ไขผลอ่าน', 'Changed report'],
  'report.pdfOpened': ['เปิดผลอ่าน (PDF)', 'Opened report PDF'],
  'report.finished': ['ยืนยันผลอ่าน', 'Finished report'],
  'report.draftStarted': ['เริ่มเขียนผลอ่าน', 'Started report'],
  'request.read': ['เปิดดูใบส่งตรวจ', 'Opened request'],
  'request.search': ['ค้นหาใบส่งตรวจ', 'Searched requests'],
  'request.create': ['สร้างใบส่งตรวจ', 'Created request'],
  'request.update': ['แก้ไขใบส่งตรวจ', 'Edited request'],
  'request.change': ['แก้ไขใบส่งตรวจ', 'Changed request'],
  'request.delete': ['ลบใบส่งตรวจ', 'Deleted request'],
  'request.link.create': ['สร้างลิงก์ฟิล์ม', 'Created film link'],
  'link.open': ['เปิดลิงก์ฟิล์ม', 'Opened film link'],
  'link.open.refused': ['เปิดลิงก์ฟิล์มไม่สำเร็จ', 'Film link refused'],
  'link.report': ['เปิดผลอ่านจากลิงก์ฟิล์ม', 'Opened report via link'],
  'api.call': ['ระบบภายนอกเรียกใช้', 'System call'],
  'credential.create': ['สร้างรหัสเชื่อมต่อระบบ', 'Created API credential'],
  'credential.revoke': ['ยกเลิกรหัสเชื่อมต่อระบบ', 'Revoked API credential'],
  login: ['เข้าสู่ระบบ', 'Signed in'],
  logout: ['ออกจากระบบ', 'Signed out'],
};

/** Thai and English words for an action; an action not listed yet shows a neutral phrase, never its code. */
export function actionText(action: string): { th: string; en: string } {
  const known = ACTION_TEXT[action];
  if (known) return { th: known[0], en: known[1] };
  if (action.startsWith('dicom.')) return { th: 'เข้าถึงภาพ DICOM', en: 'DICOM access' };
  if (action.startsWith('exam.')) return { th: 'แก้ไขรายการตรวจ', en: 'Changed exam' };
  if (action.startsWith('request.')) return { th: 'แก้ไขใบส่งตรวจ', en: 'Changed request' };
  if (action.startsWith('report.')) return { th: 'ผลอ่าน', en: 'Report' };
  return { th: 'เข้าถึงข้อมูล', en: 'Data access' };
}
