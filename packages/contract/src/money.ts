import { z } from 'zod';

/** The largest amount a money document may carry, in baht (issue 24: amounts over ฿10,000,000 are refused). */
export const MAX_MONEY_BAHT = 10_000_000;

/**
 * Baht and satang as typed: a number or a numeric string (multipart forms send text), above 0, at most 2 decimals,
 * at most ฿10,000,000; parsed to integer satang, the unit the server stores and computes in.
 */
export const moneyAmount = (label: string) =>
  z
    .union([z.number(), z.string().trim()], { error: `${label}ต้องเป็นตัวเลข (must be a number)` })
    .transform((value, ctx) => {
      const text = typeof value === 'number' ? String(value) : value.replace(/,/g, '');
      if (!/^\d+(\.\d+)?$/.test(text) || !Number.isFinite(Number(text))) {
        ctx.addIssue({ code: 'custom', message: `${label}ต้องเป็นตัวเลขมากกว่า 0 (must be a number above 0)` });
        return z.NEVER;
      }
      const [whole, fraction = ''] = text.split('.');
      if (fraction.length > 2) {
        ctx.addIssue({ code: 'custom', message: `${label}มีทศนิยมได้ไม่เกิน 2 ตำแหน่ง (at most 2 decimals)` });
        return z.NEVER;
      }
      // Whole and fraction parsed apart so 0.29 does not become 28.999… satang.
      const satang = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
      if (satang <= 0) {
        ctx.addIssue({ code: 'custom', message: `${label}ต้องมากกว่า 0 (must be above 0)` });
        return z.NEVER;
      }
      if (satang > MAX_MONEY_BAHT * 100) {
        ctx.addIssue({ code: 'custom', message: `${label}ต้องไม่เกิน 10,000,000.00 บาท (at most ฿10,000,000)` });
        return z.NEVER;
      }
      return satang;
    });
