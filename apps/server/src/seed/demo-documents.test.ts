import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRAST_PRODUCT_GROUP, missingRequestDocumentNames } from '@rangsi/domain';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { LocalFileStore } from '../storage/local-file-store';
import { seedDemo } from './demo';
import { DEMO_MISSING_ONE_IN, seedDemoDocuments } from './demo-documents';

const NOW = new Date('2026-11-20T03:00:00Z');

async function rowsOf<T>(h: DatabaseHandle, query: SQL): Promise<T[]> {
  const result: unknown = await h.db.execute(query);
  return (result as { rows: T[] }).rows;
}

describe('seedDemoDocuments (issue 26 item 11)', () => {
  let h: DatabaseHandle;
  let dir: string;
  let store: LocalFileStore;
  let missing: string[][];

  beforeAll(async () => {
    h = await openDatabase({});
    await seedDemo(h.db, { patients: 40, exams: 300, now: NOW, randomSeed: 42, accounting: false });
    dir = mkdtempSync(path.join(tmpdir(), 'rangsi-demo-docs-'));
    store = new LocalFileStore(dir);
    await seedDemoDocuments(h.db, store);
    const types = await rowsOf<{ id: number; code: string | null; name: string }>(
      h,
      sql`select id, code, name from lookups where kind = 'requestDocument'`,
    );
    const rows = await rowsOf<{
      products: { modalityCode: string; productGroup: string }[];
      doc_ids: (number | null)[];
    }>(
      h,
      sql`select
        coalesce((select json_agg(json_build_object('modalityCode', p.modality_code, 'productGroup', p.product_group))
          from request_products rp join products p on p.id = rp.product_id where rp.request_id = r.id), '[]'::json)
          as products,
        coalesce((select json_agg(d.document_type_id) from documents d where d.request_id = r.id), '[]'::json)
          as doc_ids
      from requests r where r.deleted_at is null`,
    );
    missing = rows.map((r) =>
      missingRequestDocumentNames(
        { products: r.products, documentTypeIds: r.doc_ids, documentTypes: types },
        CONTRAST_PRODUCT_GROUP,
      ),
    );
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves the missing-documents warning on a few requests only, and each of those lacks one document', () => {
    const warned = missing.filter((m) => m.length > 0);
    expect(missing.length).toBeGreaterThan(100);
    expect(warned.length).toBeGreaterThan(0);
    expect(warned.length).toBeLessThan((missing.length * 2) / DEMO_MISSING_ONE_IN);
    for (const m of warned) expect(m).toHaveLength(1);
  });

  it('stores a readable PDF behind every seeded document', async () => {
    const keys = await rowsOf<{ storage_key: string }>(
      h,
      sql`select distinct storage_key from documents where kind = 'requestDocument'`,
    );
    expect(keys.length).toBeGreaterThan(0);
    for (const { storage_key } of keys) {
      const chunks: Buffer[] = [];
      for await (const c of await store.open(storage_key)) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
    }
  });
});
