import { ACCOUNTING_MESSAGES } from '@rangsi/contract';

/**
 * The server's messages in Thai, keyed by code: what users see today, word for word (tests and e2e assert them).
 * Every code here needs its English in en.ts, with the same {placeholders}; a module's `<name>.errors.ts` gives the
 * codes it throws their kind. Grouped by the folder that owns them; a code is unique across the server.
 */
export const th = {
  // Text that is not ours to translate: Fastify's own words, schema messages, a legacy module's inline text.
  VERBATIM: '{text}',

  // http/
  NOT_FOUND: 'ไม่พบข้อมูล',
  FORBIDDEN: 'ไม่มีสิทธิ์ใช้งานส่วนนี้',
  UNAUTHORIZED: 'กรุณาเข้าสู่ระบบ',
  SOMETHING_WRONG: 'Something went wrong!',
  INVALID: 'ข้อมูลไม่ถูกต้อง',
  VALIDATION_FAILED: 'ข้อมูลไม่ถูกต้อง ({where}): {issues}',
  INVALID_INPUT: '{issues}',
  FIELD_ISSUE: '{field} {message}',
  BAD_REQUEST: 'คำขอไม่ถูกต้อง',
  INVALID_JSON: 'รูปแบบ JSON ไม่ถูกต้อง',
  EMPTY_BODY: 'ไม่มีข้อมูลที่ส่งมา',
  MALFORMED_UPLOAD: 'ข้อมูลที่อัปโหลดไม่สมบูรณ์ กรุณาส่งไฟล์ใหม่ (malformed upload)',
  BODY_TOO_LARGE: 'ข้อมูลที่ส่งมีขนาดใหญ่เกินกำหนด',
  UNSUPPORTED_MEDIA_TYPE: 'รูปแบบข้อมูลที่ส่งไม่รองรับ',
  INVALID_URL: 'ที่อยู่ไม่ถูกต้อง (invalid URL)',
  INVALID_CHARACTER: 'ข้อมูลมีอักขระที่ใช้ไม่ได้ (invalid character): {field}',
  INVALID_CHARACTER_FIELD: 'ข้อมูลมีอักขระที่ใช้ไม่ได้ (invalid character)',
  CROSS_SITE: 'คำขอนี้ส่งมาจากเว็บไซต์อื่น ระบบจึงไม่ดำเนินการให้ (Cross-site request refused)',
  TOO_MANY_ATTEMPTS:
    'ลองหลายครั้งเกินไป กรุณารอ {seconds} วินาทีแล้วลองใหม่ (Too many attempts: try again in {seconds} seconds)',

  // http/ uploads (spec §5: a file must be chosen; the spec's words in both languages)
  NO_FILE: 'Please select file.',
  EMPTY_FILE: 'Please select file.',

  // auth/
  TOKEN_EXPIRED: 'ลิงก์นี้หมดอายุแล้ว กรุณาเปิดใหม่',
  UNDECLARED_ROUTE: 'ไม่มีสิทธิ์ใช้งานส่วนนี้',
  LINK_NOT_FOUND: 'ลิงก์นี้ไม่มีอยู่หรือหมดอายุแล้ว',
  BAD_CREDENTIALS: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง',
  LOCKED: 'บัญชีนี้ถูกระงับชั่วคราว กรุณาติดต่อผู้ดูแลระบบ (This account is locked)',

  // dicom/query/ (QIDO-RS and C-FIND keys; protocol words, the same in both languages)
  QIDO_REPEATED: '{name} given more than once',
  QIDO_BAD_VALUE: '{name}: value too long or with control characters',
  QIDO_EXPECTED_UIDS: '{name}: expected UIDs (digits and dots)',
  QIDO_EXPECTED_CODES: '{name}: expected code values',
  QIDO_EXPECTED_DATE: '{name}: expected a date YYYYMMDD or a range YYYYMMDD-YYYYMMDD',
  QIDO_NOT_A_DATE: '{name}: not a calendar date',
  QIDO_BACKWARD_RANGE: '{name}: range ends before it starts',
  QIDO_EXPECTED_INTEGER: '{name}: expected an integer',
  QIDO_EXPECTED_TEXT: '{name}: expected 1-256 characters',
  QIDO_INTEGER_RANGE: '{name} must be an integer from {min} to {max}',
  QIDO_FUZZY: 'fuzzymatching must be true or false',
  QIDO_UNKNOWN_INCLUDE: 'includefield: unknown attribute {name}',
  QIDO_TOO_MANY_INCLUDES: 'includefield: too many attributes',
  QIDO_UNKNOWN_PARAMETER: 'unknown query parameter {name}',
  QIDO_WRONG_LEVEL: '{key} is not a {level}-level key',

  // dicom/dicomweb/ (WADO, STOW, rendered; the English-only texts are protocol words, kept as they are)
  NOT_ACCEPTABLE: 'รูปแบบที่ขอไม่รองรับ: this resource answers {what}',
  IMAGE_NOT_FOUND: 'ไม่พบภาพ',
  IMAGE_FILE_NOT_FOUND: 'ไม่พบไฟล์ภาพ',
  IMAGE_UNREADABLE: 'อ่านภาพนี้ไม่ได้',
  FRAME_NOT_FOUND: 'ไม่มีเฟรมนี้ในภาพ',
  ELEMENT_NOT_FOUND: 'ไม่มีข้อมูลนี้ในภาพ',
  DICOM_ARCHIVED: 'ภาพนี้ถูกย้ายไปเก็บในคลังระยะยาว (Archive) กรุณา Unzip ก่อนเปิดดู',
  BAD_FRAME_LIST: 'frames: 1-based frame numbers separated by commas',
  BAD_RENDERED_FRAME: 'frames: one 1-based frame number (rendered frames are answered one at a time)',
  CANNOT_TRANSCODE:
    'ส่งภาพในรูปแบบที่ขอไม่ได้: the image cannot be rewritten in {syntax} (its pixels cannot be decoded, or it is over 64 MB); ask without transferSyntax',
  ANONYMIZE_VALUE: 'anonymize: the only value is yes',
  ANONYMIZE_UNSUPPORTED: 'anonymize=yes: this server does not de-identify images; ask without anonymize',
  PRESENTATION_UNSUPPORTED: 'presentationUID: presentation states are not applied by this server; ask without it',
  STOW_MEDIA_TYPE: 'ส่งได้เฉพาะ multipart/related; type="application/dicom"',
  STOW_PART_TYPE: 'รองรับเฉพาะ type="application/dicom"',
  STOW_NO_BOUNDARY: 'multipart/related ไม่มี boundary',
  STOW_ABORTED: 'การส่งข้อมูลถูกตัดกลางคัน',
  STOW_EMPTY: 'ไม่มีไฟล์ DICOM ในคำขอ',
  MULTIPART_BAD_BOUNDARY: 'invalid multipart boundary',
  MULTIPART_TOO_LARGE: 'request body too large',
  MULTIPART_BAD_BOUNDARY_LINE: 'malformed multipart boundary line',
  MULTIPART_HEADERS_TOO_LONG: 'multipart part headers too long',
  MULTIPART_TOO_MANY_PARTS: 'too many parts',
  MULTIPART_NO_BOUNDARY: 'no multipart boundary found',
  MULTIPART_UNFINISHED: 'multipart body ends before its closing boundary',
  CANNOT_RENDER: 'แสดงภาพนี้ไม่ได้: {reason}',
  RENDER_TOO_LARGE: 'this image is too large to render on the server; retrieve it as DICOM',
  RENDER_UNSUPPORTED: '{detail}; retrieve it as DICOM',
  RENDER_UNREADABLE: 'the stored file cannot be read as an image',
  RENDER_NO_PIXELS: 'this instance has no image to render (no pixel data); retrieve it as DICOM',
  RENDER_UNDECODABLE:
    'the pixel data cannot be decoded for rendering ({detail}; transfer syntax {syntax}); retrieve it as DICOM',
  RENDER_NOTHING: 'nothing here can be rendered as an image',
  RENDER_WINDOW_FORMAT: 'window: expected center,width[,function], e.g. window=40,80',
  RENDER_WINDOW_FUNCTION: 'window: function must be LINEAR, LINEAR_EXACT or SIGMOID',
  RENDER_LINEAR_WIDTH: 'window: width must be at least 1',
  RENDER_WINDOW_WIDTH: 'window: width must be greater than 0',
  RENDER_VIEWPORT_FORMAT: 'viewport: expected vw,vh or vw,vh,sx,sy,sw,sh, e.g. viewport=512,512',
  RENDER_VIEWPORT_SIZE: 'viewport: width and height must be 1 to {max}',
  RENDER_VIEWPORT_REGION: 'viewport: sx and sy must not be negative, sw and sh not 0',
  RENDER_REGION_OUTSIDE: 'viewport: the source region must lie inside the {width}×{height} image',
  RENDER_QUALITY: 'quality: a whole number from 1 to 100',
  RENDER_WHOLE_NUMBER: '{name}: a whole number from {min} to {max}',
  RENDER_WINDOW_PAIR: 'windowCenter and windowWidth: give both or neither',
  RENDER_WINDOW_CENTER: 'windowCenter: a decimal number, e.g. windowCenter=40',
  RENDER_WINDOW_WIDTH_DECIMAL: 'windowWidth: a decimal number of at least 1, e.g. windowWidth=400',
  RENDER_REGION_FORMAT:
    'region: x1,y1,x2,y2 as fractions from 0 to 1 with x1 < x2 and y1 < y2, e.g. region=0.25,0.25,0.75,0.75',

  // modules/viewer/
  SERIES_NOT_FOUND: 'ไม่พบ series',
  ORIENTATION_NOT_FOUND: 'ไม่พบภาพในแนวระนาบนี้',
  SERIES_EMPTY: 'ไม่มีภาพใน series นี้',
  NO_THUMBNAIL: 'ไม่มีภาพตัวอย่างของ series นี้',

  // modules/patients/
  PATIENT_NOT_FOUND: 'ไม่พบข้อมูลผู้ป่วย',
  BAD_PHONE: 'เบอร์โทรศัพท์ไม่ถูกต้อง',
  NO_CRITERIA: 'กรุณาระบุเงื่อนไขการค้นหาอย่างน้อยหนึ่งช่อง',
  BIRTH_DATE_IN_FUTURE: 'วันเกิดต้องไม่เป็นวันในอนาคต',
  PASSWORD_REQUIRED: 'กรุณาระบุ',
  WRONG_PASSWORD: 'รหัสผ่านไม่ถูกต้อง',
  NATIONAL_NUMBER_TAKEN: 'เลขประจำตัวประชาชนนี้มีในระบบแล้ว',
  HN_TAKEN: 'HN นี้มีในระบบแล้ว',
  PATIENT_CONFLICT: 'ข้อมูลผู้ป่วยถูกแก้ไขโดยผู้ใช้อื่นแล้ว กรุณาโหลดข้อมูลใหม่',
  HN_EXHAUSTED: 'สร้าง HN ไม่สำเร็จ กรุณาลองอีกครั้ง',
  NOT_AN_IMAGE: 'ไฟล์ที่ส่งมาไม่ใช่รูปภาพที่รองรับ (JPEG, PNG, WebP)',
  PHOTO_TOO_LARGE: 'รูปภาพมีขนาดใหญ่เกิน 5 MB',
  NO_PHOTO: 'ผู้ป่วยยังไม่มีรูป',
  CAPTURE_NOT_FOUND: 'ไม่พบรายการถ่ายรูป',
  CAPTURE_GONE: 'ลิงก์ถ่ายรูปนี้หมดอายุหรือถูกใช้ไปแล้ว กรุณาสร้าง QR ใหม่',
  CAPTURE_LINK_INVALID: 'ลิงก์ไม่ถูกต้อง',

  // modules/users/ (account creation from the command line: English, as the command's help)
  BAD_USERNAME: 'username: 3-50 letters, digits, . _ -',
  BAD_ROLE: 'role must be one of the role names',
  WEAK_PASSWORD: 'password: at least 10 characters',
  DUPLICATE: 'username already exists',
  NEEDS_HOSPITAL: '{role} users need --hospital',
  NEEDS_BRANCH: '{role} users need --branch',
  UNKNOWN_CODE: 'unknown {kind} code {code}',

  // modules/unmatched-studies/
  STUDY_NOT_UNMATCHED: 'ชุดภาพนี้ถูกจับคู่กับรายการตรวจอื่นหรือถูกลบไปแล้ว',
  UNMATCHED_FORBIDDEN: 'ไม่มีสิทธิ์ดูชุดภาพที่ยังไม่มีรายการตรวจ',

  // modules/documents/
  DOCUMENT_BAD_TYPE:
    'ชนิดไฟล์ไม่รองรับ เอกสารรับเฉพาะ .jpg, .jpeg, .png, .tiff, .pdf, .doc, .docx, .ppt, .pptx, .xls, .xlsx, .txt',
  DOCUMENT_NOT_FOUND: 'ไม่พบเอกสาร',

  // modules/backup/
  BACKUP_UNSUPPORTED:
    "ฐานข้อมูลของระบบนี้อยู่บนเซิร์ฟเวอร์ฐานข้อมูลแยก สำรองด้วยเครื่องมือของเซิร์ฟเวอร์นั้นตามคู่มือ (This database runs on its own server: back it up with that server's tools, see Backup and restore in the README)",
  BACKUP_RUNNING: 'กำลังสำรองข้อมูลอยู่ กรุณารอให้เสร็จก่อน (A backup is already running: wait for it to finish)',
  BACKUP_STARTED: 'เริ่มสำรองข้อมูลแล้ว (Backup started)',

  // modules/dicom-export/
  EXPORT_NO_IMAGES: 'รายการตรวจนี้ยังไม่มีภาพ DICOM ให้ส่งออก',
  EXPORT_ARCHIVED: 'ภาพของรายการตรวจนี้ถูกเก็บเข้าคลังแล้ว กรุณากู้คืนภาพ (Unzip) ก่อนส่งออก',
  EXPORT_NOT_PREPARED: 'ยังไม่ได้เตรียมไฟล์ส่งออก หรือไฟล์หมดอายุแล้ว กรุณาตรวจสอบอีกครั้ง',
  EXPORT_PREPARING: 'กำลังเตรียมไฟล์ส่งออก กรุณารอสักครู่',
  EXPORT_FILES_MISSING: 'เตรียมไฟล์ไม่สำเร็จ: ไม่พบไฟล์ภาพบางไฟล์ในคลัง',
  EXPORT_FAILED: 'เตรียมไฟล์ส่งออกไม่สำเร็จ กรุณาลองใหม่อีกครั้ง',
  EXPORT_PROGRESS: 'กำลังเตรียมไฟล์ส่งออก ({done}/{total})',

  // modules/radiology-reports/gateway/
  GATEWAY_REPORT_NOT_FOUND: 'ไม่พบรายงานที่เสร็จแล้ว',
  REPORT_NO_EXAM: 'รายงานนี้ไม่ได้เป็นของรายการตรวจใด จึงส่งให้โรงพยาบาลไม่ได้',
  REPORT_AWAITS_AUDIT: 'รายงานนี้รอการตรวจสอบ (WaitingForAudit) ส่งให้โรงพยาบาลได้เมื่ออนุมัติแล้ว',
  REPORT_AUDIT_REJECTED: 'รายงานนี้ถูกตีกลับจากการตรวจสอบ จึงส่งให้โรงพยาบาลไม่ได้',
  REPORT_NO_ACCESSION: 'รายการตรวจนี้ยังไม่มีเลข Accession จึงส่งผลอ่านให้โรงพยาบาลไม่ได้',
  REPORT_NO_TEXT: 'รายงานนี้ไม่มีข้อความผลอ่านที่จะส่ง',

  // modules/radiology-reports/
  REPORT_EXAM_NOT_FOUND: 'ไม่พบรายการตรวจ',
  REPORT_NAME_NOT_FOUND: 'ไม่พบรายงานชื่อนี้',
  FINISHED_REPORT_NOT_FOUND: 'ไม่พบรายงานฉบับนี้',
  REPORT_WAITING_FOR_AUDIT:
    'รายงานนี้อยู่ระหว่างรอตรวจสอบ (WaitingForAudit) เปิดได้เมื่ออนุมัติแล้ว หรือโดยแพทย์ผู้อ่าน/ผู้มีสิทธิ์อนุมัติหรือแก้ไขรายงาน',
  REPORT_FORBIDDEN: 'ไม่มีสิทธิ์ดูรายงานผล',
  REPORT_READ_ONLY_ROLE: 'ผู้ใช้ของโรงพยาบาลดูรายงานได้อย่างเดียว',
  REPORT_NOT_ACCEPTED: 'กรุณารับเคส (accept) ก่อนเขียนรายงาน',
  REPORT_NOT_REVIEWER: 'เขียนรายงานได้เฉพาะแพทย์ผู้ได้รับมอบหมายหรือผู้มีสิทธิ์แก้ไขรายงาน',
  REPORT_WRONG_STATE: 'รายการนี้ไม่อยู่ในสถานะที่เขียนรายงานได้',
  REPORT_READ_ONLY: 'ไม่มีสิทธิ์เขียนรายงาน',
  FINISHED_REPORT_IMMUTABLE: 'รายงานที่บันทึกแล้วแก้ไขไม่ได้ หากต้องการแก้ไข กรุณาเขียนฉบับแก้ไขเพิ่มเติม (addendum) ซึ่งจะเป็นฉบับใหม่',
  REPORT_VERSION_TAKEN:
    'รายงานนี้บันทึกแล้วถึงฉบับที่ {latest} รายงานที่บันทึกแล้วแก้ไขไม่ได้ กรุณาเปิดรายงานใหม่เพื่อดูฉบับล่าสุด แล้วเขียนฉบับแก้ไขเพิ่มเติม (addendum) หากต้องการแก้',
  REPORT_VERSION_INVALID: 'เลขฉบับของรายงานไม่ถูกต้อง กรุณาเปิดรายงานใหม่',
  REPORT_DRAFT_CONFLICT: 'ร่างรายงานถูกบันทึกจากหน้าต่างอื่นแล้ว ข้อความล่าสุดแสดงแทนแล้ว',
  REPORT_KIND_NOT_ALLOWED: 'มีรายงานผลสมบูรณ์ (final) แล้ว ฉบับถัดไปต้องเป็นฉบับแก้ไขเพิ่มเติม (addendum)',
  IMPRESSION_REQUIRED: 'กรุณาระบุสรุปผล (Impression) ก่อนบันทึกรายงาน',
  ADDENDUM_REQUIRED: 'กรุณาระบุข้อความแก้ไขเพิ่มเติม (Addendum) ว่าแก้ไขอะไร',

  // modules/billing/
  BILLING_NO_BRANCH: 'บัญชีผู้ใช้นี้ไม่ได้สังกัดสาขา จึงใช้งานระบบวางบิลไม่ได้ (your account has no branch)',
  BILLING_HOSPITAL_NOT_FOUND: 'ไม่พบโรงพยาบาล หรือโรงพยาบาลนี้ไม่อยู่ในสาขาของท่าน (hospital not found in your branch)',
  BILLING_NOT_FOUND: 'ไม่พบใบวางบิล (billing not found)',
  BILLING_RECEIPT_NOT_FOUND: 'ไม่พบใบเสร็จ (receipt not found)',
  BILLING_LINE_NOT_FOUND: 'ไม่พบใบส่งตรวจนี้ในใบวางบิล (request not in this billing)',
  PRIVILEGE_NOT_OF_HOSPITAL: 'สิทธิการรักษาที่เลือกไม่ใช่ของโรงพยาบาลนี้ (privilege not of this hospital)',
  DUPLICATE_REQUESTS: 'มีใบส่งตรวจซ้ำกันในรายการที่เลือก (the same request is listed twice)',
  BILLING_REQUESTS_REFUSED: '{reasons}',
  REQUESTS_MISSING:
    'สร้างใบวางบิลไม่ได้: ใบส่งตรวจ {n} รายการไม่พบ หรือไม่อยู่ในสาขา/โรงพยาบาล/สิทธิที่เลือก (not found, or not of this branch, hospital or privilege)',
  REQUESTS_DELETED: 'สร้างใบวางบิลไม่ได้: ใบส่งตรวจ {n} รายการถูกลบหรืออยู่ระหว่างรออนุมัติราคา (deleted or on hold)',
  REQUESTS_OUT_OF_RANGE:
    'สร้างใบวางบิลไม่ได้: ใบส่งตรวจ {n} รายการมีวันนัดตรวจอยู่นอกช่วงวันที่ที่เลือก (appointment outside the date range)',
  REQUESTS_PAID: 'สร้างใบวางบิลไม่ได้: ใบส่งตรวจ {n} รายการชำระแล้ว (already paid)',
  SOME_PAID: 'บางรายการชำระแล้ว (some requests are already paid)',
  PAID_ELSEWHERE: 'ใบส่งตรวจนี้ชำระแล้วในใบวางบิลอื่น (already paid in another billing)',
  PAID_BY_RECEIPT: 'รายการนี้ชำระด้วยใบเสร็จ กรุณายกเลิกใบเสร็จแทน (paid by a receipt: void the receipt instead)',
  NOT_IN_BATCH: 'ใบส่งตรวจ {n} รายการไม่อยู่ในใบวางบิลนี้ (requests not in this billing)',
  AMOUNT_OVER_LINES: "จำนวนเงินต้องไม่เกินยอดรวมของรายการที่เลือก {max} บาท (amount above the selected lines' total)",
  RECEIPT_VOIDED: 'ใบเสร็จนี้ถูกยกเลิกแล้ว (the receipt is already voided)',
  RECEIPT_VOIDED_FILE: 'ใบเสร็จนี้ถูกยกเลิกแล้ว พิมพ์ไม่ได้ (the receipt is voided)',
  BILLING_BAD_CURSOR: 'ตำแหน่งหน้าถัดไปไม่ถูกต้อง (invalid cursor)',
  BILLING_CREATED: 'สร้างใบวางบิลสำเร็จ',
  RECEIPT_ISSUED: 'ออกใบเสร็จสำเร็จ',
  RECEIPT_VOID_DONE: 'ยกเลิกใบเสร็จแล้ว',

  // modules/accounting/ (the §5 warnings are the contract's, which the web shows too)
  ACC_CHOOSE_BRANCH: 'กรุณาเลือกสาขา (choose a branch)',
  ACC_BRANCH_NOT_FOUND: 'ไม่พบสาขา (no such branch)',
  ACC_RECEIPT_NOT_FOUND: ACCOUNTING_MESSAGES.receiptNotFound,
  ACC_BAD_RECEIPT: ACCOUNTING_MESSAGES.badReceipt,
  ACC_RECEIPT_NOT_CHEQUE: 'ใบเสร็จนี้ไม่ได้ชำระด้วยเช็ค กรุณาระบุเลขที่ใบเสร็จให้ถูกต้อง (this receipt was not paid by cheque)',
  RECEIPT_ALREADY_RECORDED: 'ใบเสร็จนี้บันทึกค่าตรวจแล้ว (this receipt is already recorded as an exam fee)',
  ACC_FUTURE_DATE: 'วันที่ต้องไม่เกินวันนี้ (the date cannot be in the future)',
  ACC_RANGE: 'ช่วงวันที่ไม่ถูกต้อง: วันเริ่มต้องไม่หลังวันสิ้นสุด และห่างกันไม่เกิน 366 วัน (from must not be after to, at most 366 days)',
  ACC_METHOD: 'ไม่พบวิธีชำระเงินที่เลือก กรุณาเลือกประเภท (no such payment method)',
  ACC_ENTRY_NOT_FOUND: 'ไม่พบรายการ (no such entry)',
  NO_ATTACHMENT: 'รายการนี้ไม่มีไฟล์แนบ (this entry has no attachment)',
  ATTACHMENT_BAD_TYPE: 'ไฟล์แนบต้องเป็นรูปภาพ JPEG, PNG หรือ PDF (attachments: JPEG, PNG or PDF)',
  ATTACHMENT_TOO_LARGE: 'ไฟล์แนบมีขนาดใหญ่เกิน {mb} MB (attachments: at most {mb} MB)',
  ATTACHMENT_ONE_FILE: 'แนบไฟล์ได้ครั้งละ 1 ไฟล์ (one attachment at a time)',
  ACC_TOO_MANY_LINES: 'ข้อมูลที่ส่งมีจำนวนรายการเกินกำหนด (at most 100 expense lines)',
  ACC_FIELD_TOO_LONG: 'ข้อมูล {field} ยาวเกินกำหนด ({field}: too long)',
  ACC_NOT_MULTIPART: 'กรุณาส่งข้อมูลแบบ multipart/form-data (send multipart/form-data)',
  ACCOUNTING_SAVED: ACCOUNTING_MESSAGES.saved,

  // modules/report-engine/
  REPORT_UNKNOWN: 'ไม่พบรายงานชื่อ "{name}"',
  REPORT_ENGINE_FORBIDDEN: 'ไม่มีสิทธิ์เรียกดูรายงานนี้',
  REPORT_BRANCH_FORBIDDEN: 'ไม่มีสิทธิ์ดูรายงานของสาขานี้',
  REPORT_DOCTOR_FORBIDDEN: 'ดูรายงานได้เฉพาะของแพทย์ตนเอง',
  REPORT_PARAMS_INVALID: 'ข้อมูลของรายงานไม่ถูกต้อง: {issues}',
  REPORT_FORM_BODY: 'พารามิเตอร์ของรายงานต้องเป็นฟอร์ม (name=value)',
  REPORT_CHOOSE_BRANCH: 'กรุณาเลือกสาขา',
  REPORT_BRANCH_UNKNOWN: 'ไม่พบสาขาที่เลือก',
  REPORT_DOCTOR_UNKNOWN: 'ไม่พบแพทย์ที่เลือก',
  REPORT_DATE_ORDER: 'วันที่เริ่มต้นต้องไม่เกินวันที่สิ้นสุด',
  REPORT_PERIOD_TOO_LONG: 'ช่วงเวลาของรายงานต้องไม่เกิน {max} {unit}',
  REPORT_UNIT_DAYS: 'วัน',
  REPORT_UNIT_MONTHS: 'เดือน',
  REPORT_REQUEST_NOT_FOUND: 'ไม่พบใบส่งตรวจ',
  REPORT_REQUEST_HOLD: 'ใบส่งตรวจนี้รออนุมัติราคาพิเศษ (Hold) พิมพ์ได้เมื่ออนุมัติแล้ว',
  REPORT_REQUEST_NO_TIME: 'กรุณาระบุเวลาตรวจ',
  REPORT_REQUEST_NO_ACCESSION: 'ใบส่งตรวจนี้ยังไม่มีเลข Accession',
  REPORT_PAGE_TITLE: 'ไม่สามารถแสดงรายงานได้',

  // modules/weasis/ (the manifest's message, shown by Weasis)
  WEASIS_ARCHIVED: 'ภาพของรายการตรวจนี้ถูกเก็บเข้าคลังแล้ว กรุณากู้คืนภาพ (Unzip) ก่อนเปิดดู',
  WEASIS_NO_IMAGES: 'รายการตรวจนี้ยังไม่มีภาพ',
} as const;
