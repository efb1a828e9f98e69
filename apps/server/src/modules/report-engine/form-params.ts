import { z } from 'zod';

/**
 * Parameter types for report definitions. Parameters arrive as an url-encoded form (POST /ReportViewer/{name}), so
 * every value is a string: these coerce it, treat an empty field as absent, and say what is wrong in Thai.
 * Wrap each with `required(…)` or `optional(…)`:
 *   z.object({ branchId: required(formId('สาขา')), startDate: optional(formDay()) })
 */

/** A blank form field ('' or spaces) is "not given"; other strings are trimmed; a repeated field keeps its last value. */
const blank = (v: unknown) => {
  if (Array.isArray(v)) v = v[v.length - 1];
  if (typeof v !== 'string') return v;
  const t = v.trim();
  return t === '' ? undefined : t;
};

export const required = <T extends z.ZodType>(inner: T) => z.preprocess(blank, inner);
export const optional = <T extends z.ZodType>(inner: T) => z.preprocess(blank, inner.optional());

function realDay(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** A calendar day yyyy-MM-dd (Asia/Bangkok). */
export const formDay = () =>
  z
    .string({ error: 'กรุณาระบุวันที่' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'วันที่ต้องอยู่ในรูปแบบ yyyy-MM-dd')
    .refine(realDay, 'ไม่มีวันที่นี้ในปฏิทิน')
    .refine((s) => s >= '2000-01-01' && s <= '2100-12-31', 'วันที่ต้องอยู่ระหว่างปี 2000 ถึง 2100');

/** A month yyyy-MM. */
export const formMonth = () =>
  z
    .string({ error: 'กรุณาระบุเดือน' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'เดือนต้องอยู่ในรูปแบบ yyyy-MM')
    .refine((s) => s >= '2000-01' && s <= '2100-12', 'เดือนต้องอยู่ระหว่างปี 2000 ถึง 2100');

/** A positive integer id (a branch). */
export const formId = (what = 'รหัส') =>
  z.coerce
    .number({ error: `${what}ต้องเป็นตัวเลข` })
    .int(`${what}ต้องเป็นจำนวนเต็ม`)
    .positive(`${what}ต้องมากกว่า 0`)
    .max(2_147_483_647, `${what}ไม่ถูกต้อง`);

/** A uuid (a request, a billing, a user), lower-cased. */
export const formUuid = (what = 'รหัส') =>
  z
    .string({ error: `กรุณาระบุ${what}` })
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, `${what}ไม่ถูกต้อง`)
    .transform((s) => s.toLowerCase());

/** A tick box: true, 1, on, yes → true; false, 0, off, no or absent → false. */
export const formBool = () =>
  z.preprocess(
    (v) => {
      const b = blank(v);
      if (b === undefined) return false;
      if (typeof b === 'string') {
        const l = b.toLowerCase();
        if (['true', '1', 'on', 'yes'].includes(l)) return true;
        if (['false', '0', 'off', 'no'].includes(l)) return false;
      }
      return b;
    },
    z.boolean({ error: 'ต้องเป็น true หรือ false' }),
  );

/** One of fixed values. */
export const formEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `ต้องเป็นค่าใดค่าหนึ่งของ ${values.join(', ')}` });
