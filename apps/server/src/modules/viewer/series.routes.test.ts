import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { branches, exams, users } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/test-app';
import { buildInstance, testUid, writeTemp } from '../../dicom/testing/build-dicom';

describe('series for the viewer', () => {
  let clock = new Date();
  let sut: TestContext;
  let exam: typeof exams.$inferSelect;
  const cookies: Record<string, string> = {};
  const get = async (username: string, url: string) =>
    sut.app.inject({ url, headers: { cookie: (cookies[username] ??= await sut.login(username)) } });
  const AXIAL = '1\\0\\0\\0\\1\\0';
  const SAGITTAL = '0\\1\\0\\0\\0\\-1';
  const CORONAL = '1\\0\\0\\0\\0\\-1';

  beforeAll(async () => {
    sut = await createTestApp({ now: () => clock });
    const [doctor1] = await sut.database.db.select().from(users).where(eq(users.username, 'doctor1'));
    [exam] = (await sut.database.db
      .select()
      .from(exams)
      .where(and(eq(exams.reviewerId, doctor1!.id), isNull(exams.deletedAt), sql`${exams.accessionNumber} is not null`))
      .limit(1)) as [typeof exams.$inferSelect];
    const studyUid = testUid();
    const localizer = testUid();
    const axial = testUid();
    const send = async (t: Parameters<typeof buildInstance>[0]) => {
      const r = await sut.services.archive.ingestFile(
        writeTemp(buildInstance({ studyUid, accessionNumber: exam.accessionNumber!, ...t }).bytes),
        { source: 'CT1' },
      );
      expect(r.status).toBe('stored');
    };
    // A localizer with one image per plane (and float noise on a second sagittal image), then a plain axial series.
    await send({ seriesUid: localizer, seriesNumber: 1, instanceNumber: 1, imageOrientationPatient: AXIAL });
    await send({ seriesUid: localizer, seriesNumber: 1, instanceNumber: 2, imageOrientationPatient: SAGITTAL });
    await send({
      seriesUid: localizer,
      seriesNumber: 1,
      instanceNumber: 3,
      imageOrientationPatient: '0.000001\\0.99999\\0\\0\\0\\-1',
    });
    await send({ seriesUid: localizer, seriesNumber: 1, instanceNumber: 4, imageOrientationPatient: CORONAL });
    for (let i = 1; i <= 3; i++)
      await send({ seriesUid: axial, seriesNumber: 2, instanceNumber: i, imageOrientationPatient: AXIAL });
    await send({ seriesNumber: 3, modality: 'SR' });
  });
  afterAll(async () => {
    await sut.close();
  });

  it('lists a series once per orientation, with the same seriesId and the orientation key for the viewer URL', async () => {
    const res = await get('doctor1', `/api/exam/${exam.id}/series`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as {
      seriesId: string;
      imageOrientationPatient: string | null;
      frameNumber: number;
      studyId: string;
      thumbnail: string | null;
    }[];
    expect(rows.map((r) => [r.imageOrientationPatient, r.frameNumber])).toEqual([
      ['1,0,0,0,1,0', 1],
      ['0,1,0,0,0,-1', 2],
      ['1,0,0,0,0,-1', 1],
      ['1,0,0,0,1,0', 3],
      [null, 1],
    ]);
    expect(new Set(rows.slice(0, 3).map((r) => r.seriesId)).size).toBe(1);
    expect(rows[3]!.seriesId).not.toBe(rows[0]!.seriesId);
    // The key is path-safe as it goes into DicomViewer/{examId}/{seriesId}/{orientation}.
    for (const r of rows)
      if (r.imageOrientationPatient)
        expect(encodeURIComponent(r.imageOrientationPatient)).toBe(r.imageOrientationPatient.replace(/,/g, '%2C'));
  });

  it("gives the viewer one orientation's instances with their retrieval URLs", async () => {
    const rows = (await get('doctor1', `/api/exam/${exam.id}/series`)).json().data;
    const sag = rows[1];
    const res = await get(
      'doctor1',
      `/api/exam/${exam.id}/series/${sag.seriesId}/instances?orientation=${sag.imageOrientationPatient}`,
    );
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.instances.map((i: { instanceNumber: number }) => i.instanceNumber)).toEqual([2, 3]);
    const retrieved = await get('doctor1', data.instances[0].wadoUri);
    expect(retrieved.statusCode).toBe(200);
    const all = (await get('doctor1', `/api/exam/${exam.id}/series/${sag.seriesId}/instances`)).json().data;
    expect(all.instances.length).toBe(4);
    expect(
      (await get('doctor1', `/api/exam/${exam.id}/series/${sag.seriesId}/instances?orientation=0,0,1,0,1,0`))
        .statusCode,
    ).toBe(404);
    expect(
      (await get('doctor1', `/api/exam/${exam.id}/series/${sag.seriesId}/instances?orientation=../../x`)).statusCode,
    ).toBe(400);
  });

  it('renders a 128 px PNG thumbnail per series after the store, and one per orientation of a split series', async () => {
    await sut.services.thumbnails.flush();
    const rows = (await get('doctor1', `/api/exam/${exam.id}/series`)).json().data as {
      seriesId: string;
      imageOrientationPatient: string | null;
      thumbnail: string | null;
    }[];
    expect(rows.every((r) => r.thumbnail)).toBe(true);
    expect(rows[1]!.thumbnail).toBe(
      `/api/exam/${exam.id}/series/${rows[1]!.seriesId}/thumbnail?orientation=${encodeURIComponent(rows[1]!.imageOrientationPatient!)}`,
    );
    expect(rows[3]!.thumbnail).toBe(`/api/exam/${exam.id}/series/${rows[3]!.seriesId}/thumbnail`);
    for (const r of [rows[1]!, rows[3]!]) {
      const png = await get('doctor1', r.thumbnail!);
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }
    expect((await get('doctor2', rows[3]!.thumbnail!)).statusCode).toBe(404);
  });

  it('keeps another doctor out: 404 for the series and its instances', async () => {
    const rows = (await get('doctor1', `/api/exam/${exam.id}/series`)).json().data;
    expect((await get('doctor2', `/api/exam/${exam.id}/series`)).statusCode).toBe(404);
    expect((await get('doctor2', `/api/exam/${exam.id}/series/${rows[0].seriesId}/instances`)).statusCode).toBe(404);
    expect(
      (await get('doctor1', `/api/exam/${exam.id}/series/00000000-0000-4000-8000-000000000000/instances`)).statusCode,
    ).toBe(404);
  });

  it("names the exam's branch image cache (spec §7) for the browser to probe", async () => {
    const before = (await get('doctor1', `/api/exam/${exam.id}/series`)).json().data as {
      branchCacheUrl: string | null;
    }[];
    expect(before.every((r) => r.branchCacheUrl === null)).toBe(true);
    await sut.database.db
      .update(branches)
      .set({ imageCacheUrl: 'http://cache.branch.local:8042/' })
      .where(eq(branches.id, exam.branchId));
    const after = (await get('doctor1', `/api/exam/${exam.id}/series`)).json().data as {
      branchCacheUrl: string | null;
    }[];
    expect(after.every((r) => r.branchCacheUrl === 'http://cache.branch.local:8042/')).toBe(true);
    await sut.database.db.update(branches).set({ imageCacheUrl: null }).where(eq(branches.id, exam.branchId));
  });

  it("opens the viewer's instances and images by the exam's token alone; refuses another exam's series, another token, an expired one", async () => {
    const cookie = (cookies.doctor1 ??= await sut.login('doctor1'));
    const token = (
      await sut.app.inject({ method: 'POST', url: `/api/exam/${exam.id}/token`, headers: { cookie } })
    ).json().data.token as string;
    const rows = (await get('doctor1', `/api/exam/${exam.id}/series`)).json().data as { seriesId: string }[];
    const seriesId = rows[3]!.seriesId;
    const ok = await sut.app.inject({ url: `/api/exam/${exam.id}/series/${seriesId}/instances?token=${token}` });
    expect(ok.statusCode).toBe(200);
    const wado = await sut.app.inject({ url: `${ok.json().data.instances[0].wadoUri}&token=${token}` });
    expect(wado.statusCode).toBe(200);
    expect(wado.headers['content-type']).toContain('application/dicom');

    // Another exam in scope of the same doctor, with its own token: neither crosses over.
    const [doctor1] = await sut.database.db.select().from(users).where(eq(users.username, 'doctor1'));
    const [other] = await sut.database.db
      .select()
      .from(exams)
      .where(and(eq(exams.reviewerId, doctor1!.id), isNull(exams.deletedAt), sql`${exams.id} <> ${exam.id}`))
      .limit(1);
    const otherToken = (
      await sut.app.inject({ method: 'POST', url: `/api/exam/${other!.id}/token`, headers: { cookie } })
    ).json().data.token as string;
    for (const url of [
      `/api/exam/${exam.id}/series/${seriesId}/instances?token=${otherToken}`,
      `/api/exam/${other!.id}/series/${seriesId}/instances?token=${otherToken}`,
      `/api/exam/${other!.id}/series/${seriesId}/instances?token=${token}`,
      `${ok.json().data.instances[0].wadoUri}&token=${otherToken}`,
    ]) {
      const res = await sut.app.inject({ url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    expect(
      (await sut.app.inject({ url: `/api/exam/${exam.id}/series/not-a-uuid/instances?token=${token}` })).statusCode,
    ).toBe(400);
    const now = clock;
    clock = new Date(now.getTime() + 3 * 3_600_000);
    try {
      expect(
        (await sut.app.inject({ url: `/api/exam/${exam.id}/series/${seriesId}/instances?token=${token}` })).statusCode,
      ).toBe(401);
    } finally {
      clock = now;
    }
  });
  it("tells the viewer each image's laterality, view, PatientOrientation and pixel spacings (markers, scale, hanging)", async () => {
    const studyUid = testUid();
    const seriesUid = testUid();
    const r = await sut.services.archive.ingestFile(
      writeTemp(
        buildInstance({
          studyUid,
          seriesUid,
          accessionNumber: exam.accessionNumber!,
          modality: 'MG',
          seriesNumber: 9,
          extra: {
            '00200062': ['CS', 'R'],
            '00185101': ['CS', 'MLO'],
            '00200020': ['CS', 'A\\FL'],
            '00181164': ['DS', '0.07\\0.08'],
          },
        }).bytes,
      ),
      { source: 'MG1' },
    );
    expect(r.status).toBe('stored');
    const rows = (await get('doctor1', `/api/exam/${exam.id}/series`)).json().data as { seriesId: string }[];
    let found: Record<string, unknown> | undefined;
    for (const row of rows) {
      const data = (await get('doctor1', `/api/exam/${exam.id}/series/${row.seriesId}/instances`)).json().data;
      if (data.seriesInstanceUid === seriesUid) found = data.instances[0];
    }
    expect(found).toMatchObject({
      laterality: 'R',
      viewPosition: 'MLO',
      patientOrientation: ['A', 'FL'],
      pixelSpacing: null,
      imagerPixelSpacing: [0.07, 0.08],
    });
    // A CT slice has none of the projection attributes.
    const ct = (await get('doctor1', `/api/exam/${exam.id}/series/${rows[0]!.seriesId}/instances`)).json().data;
    expect(ct.instances[0]).toMatchObject({ laterality: null, viewPosition: null, patientOrientation: null });
  });
});
