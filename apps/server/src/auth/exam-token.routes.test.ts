import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { exams, users } from '../db/schema/index';
import { createTestApp, type TestContext } from '../test/test-app';

describe('exam-scoped link tokens', () => {
  let clock = new Date();
  let sut: TestContext;
  let cookie: string;
  let examId: string;
  let otherId: string;
  beforeAll(async () => {
    sut = await createTestApp({ now: () => clock });
    cookie = await sut.login('doctor1');
    const [d] = await sut.database.db.select().from(users).where(eq(users.username, 'doctor1'));
    const mine = await sut.database.db
      .select()
      .from(exams)
      .where(and(eq(exams.reviewerId, d!.id), isNull(exams.deletedAt)))
      .limit(2);
    examId = mine[0]!.id;
    otherId = mine[1]!.id;
  });
  afterAll(async () => {
    await sut.close();
  });

  const issue = async (id: string) =>
    (await sut.app.inject({ method: 'POST', url: `/api/exam/${id}/token`, headers: { cookie } })).json().data
      .token as string;

  it('opens its one exam by ?token= without a cookie, read-only', async () => {
    const token = await issue(examId);
    const ok = await sut.app.inject({ url: `/api/exam/${examId}?token=${token}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.examId).toBe(examId);
    expect((await sut.app.inject({ url: `/api/exam/${otherId}?token=${token}` })).statusCode).toBe(404);
    expect(
      (await sut.app.inject({ method: 'POST', url: `/api/exam/${examId}/accept?token=${token}`, payload: {} }))
        .statusCode,
    ).toBe(403);
    // A live token where no token opens anything is refused outright, not taken for a missing login.
    expect((await sut.app.inject({ url: `/api/uidata/menu?token=${token}` })).statusCode).toBe(403);
  });

  it("is refused for an exam out of the user's scope", async () => {
    const [d] = await sut.database.db.select().from(users).where(eq(users.username, 'doctor1'));
    const [foreign] = await sut.database.db
      .select()
      .from(exams)
      .where(and(ne(exams.reviewerId, d!.id), isNull(exams.deletedAt)))
      .limit(1);
    expect(
      (await sut.app.inject({ method: 'POST', url: `/api/exam/${foreign!.id}/token`, headers: { cookie } })).statusCode,
    ).toBe(404);
  });

  it('dies after its lifetime', async () => {
    const token = await issue(examId);
    clock = new Date(clock.getTime() + 3 * 3_600_000);
    expect((await sut.app.inject({ url: `/api/exam/${examId}?token=${token}` })).statusCode).toBe(401);
  });
});
