import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  billings,
  branches,
  costSubmissions,
  hospitals,
  lookups,
  moneyAdjustmentItems,
  moneyAdjustments,
  receipts,
  users,
} from '../../db/schema/index';

/** A multipart body as a browser's FormData sends it (files with the type the browser guessed from the name). */
export function multipart(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) {
  const boundary = '----rangsiacc' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename !== undefined ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disp}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The fields of expense lines as the petty-cash form posts them. */
export function itemFields(lines: [name: string, amount: string][]) {
  return lines.flatMap(([name, amount], i) => [
    { name: `items[${i}].name`, value: name },
    { name: `items[${i}].amount`, value: amount },
  ]);
}

/** Tiny files whose first bytes say what they are. */
export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('rest of a png'),
]);
export const PDF_BYTES = Buffer.from('%PDF-1.4\n%test\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const EXE_BYTES = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

export async function branchId(db: Database, code: string): Promise<number> {
  const [b] = await db.select({ id: branches.id }).from(branches).where(eq(branches.code, code));
  return b!.id;
}

/** An Accounting user of another branch, with the demo password (copied from `billing`). */
export async function addAccountingUser(db: Database, username: string, branchCode: string): Promise<void> {
  const [billing] = await db.select().from(users).where(eq(users.username, 'billing'));
  await db.insert(users).values({
    username,
    passwordHash: billing!.passwordHash,
    displayName: `บัญชี ${branchCode}`,
    roleName: 'Accounting',
    branchId: await branchId(db, branchCode),
  });
}

/** A receipt of a batch of the hospital `hospitalCode` (so of its branch), issued at `at`. */
export async function addReceipt(
  db: Database,
  r: { hospitalCode: string; documentNo: string; type: 'transfer' | 'cheque'; amountSatang: number; at: Date },
): Promise<string> {
  const [h] = await db
    .select({ id: hospitals.id, branchId: hospitals.branchId })
    .from(hospitals)
    .where(eq(hospitals.code, r.hospitalCode));
  const [b] = await db
    .insert(billings)
    .values({
      documentNo: `BL-${r.documentNo}`,
      branchId: h!.branchId,
      hospitalId: h!.id,
      startDate: '2026-10-01',
      endDate: '2026-10-31',
    })
    .returning();
  const [row] = await db
    .insert(receipts)
    .values({
      billingId: b!.id,
      branchId: h!.branchId,
      documentNo: r.documentNo,
      type: r.type,
      bankName: 'ธนาคารทดสอบ',
      amountSatang: r.amountSatang,
      number: `N-${r.documentNo}`,
      createdAt: r.at,
    })
    .returning();
  return row!.id;
}

export async function lookupId(db: Database, kind: string, code: string): Promise<number> {
  const [l] = await db
    .select({ id: lookups.id })
    .from(lookups)
    .where(and(eq(lookups.kind, kind), eq(lookups.code, code)));
  return l!.id;
}

/** Rows of the three accounting tables, to show a refused save left nothing. */
export async function accountingCounts(db: Database) {
  const [m] = await db.select({ n: count() }).from(moneyAdjustments);
  const [i] = await db.select({ n: count() }).from(moneyAdjustmentItems);
  const [c] = await db.select({ n: count() }).from(costSubmissions);
  return { money: Number(m!.n), items: Number(i!.n), cost: Number(c!.n) };
}

/** Files under the store's accounting folder (local store), to show a refused upload stored nothing. */
export function storedAccountingFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'files', 'accounting');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}
