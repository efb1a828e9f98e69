import { z } from 'zod';

/** A calendar day that exists (2024-02-30 is refused, not rolled over). */
const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'วันที่ต้องอยู่ในรูปแบบ yyyy-MM-dd')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'ไม่มีวันที่นี้');

/** GET /api/audit: the admin's audit search by patient (HN or id), user (username or id) and days, newest first. */
export const AuditSearchQuerySchema = z
  .object({
    patient: z.string().trim().max(100, 'ยาวเกิน 100 ตัวอักษร').optional(),
    user: z.string().trim().max(100, 'ยาวเกิน 100 ตัวอักษร').optional(),
    from: Day.optional(),
    to: Day.optional(),
    page: z.coerce.number().int('หน้าต้องเป็นจำนวนเต็ม').min(1, 'หน้าต้องมากกว่า 0').max(100_000, 'หน้าเกินกำหนด').default(1),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'วันเริ่มต้องไม่หลังวันสิ้นสุด', path: ['to'] });
export type AuditSearchQuery = z.infer<typeof AuditSearchQuerySchema>;

export const AuditRowSchema = z.object({
  id: z.number(),
  at: z.string(),
  actorType: z.enum(['person', 'token', 'link', 'system']),
  /** The link id, the token's purpose or the system credential's name. */
  actorId: z.string().nullable(),
  username: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  patient: z.object({ id: z.string(), hn: z.string(), name: z.string() }).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditRow = z.infer<typeof AuditRowSchema>;

export const AuditPageSchema = z.object({
  rows: z.array(AuditRowSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
