import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../auth/current-user';
import type { Database } from '../../db/client';
import { createTestApp, type TestContext } from '../../test/test-app';
import { examScopeCondition } from '../../auth/data-scope/exam-scope';
import { COUNT_CAP, ExamsRepository, PAGE_SIZE } from './exams.repository';
import { countOf, sql, userId } from './exams.test-helpers';

/** Only the fields the scope condition reads. */
const scoped = (over: Partial<CurrentUser>) =>
  ({ scopeExamId: null, scope: 'all', branchId: null, hospitalId: null, userId: '', ...over }) as CurrentUser;

describe('worklist search SQL (capped total, doctor tab counts)', () => {
  let sut: TestContext;
  let db: Database;
  const wide = { examFromDate: '2000-01-01', examToDate: '2100-01-01' };

  beforeAll(async () => {
    sut = await createTestApp();
    db = sut.database.db;
  });
  afterAll(async () => {
    await sut.close();
  });

  const allExams = () => countOf(db, sql`select count(*)::int as n from exams where deleted_at is null`);
  const rowsOf = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => {
    const result: unknown = await db.execute(query);
    return (result as { rows: T[] }).rows;
  };

  it('counts exactly up to the cap', async () => {
    const repo = new ExamsRepository(db);
    const where = repo.searchConditions(wide, examScopeCondition(scoped({ scope: 'all' })));
    const n = await allExams();
    expect(n).toBeLessThanOrEqual(COUNT_CAP);
    const res = await repo.searchPage(where, 1);
    expect(res).toMatchObject({ total: n, totalIsEstimate: false });
    expect(res.ids).toHaveLength(Math.min(PAGE_SIZE, n));
    // Exactly at the cap is still exact; one more is an estimate.
    expect(await new ExamsRepository(db, n).searchPage(where, 1)).toMatchObject({ total: n, totalIsEstimate: false });
    expect(await new ExamsRepository(db, n - 1).searchPage(where, 1)).toMatchObject({
      total: n - 1,
      totalIsEstimate: true,
    });
  });

  it('past the cap reports a lower bound that covers the page asked for, and the same rows', async () => {
    const exact = new ExamsRepository(db);
    const capped = new ExamsRepository(db, 7);
    const where = exact.searchConditions(wide, examScopeCondition(scoped({ scope: 'all' })));
    for (const page of [1, 3]) {
      const a = await exact.searchPage(where, page);
      const b = await capped.searchPage(where, page);
      expect(b.ids).toEqual(a.ids);
      expect(b.totalIsEstimate).toBe(true);
      expect(b.total).toBe((page - 1) * PAGE_SIZE + b.ids.length);
      expect(b.total).toBeLessThanOrEqual(a.total);
    }
    // A page past the end: no rows, and the total is still the cap's lower bound.
    expect(await capped.searchPage(where, 100_000)).toEqual({ ids: [], total: 7, totalIsEstimate: true });
  });

  it("pages newest first with the id as tie-break, and the doctor's open counts per client match the table", async () => {
    const repo = new ExamsRepository(db);
    const doctor = await userId(db, 'doctor1');
    const where = repo.searchConditions(wide, examScopeCondition(scoped({ scope: 'assigned', userId: doctor })));
    const { ids, total } = await repo.searchPage(where, 1);
    const expected = await rowsOf<{
      id: string;
    }>(sql`select id from exams where reviewer_id = ${doctor} and deleted_at is null
      order by exam_date desc, id desc limit ${PAGE_SIZE}`);
    expect(ids).toEqual(expected.map((r) => r.id));
    expect(total).toBe(
      await countOf(db, sql`select count(*)::int as n from exams where reviewer_id = ${doctor} and deleted_at is null`),
    );

    const counts = await repo.openCountsByClient(where);
    const direct = await rowsOf<{
      clientId: number;
      openCount: number;
    }>(sql`select hospital_id as "clientId", count(*)::int as "openCount"
      from exams where reviewer_id = ${doctor} and deleted_at is null and status <> 'Completed' and hospital_id is not null
      group by hospital_id`);
    expect(
      counts.map((c) => ({ clientId: c.clientId, openCount: c.openCount })).sort((a, b) => a.clientId! - b.clientId!),
    ).toEqual(direct.sort((a, b) => a.clientId - b.clientId));
    expect(counts.length).toBeGreaterThan(1);
    expect(counts.every((c) => typeof c.clientName === 'string' && c.clientName.length > 0)).toBe(true);
  });

  it('the search answer says whether the total is exact', async () => {
    const cookie = await sut.login('staff');
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/exam/search?page=1',
      headers: { cookie },
      payload: wide,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.totalIsEstimate).toBe(false);
  });
});
