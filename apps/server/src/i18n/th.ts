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

  // auth/
  TOKEN_EXPIRED: 'ลิงก์นี้หมดอายุแล้ว กรุณาเปิดใหม่',
  UNDECLARED_ROUTE: 'ไม่มีสิทธิ์ใช้งานส่วนนี้',
  LINK_NOT_FOUND: 'ลิงก์นี้ไม่มีอยู่หรือหมดอายุแล้ว',
  BAD_CREDENTIALS: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง',
  LOCKED: 'บัญชีนี้ถูกระงับชั่วคราว กรุณาติดต่อผู้ดูแลระบบ (This account is locked)',
} as const;
