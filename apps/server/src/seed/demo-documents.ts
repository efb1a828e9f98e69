import { sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { CONTRAST_PRODUCT_GROUP } from '@rangsi/domain';
import type { Database } from '../db/client';
import { documents } from '../db/schema/index';
import type { FileStore } from '../storage/file-store';

/**
 * One request in this many lacks one of its required documents (issue 26 item 11): the missing-documents warning stays
 * on a few demo requests, where it means something, instead of on nearly all of them.
 */
export const DEMO_MISSING_ONE_IN = 12;

/** The required request documents (packages/domain required-documents.ts) and the demo's English text on each file. */
const DEMO_DOCUMENTS = [
  { code: 'ORDER', text: "Demo physician's order" },
  { code: 'CONTRAST_CONSENT', text: 'Demo contrast consent form' },
  { code: 'LAB_CREATININE', text: 'Demo blood test (creatinine)' },
  { code: 'MRI_SCREENING', text: 'Demo MRI safety screening form' },
] as const;

/** A one-page PDF with one line of text: the demo's stand-in for a scanned form. */
export function demoPdf(text: string): Buffer {
  const safe = text.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 760 Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) body += `${String(o).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Gives the demo requests the documents their exams require (doctor's order; consent and creatinine with contrast;
 * MRI screening for MR), uploaded by whoever made the request when it was made. About one request in
 * DEMO_MISSING_ONE_IN (picked by a hash of its id, so the same data always gives the same choice) lacks one of them:
 * its creatinine result with contrast, else its MRI screening form for MR, else its doctor's order. Every document of
 * a type shares one stored file. Returns how many request documents the database then holds.
 */
export async function seedDemoDocuments(db: Database, files: FileStore): Promise<number> {
  for (const d of DEMO_DOCUMENTS) {
    const stored = await files.put(Readable.from([demoPdf(d.text)]), { prefix: 'request-documents' });
    const fileName = `${d.code.toLowerCase().replace(/_/g, '-')}.pdf`;
    await db.execute(sql`
      with facts as (
        select r.id, r.patient_id, r.created_by, r.created_at,
          exists (select 1 from request_products rp join products p on p.id = rp.product_id
            where rp.request_id = r.id and p.product_group = ${CONTRAST_PRODUCT_GROUP}) as contrast,
          exists (select 1 from request_products rp join products p on p.id = rp.product_id
            where rp.request_id = r.id and p.modality_code = 'MR') as mr,
          abs(hashtext(r.id::text)) % ${DEMO_MISSING_ONE_IN} = 0 as lacking
        from requests r where r.deleted_at is null)
      insert into documents (request_id, patient_id, kind, document_type_id, file_name, content_type, size_bytes,
        storage_key, sha256, uploaded_by, uploaded_at)
      select f.id, f.patient_id, 'requestDocument', t.id, ${fileName}, 'application/pdf', ${stored.sizeBytes},
        ${stored.key}, ${stored.sha256}, f.created_by, f.created_at
      from facts f
      cross join (select id from lookups where kind = 'requestDocument' and code = ${d.code}) t
      where (${d.code} = 'ORDER'
          or (${d.code} in ('CONTRAST_CONSENT', 'LAB_CREATININE') and f.contrast)
          or (${d.code} = 'MRI_SCREENING' and f.mr))
        and not (f.lacking and ${d.code} = case when f.contrast then 'LAB_CREATININE'
          when f.mr then 'MRI_SCREENING' else 'ORDER' end)`);
  }
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(documents)
    .where(sql`${documents.kind} = 'requestDocument'`);
  return row?.n ?? 0;
}
