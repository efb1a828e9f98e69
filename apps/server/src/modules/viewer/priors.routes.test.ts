import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import { exams, users } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/test-app';
import { buildInstance, testUid, writeTemp } from '../../dicom/testing/build-dicom';

const DAY = 86_400_000;

describe('GET /api/exam/{id}/priors (viewer compare)', () => {
  let clock = new Date();
  let sut: TestContext;
  const cookies: Record<string, string> = {};
  const cookie = async (username: string) => (cookies[username] ??= await sut.login(username));
  const get = async (url: string, username?: string) =>
    sut.app.inject({ url, headers: username ? { cookie: await cookie(username) } : {} });
  const tokenFor = async (username: string, examId: string) =>
    (
      await sut.app.inject({
        method: 'POST',
        url: `/api/exam/${examId}/token`,
        headers: { cookie: await cookie(username) },
      })
    ).json().data as { token: string; expiresAt: string };
  // A: the exam being read (doctor1's). B: earlier, doctor1's. C: earlier, doctor2's. D: later, doctor1's.
  // E: earlier, doctor1's, no images. F: earlier, doctor1's, images archived. G: earlier, doctor1's, deleted.
  const ids: Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G', string> = {
    A: '',
    B: '',
    C: '',
    D: '',
    E: '',
    F: '',
    G: '',
  };
  const frameOfReference = testUid();

  beforeAll(async () => {
    sut = await createTestApp({ now: () => clock });
    const { db } = sut.database;
    const [doctor1] = await db.select().from(users).where(eq(users.username, 'doctor1'));
    const [doctor2] = await db.select().from(users).where(eq(users.username, 'doctor2'));
    // A seeded patient with enough exams that have accession numbers (images are matched by it).
    const [patient] = await db
      .select({ patientId: exams.patientId, n: count() })
      .from(exams)
      .where(and(isNull(exams.deletedAt), isNotNull(exams.accessionNumber), isNotNull(exams.patientId)))
      .groupBy(exams.patientId)
      .having(sql`count(*) >= 7`)
      .limit(1);
    expect(patient, 'a seeded patient with seven exams').toBeDefined();
    const rows = await db
      .select()
      .from(exams)
      .where(and(eq(exams.patientId, patient!.patientId!), isNull(exams.deletedAt), isNotNull(exams.accessionNumber)))
      .limit(7);
    // The patient's other demo exams (which ones have images or a reviewer depends on the day the seed ran) are set
    // aside, so the list holds exactly the seven planned here.
    await db
      .update(exams)
      .set({ deletedAt: new Date() })
      .where(
        and(
          eq(exams.patientId, patient!.patientId!),
          isNull(exams.deletedAt),
          notInArray(
            exams.id,
            rows.map((r) => r.id),
          ),
        ),
      );
    const base = new Date('2026-06-01T03:00:00Z').getTime();
    const plan = [
      ['A', 0, doctor1!.id],
      ['B', -30, doctor1!.id],
      ['C', -60, doctor2!.id],
      ['D', 10, doctor1!.id],
      ['E', -90, doctor1!.id],
      ['F', -120, doctor1!.id],
      ['G', -150, doctor1!.id],
    ] as const;
    for (const [i, [key, days, reviewerId]] of plan.entries()) {
      const row = rows[i]!;
      ids[key] = row.id;
      await db
        .update(exams)
        .set({ examDate: new Date(base + days * DAY), reviewerId, zipStatus: null, status: 'Assigned' })
        .where(eq(exams.id, row.id));
      if (key === 'E') continue;
      const studyUid = testUid();
      const seriesUid = testUid();
      for (let n = 1; n <= 2; n++) {
        const r = await sut.services.archive.ingestFile(
          writeTemp(
            buildInstance({
              studyUid,
              seriesUid,
              seriesNumber: 1,
              instanceNumber: n,
              modality: 'CT',
              accessionNumber: row.accessionNumber!,
              imageOrientationPatient: '1\\0\\0\\0\\1\\0',
              extra: { '00200032': ['DS', `-120\\-120\\${-5 * n}`], '00200052': ['UI', frameOfReference] },
            }).bytes,
          ),
          { source: 'CT1' },
        );
        expect(r.status).toBe('stored');
      }
    }
    // Series counts of a known series follow the images within 250 ms (decision IN7); the list reads them.
    await sut.services.archive.flushCounts();
    await db.update(exams).set({ zipStatus: 'Archive' }).where(eq(exams.id, ids.F));
    await db.update(exams).set({ deletedAt: new Date() }).where(eq(exams.id, ids.G));
  });
  afterAll(async () => {
    await sut.close();
  });

  it("lists the patient's earlier exams with images the user may see, newest first; archived ones without a token", async () => {
    const res = await get(`/api/exam/${ids.A}/priors`, 'doctor1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data as {
      examId: string;
      archived: boolean;
      token: string | null;
      numberOfSeries: number;
      numberOfImages: number;
      modality: string;
    }[];
    // Not C (doctor2's), D (later), E (no images), G (deleted), nor A itself.
    expect(data.map((p) => p.examId)).toEqual([ids.B, ids.F]);
    expect(data[0]).toMatchObject({ archived: false, numberOfSeries: 1, numberOfImages: 2 });
    expect(data[0]!.token).toEqual(expect.any(String));
    expect(data[1]).toMatchObject({ archived: true, token: null, expiresAt: null });

    // An administrator sees every branch: C as well.
    const admin = (await get(`/api/exam/${ids.A}/priors`, 'admin')).json().data as { examId: string }[];
    expect(admin.map((p) => p.examId)).toEqual([ids.B, ids.C, ids.F]);
  });

  it("opens by the viewer frame's exam token; each prior's token opens that prior's images and nothing else", async () => {
    const a = await tokenFor('doctor1', ids.A);
    const res = await get(`/api/exam/${ids.A}/priors?token=${a.token}`);
    expect(res.statusCode, res.body).toBe(200);
    const [b] = res.json().data as { examId: string; token: string; expiresAt: string }[];
    expect(b!.examId).toBe(ids.B);

    const series = await get(`/api/exam/${ids.B}/series?token=${b!.token}`);
    expect(series.statusCode).toBe(200);
    const seriesId = (series.json().data as { seriesId: string }[])[0]!.seriesId;
    const instances = await get(`/api/exam/${ids.B}/series/${seriesId}/instances?token=${b!.token}`);
    expect(instances.statusCode).toBe(200);
    const data = instances.json().data;
    // Slice sync and MPR read ImagePositionPatient and FrameOfReferenceUID from here, before any image arrives.
    expect(data.modality).toBe('CT');
    expect(data.frameOfReferenceUid).toBe(frameOfReference);
    expect(data.instances.map((i: { imagePositionPatient: number[] }) => i.imagePositionPatient)).toEqual([
      [-120, -120, -5],
      [-120, -120, -10],
    ]);
    expect((await get(`${data.instances[0].wadoUri}&token=${b!.token}`)).statusCode).toBe(200);

    // B's token is B's: not A's series, not another prior's list beyond B's own, no writes.
    const aSeries = (await get(`/api/exam/${ids.A}/series`, 'doctor1')).json().data as { seriesId: string }[];
    expect(
      (await get(`/api/exam/${ids.A}/series/${aSeries[0]!.seriesId}/instances?token=${b!.token}`)).statusCode,
    ).toBe(404);
    expect((await get(`/api/exam/${ids.A}/priors?token=${b!.token}`)).statusCode).toBe(404);
    expect(
      (await sut.app.inject({ method: 'POST', url: `/api/exam/${ids.B}/token?token=${b!.token}`, payload: {} }))
        .statusCode,
    ).toBe(403);
    // B's own priors (F, archived) through B's token: the same rule one step back.
    const fromB = (await get(`/api/exam/${ids.B}/priors?token=${b!.token}`)).json().data as { examId: string }[];
    expect(fromB.map((p) => p.examId)).toEqual([ids.F]);
  });

  it("refuses what the token's user may not see: another doctor's prior, another exam's list, an unknown or expired token", async () => {
    const a = await tokenFor('doctor1', ids.A);
    // A's token names A only: C's list (doctor2's exam) or D's are not reachable with it.
    expect((await get(`/api/exam/${ids.C}/priors?token=${a.token}`)).statusCode).toBe(404);
    expect((await get(`/api/exam/${ids.D}/priors?token=${a.token}`)).statusCode).toBe(404);
    // doctor2 is not A's reviewer: 404 for A (scope), and C, their own, lists nothing of doctor1's.
    expect((await get(`/api/exam/${ids.A}/priors`, 'doctor2')).statusCode).toBe(404);
    const c = (await get(`/api/exam/${ids.C}/priors`, 'doctor2')).json().data as { examId: string }[];
    expect(c).toEqual([]);
    // C is never handed out through doctor1's token, and a token of C minted by doctor2 does not open A's list.
    const cToken = await tokenFor('doctor2', ids.C);
    expect((await get(`/api/exam/${ids.A}/priors?token=${cToken.token}`)).statusCode).toBe(404);
    expect((await get(`/api/exam/${ids.A}/priors?token=${'x'.repeat(40)}`)).statusCode).toBe(401);
    expect((await get(`/api/exam/${ids.A}/priors`)).statusCode).toBe(401);
    expect((await get(`/api/exam/not-a-uuid/priors?token=${a.token}`)).statusCode).toBe(400);
  });

  it('never hands out a token that outlives the one that asked', async () => {
    const start = clock;
    try {
      const a = await tokenFor('doctor1', ids.A);
      clock = new Date(start.getTime() + 90 * 60_000);
      const [b] = (await get(`/api/exam/${ids.A}/priors?token=${a.token}`)).json().data as {
        token: string;
        expiresAt: string;
      }[];
      expect(b!.expiresAt).toBe(a.expiresAt);
      // Chained from the prior's own token: still no later.
      const fromB = (await get(`/api/exam/${ids.B}/priors?token=${b!.token}`)).json().data as { archived: boolean }[];
      expect(fromB.every((p) => p.archived)).toBe(true);
      clock = new Date(new Date(a.expiresAt).getTime() - 30_000);
      expect((await get(`/api/exam/${ids.A}/priors?token=${a.token}`)).statusCode).toBe(401);
      clock = new Date(new Date(a.expiresAt).getTime() + 1_000);
      expect((await get(`/api/exam/${ids.A}/priors?token=${a.token}`)).statusCode).toBe(401);
      expect((await get(`/api/exam/${ids.B}/series?token=${b!.token}`)).statusCode).toBe(401);
    } finally {
      clock = start;
    }
  });
});
