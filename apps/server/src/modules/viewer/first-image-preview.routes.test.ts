import sharp from 'sharp';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exams, users } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/test-app';
import { buildInstance, testUid, writeTemp } from '../../dicom/testing/build-dicom';

/** Decision V15: the viewer's first image, rendered on the server, shown while the viewer's code loads. */
describe('viewer first-image preview', () => {
  let clock = new Date();
  let sut: TestContext;
  let exam: typeof exams.$inferSelect;
  let other: typeof exams.$inferSelect;
  let studyUid: string;
  let seriesUid: string;
  const sops: Record<number, string> = {};
  let cookie: string;
  const get = (url: string) => sut.app.inject({ url, headers: { cookie } });
  // The CT series holds 3 images, the SR one 1 (frameNumber is the §3 image count).
  const seriesOf = async (examId: string) =>
    (await get(`/api/exam/${examId}/series`)).json().data as { seriesId: string; frameNumber: number }[];
  const ROWS = 32;
  /** Instance n: a bright square whose side grows with n on a dark ground, so each slice renders differently. */
  const pixelsOf = (n: number) =>
    Uint8Array.from({ length: ROWS * ROWS }, (_, i) =>
      i % ROWS < 6 * n && Math.floor(i / ROWS) < 6 * n ? 200 : 20 + (i % 3),
    );

  beforeAll(async () => {
    sut = await createTestApp({ now: () => clock });
    cookie = await sut.login('doctor1');
    const [doctor1] = await sut.database.db.select().from(users).where(eq(users.username, 'doctor1'));
    [exam, other] = (await sut.database.db
      .select()
      .from(exams)
      .where(and(eq(exams.reviewerId, doctor1!.id), isNull(exams.deletedAt), sql`${exams.accessionNumber} is not null`))
      .limit(2)) as [typeof exams.$inferSelect, typeof exams.$inferSelect];
    studyUid = testUid();
    seriesUid = testUid();
    // Sent out of order: the viewer's first image is instance 1, not the first received.
    for (const n of [3, 1, 2]) {
      const built = buildInstance({
        studyUid,
        seriesUid,
        accessionNumber: exam.accessionNumber!,
        instanceNumber: n,
        rows: ROWS,
        columns: ROWS,
        pixels: pixelsOf(n),
        modality: 'CT',
      });
      sops[n] = built.sopUid;
      expect((await sut.services.archive.ingestFile(writeTemp(built.bytes), { source: 'CT1' })).status).toBe('stored');
    }
    // A series with nothing to draw.
    expect(
      (
        await sut.services.archive.ingestFile(
          writeTemp(
            buildInstance({
              studyUid,
              seriesNumber: 9,
              modality: 'SR',
              accessionNumber: exam.accessionNumber!,
              noPixels: true,
            }).bytes,
          ),
          { source: 'CT1' },
        )
      ).status,
    ).toBe('stored');
  });
  afterAll(async () => {
    await sut.close();
  });

  it("answers the JPEG of the stack's first image (instance order), the same as its WADO-RS rendering", async () => {
    const [series] = (await seriesOf(exam.id)).filter((s) => s.frameNumber === 3);
    const res = await get(`/api/exam/${exam.id}/series/${series!.seriesId}/preview`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toContain('private');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', ROWS, ROWS]);
    const rendered = (n: number) =>
      get(`/dicomweb/studies/${studyUid}/series/${seriesUid}/instances/${sops[n]}/rendered?quality=90`);
    expect(res.rawPayload.equals((await rendered(1)).rawPayload)).toBe(true);
    expect(res.rawPayload.equals((await rendered(3)).rawPayload)).toBe(false);
    // The bright square of instance 1 (6×6 of 32×32) shows as such: top-left bright, the rest dark.
    const { data } = await sharp(res.rawPayload).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(data[2 * ROWS + 2]!).toBeGreaterThan(200);
    expect(data[20 * ROWS + 20]!).toBeLessThan(60);
  });

  it("opens by the exam token alone and refuses another exam's token, another exam's series, an expired token, another doctor", async () => {
    const [series] = (await seriesOf(exam.id)).filter((s) => s.frameNumber === 3);
    const url = `/api/exam/${exam.id}/series/${series!.seriesId}/preview`;
    const token = (
      await sut.app.inject({ method: 'POST', url: `/api/exam/${exam.id}/token`, headers: { cookie } })
    ).json().data.token as string;
    const otherToken = (
      await sut.app.inject({ method: 'POST', url: `/api/exam/${other.id}/token`, headers: { cookie } })
    ).json().data.token as string;
    expect((await sut.app.inject({ url: `${url}?token=${token}` })).statusCode).toBe(200);
    expect((await sut.app.inject({ url })).statusCode).toBe(401);
    for (const bad of [
      `${url}?token=${otherToken}`,
      `/api/exam/${other.id}/series/${series!.seriesId}/preview?token=${otherToken}`,
    ]) {
      const res = await sut.app.inject({ url: bad });
      expect(res.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, bad).toBeLessThan(500);
      expect(res.headers['content-type'], bad).not.toBe('image/jpeg');
    }
    const doctor2 = await sut.login('doctor2');
    expect((await sut.app.inject({ url, headers: { cookie: doctor2 } })).statusCode).toBe(404);
    const now = clock;
    clock = new Date(now.getTime() + 3 * 3_600_000);
    try {
      expect((await sut.app.inject({ url: `${url}?token=${token}` })).statusCode).toBe(401);
    } finally {
      clock = now;
    }
  });

  it('stretches an image with non-square pixels to its true proportions, as the viewer draws it', async () => {
    // 32 rows × 16 columns, pixels 0.5 mm tall and 1 mm wide: a 16 × 16 mm square; the left half of it bright.
    const pixels = Uint8Array.from({ length: 32 * 16 }, (_, i) => (i % 16 < 8 ? 220 : 20));
    const built = buildInstance({
      accessionNumber: other.accessionNumber!,
      rows: 32,
      columns: 16,
      pixels,
      modality: 'US',
      extra: { '00280030': ['DS', '0.5\\1'] },
    });
    expect((await sut.services.archive.ingestFile(writeTemp(built.bytes), { source: 'US1' })).status).toBe('stored');
    const [series] = await seriesOf(other.id);
    const res = await get(`/api/exam/${other.id}/series/${series!.seriesId}/preview`);
    expect(res.statusCode).toBe(200);
    const { data, info } = await sharp(res.rawPayload).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([32, 32]);
    // The bright half is the left 16 columns now; the file's own rendering keeps its 16 columns.
    expect(data[16 * 32 + 4]!).toBeGreaterThan(180);
    expect(data[16 * 32 + 12]!).toBeGreaterThan(180);
    expect(data[16 * 32 + 20]!).toBeLessThan(60);
    const plain = await sharp(
      (await get(`/dicomweb/studies/${built.studyUid}/series/${built.seriesUid}/instances/${built.sopUid}/rendered`))
        .rawPayload,
    ).metadata();
    expect([plain.width, plain.height]).toEqual([16, 32]);
  });

  it('answers bad input clearly: a malformed id or orientation 400, an unknown series or orientation 404, nothing to draw 406', async () => {
    const all = await seriesOf(exam.id);
    const ct = all.find((s) => s.frameNumber === 3)!;
    const sr = all.find((s) => s.frameNumber === 1)!;
    expect((await get(`/api/exam/${exam.id}/series/not-a-uuid/preview`)).statusCode).toBe(400);
    expect((await get(`/api/exam/${exam.id}/series/${ct.seriesId}/preview?orientation=../../etc`)).statusCode).toBe(
      400,
    );
    expect((await get(`/api/exam/${exam.id}/series/00000000-0000-4000-8000-000000000000/preview`)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/exam/${exam.id}/series/${ct.seriesId}/preview?orientation=0,1,0,0,0,-1`)).statusCode).toBe(
      404,
    );
    const none = await get(`/api/exam/${exam.id}/series/${sr.seriesId}/preview`);
    expect(none.statusCode).toBe(406);
    expect(none.json().message).toContain('pixel data');
  });
});
