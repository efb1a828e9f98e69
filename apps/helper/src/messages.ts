// Every text the helper shows the user, Thai first with English after " / " (protocol: "Thai text with English after
// ` / ` where the message is for the user"). Nothing here names a patient: exam ids and counts only.

const both = (th: string, en: string) => `${th} / ${en}`;

export const MSG = {
  forbiddenOrigin: both('ไม่อนุญาตให้เว็บไซต์นี้เรียกใช้', 'This site may not call the Rangsi Helper'),
  forbiddenHost: both('ที่อยู่ไม่ถูกต้อง', 'Wrong host name'),
  notFound: both('ไม่พบ', 'Not found'),
  badJson: both('ข้อมูลที่ส่งมาไม่ใช่ JSON ที่ถูกต้อง', 'The request body is not valid JSON'),
  tooLarge: both('ข้อมูลที่ส่งมาใหญ่เกินไป', 'The request body is too large'),
  badInput: (field: string) => both(`ข้อมูลไม่ถูกต้อง: ${field}`, `Invalid input: ${field}`),
  jobRunning: both('กำลังดาวน์โหลดการตรวจนี้อยู่แล้ว', 'This exam is already being downloaded'),
  noJob: both('ไม่มีงานของการตรวจนี้', 'There is no job for this exam'),
  waiting: (done: number, total: number) =>
    both(`กำลังเตรียมไฟล์ ${done}/${total}`, `Preparing the export ${done}/${total}`),
  downloading: both('กำลังดาวน์โหลด', 'Downloading'),
  unpacking: both('กำลังแตกไฟล์', 'Unpacking'),
  image: both('กำลังสร้างอิมเมจซีดี', 'Building the CD image'),
  burning: both('กำลังเขียนแผ่น', 'Burning the disc'),
  opening: both('กำลังเปิดโปรแกรมดูภาพ', 'Opening the viewer'),
  cdDone: (folder: string, image: string) =>
    both(`เสร็จแล้ว\nโฟลเดอร์: ${folder}\nอิมเมจ: ${image}`, `Completed\nFolder: ${folder}\nImage: ${image}`),
  cdBurned: both('เขียนแผ่นเสร็จแล้ว', 'The disc is burned'),
  noDrive: (device: string) =>
    both(`ไม่พบเครื่องเขียนแผ่น ${device} จึงไม่ได้เขียนแผ่น`, `No disc drive at ${device}: the disc was not burned`),
  viewerOpened: (folder: string) => both(`เปิดโปรแกรมดูภาพแล้ว\n${folder}`, `The viewer is open\n${folder}`),
  exportTimeout: (minutes: string) =>
    both(
      `เซิร์ฟเวอร์เตรียมไฟล์ไม่เสร็จภายใน ${minutes} นาที`,
      `The server did not finish preparing the export within ${minutes} minutes`,
    ),
  tokenRefused: both(
    'เซิร์ฟเวอร์ไม่รับสิทธิ์การดาวน์โหลด (โทเค็นหมดอายุหรือไม่มีสิทธิ์) กรุณาลองใหม่จากหน้ารายการ',
    'The server refused the download token (expired or not allowed); start again from the worklist',
  ),
  examNotFound: both('ไม่พบการตรวจนี้บนเซิร์ฟเวอร์', 'The server does not know this exam'),
  serverSaid: (status: number, message: string) =>
    both(`เซิร์ฟเวอร์ตอบ ${status}`, `The server answered ${status}`) + (message ? `\n${message}` : ''),
  serverUnreachable: both('ติดต่อเซิร์ฟเวอร์ไม่ได้', 'Cannot reach the Rangsi server'),
  badDownload: both('ไฟล์ที่ดาวน์โหลดไม่ครบหรือไม่ถูกต้อง', 'The downloaded file is incomplete or not as announced'),
  unsafeZip: (detail: string) =>
    both('ไฟล์ zip ไม่ปลอดภัยหรือเสียหาย ไม่ได้แตกไฟล์', 'The zip is unsafe or damaged; nothing was unpacked') + `\n${detail}`,
  diskFull: both('ดิสก์เต็ม เขียนไฟล์ไม่ได้', 'The disk is full; the files could not be written'),
  programMissing: (program: string) =>
    both(`ไม่พบโปรแกรม ${program}`, `The program ${program} is not installed or not found`),
  programFailed: (program: string, detail: string) =>
    both(`โปรแกรม ${program} ทำงานไม่สำเร็จ`, `${program} failed`) + (detail ? `\n${detail}` : ''),
  programTimedOut: (program: string) =>
    both(`โปรแกรม ${program} ทำงานนานเกินไปและถูกหยุด`, `${program} took too long and was stopped`),
  noIsoTool: both('ไม่พบ xorriso หรือ genisoimage', 'Neither xorriso nor genisoimage is installed'),
  isoReady: (tool: string) => both(`พร้อม (${tool})`, `Ready (${tool})`),
  noViewer: both('ยังไม่ได้ตั้งค่าโปรแกรมดูภาพ (VIEWER_COMMAND)', 'No viewer command is configured (VIEWER_COMMAND)'),
  viewerReady: (program: string) => both(`พร้อม (${program})`, `Ready (${program})`),
  cancelled: both('ยกเลิกแล้ว', 'Cancelled'),
  unexpected: both('เกิดข้อผิดพลาดที่ไม่คาดคิด', 'Unexpected error'),
  scannerReady: (device: string) => both(`พร้อมสแกน (${device})`, `Ready to scan (${device})`),
  noScanner: both('ไม่พบเครื่องสแกน', 'No scanner found'),
  scanning: (pages: number) => both(`กำลังสแกน ${pages} หน้า`, `Scanning, ${pages} pages so far`),
  scanBusy: both('เครื่องสแกนกำลังสแกนอยู่', 'The scanner is busy with another scan'),
  scanDone: (pages: number) => both(`สแกนเสร็จ ${pages} หน้า`, `Scanned ${pages} pages`),
  scanNoPages: both('ไม่ได้หน้าที่สแกนเลย (ไม่มีกระดาษ?)', 'No page was scanned (no paper?)'),
  scannerLost: (pages: number, detail: string) =>
    both(
      `เครื่องสแกนหยุดทำงานระหว่างสแกน (สแกนได้ ${pages} หน้า)`,
      `The scanner stopped during the scan after ${pages} pages`,
    ) + (detail ? `\n${detail}` : ''),
  noScan: both('ไม่มีการสแกนนี้', 'There is no such scan'),
  scanNotDone: both('การสแกนยังไม่เสร็จ', 'The scan is not completed'),
};
