import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import { dicomSeries } from '../../db/schema/index';
import { LocalFileStore } from '../../storage/local-file-store';
import { openTestDatabase } from '../../test/test-app';
import { readInstanceBytes } from '../parse/read-instance';
import { buildInstance, testUid, writeTemp } from '../testing/build-dicom';
import { LocalDicomArchive } from './local-archive';
import { createExamState } from '../../modules/exams/exam-state';

// Decision IN10: the embedded database has no instance → series foreign key (its check was a third of the hot path's
// INSERT); the hot path's statement finds the series itself. PostgreSQL keeps the key.
describe('instances of known series (the C-STORE hot path)', () => {
  let database: DatabaseHandle;
  let archive: LocalDicomArchive;
  let store: LocalFileStore;
  let dataDir: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-known-series-'));
    store = new LocalFileStore(path.join(dataDir, 'files'));
    archive = new LocalDicomArchive(database.db, store, createExamState(database.db));
  });
  afterAll(async () => {
    await archive.close();
    await store.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const instanceOf = async (s: { studyUid: string; seriesUid: string }, n: number, sopUid?: string) => {
    const parsed = await readInstanceBytes(
      Buffer.from(buildInstance({ ...s, instanceNumber: n, ...(sopUid ? { sopUid } : {}) }).bytes),
    );
    if (!parsed.ok) throw new Error(parsed.reason);
    return parsed.info;
  };
  const stored = () => ({ key: `dicom/test/${randomUUID()}`, sizeBytes: 100, sha256: '0'.repeat(64) });

  it('tells a new row, a copy already there and a series that is gone apart, row by row in one batch', async () => {
    const s = { studyUid: testUid(), seriesUid: testUid() };
    const sent = buildInstance({ ...s, instanceNumber: 1 });
    expect(await archive.ingestFile(writeTemp(sent.bytes, dataDir), { source: 'CT1' })).toMatchObject({
      status: 'stored',
    });
    const [series] = await database.db.select().from(dicomSeries).where(eq(dicomSeries.seriesInstanceUid, s.seriesUid));
    const first = await instanceOf(s, 1, sent.sopUid);
    const second = await instanceOf(s, 2);
    const items = [
      { seriesId: series!.id, info: second, stored: stored() },
      { seriesId: series!.id, info: first, stored: stored() },
    ];
    expect(await archive.repo.insertKnownSeriesInstances(items, new Date())).toEqual(['stored', 'duplicate']);

    const gone = { seriesId: randomUUID(), info: await instanceOf(s, 3), stored: stored() };
    if (database.engine === 'pglite') {
      expect(
        await archive.repo.insertKnownSeriesInstances(
          [gone, { seriesId: series!.id, info: await instanceOf(s, 4), stored: stored() }],
          new Date(),
        ),
      ).toEqual(['series-gone', 'stored']);
    } else {
      await expect(archive.repo.insertKnownSeriesInstances([gone], new Date())).rejects.toThrow();
    }
    expect(await archive.repo.presentInstances([gone.info.sopInstanceUid])).toEqual(new Set());
  });

  it('keeps the foreign key on PostgreSQL only', async () => {
    const result: unknown = await database.db.execute(
      sql`select count(*)::int as n from pg_constraint where conname = 'dicom_instances_series_id_dicom_series_id_fk'`,
    );
    const n = (result as { rows: { n: number }[] }).rows[0]!.n;
    expect(n).toBe(database.engine === 'pglite' ? 0 : 1);
  });
});
