/** A rule the client broke or a state it cannot act on; the one error handler maps `status` to the HTTP answer. */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 423 | 429,
    message: string,
    readonly code: string,
    readonly data?: unknown,
    readonly errors?: { field: string; message: string }[],
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (what = 'ไม่พบข้อมูล') => new DomainError(404, what, 'NOT_FOUND');
export const forbidden = () => new DomainError(403, 'ไม่มีสิทธิ์ใช้งานส่วนนี้', 'FORBIDDEN');
export const unauthorized = () => new DomainError(401, 'กรุณาเข้าสู่ระบบ', 'UNAUTHORIZED');

/** A 400 naming the field, shown under it by the form. */
export const fieldError = (field: string, message: string) =>
  new DomainError(400, message, 'VALIDATION', undefined, [{ field, message }]);
