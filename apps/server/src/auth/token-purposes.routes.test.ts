import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, desc, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditLog, exams, hospitals, patients, users } from '../db/schema/index';
import { buildInstance, testUid, writeTemp } from '../dicom/testing/build-dicom';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * Issue 23 item 1: a query token opens exactly what it was minted for. The public film link once handed out a token
 * of its maker's that every exam route accepted: with no cookie, a prior exam from another request, its documents,
 * its Weasis manifest and a full export were read, and the audit log blamed the maker.
 */
describe('query tokens carry their purpose, their exam, and who really acts', () => {
  let clock = new Date();
  let sut: TestContext;
  const cookies: Record<string, string> = {};
  const as = async (username: string) => (cookies[username] ??= await sut.login(username));
  const get = (url: string, cookie?: string) => sut.app.inject({ url, headers: cookie ? { cookie } : {} });
  const mint = async (username: string, examId: string, purpose?: string) => {
    const res = await sut.app.inject({
      method: 'POST',
      url: `/api/exam/${examId}/token`,
      headers: { cookie: await as(username) },
      payload: purpose ? { purpose } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.token as string;
  };
  /** Stores one image for an exam (matched by its accession number, with the patient's own HN and name). */
  const image = async (examId: string) => {
    const [e] = await sut.database.db
      .select({
        accession: exams.accessionNumber,
        study: exams.studyInstanceUid,
        hn: patients.hn,
        first: patients.firstNameEn,
        last: patients.lastNameEn,
      })
      .from(exams)
      .innerJoin(patients, eq(patients.id, exams.patientId))
      .where(eq(exams.id, examId));
    // The exam's own study UID where the request gave it one (the link's thumbnail names it), else a new one.
    const studyUid = e!.study ?? testUid();
    const seriesUid = testUid();
    const built = buildInstance({
      studyUid,
      seriesUid,
      modality: 'CT',
      accessionNumber: e!.accession!,
      patientId: e!.hn,
      patientName: `${e!.last ?? 'X'}^${e!.first ?? 'Y'}`,
    });
    const r = await sut.services.archive.ingestFile(writeTemp(built.bytes), { source: 'CT1' });
    expect(r.status).toBe('stored');
    await sut.services.archive.flushCounts();
    return { studyUid, seriesUid, sopUid: built.sopUid };
  };
  const wado = (s: { studyUid: string; seriesUid: string; sopUid: string }, token: string) =>
    `/dicomweb/wado?requestType=WADO&studyUID=${s.studyUid}&seriesUID=${s.seriesUid}&objectUID=${s.sopUid}&contentType=application%2Fdicom&token=${token}`;

  // X: the exam of the request the film link shares; P: the same patient's exam on another request (a prior).
  let X = { examId: '', requestId: '', patientId: '', hn: '' };
  let P = { examId: '', requestId: '' };
  let xImage: Awaited<ReturnType<typeof image>>;
  let pImage: Awaited<ReturnType<typeof image>>;

  beforeAll(async () => {
    sut = await createTestApp({ now: () => clock });
    const { db } = sut.database;
    const [staff] = await db.select().from(users).where(eq(users.username, 'staff'));
    const other = alias(exams, 'other');
    const [pair] = await db
      .select({
        x: exams.id,
        xRequest: exams.requestId,
        p: other.id,
        pRequest: other.requestId,
        patientId: exams.patientId,
        hn: patients.hn,
      })
      .from(exams)
      .innerJoin(
        other,
        and(
          eq(other.patientId, exams.patientId),
          ne(other.requestId, exams.requestId),
          eq(other.branchId, exams.branchId),
        ),
      )
      .innerJoin(patients, eq(patients.id, exams.patientId))
      .where(
        and(
          eq(exams.branchId, staff!.branchId!),
          isNull(exams.deletedAt),
          isNull(other.deletedAt),
          isNotNull(exams.requestId),
          isNotNull(other.requestId),
          isNotNull(exams.accessionNumber),
          isNotNull(other.accessionNumber),
          gt(exams.examDate, other.examDate),
        ),
      )
      .orderBy(desc(exams.examDate))
      .limit(1);
    expect(pair, 'a seeded RS1 patient with two requests').toBeDefined();
    X = { examId: pair!.x, requestId: pair!.xRequest!, patientId: pair!.patientId!, hn: pair!.hn };
    P = { examId: pair!.p, requestId: pair!.pRequest! };
    // Archived or deleted images would hide them from the link; these exams show theirs.
    await db
      .update(exams)
      .set({ zipStatus: null })
      .where(sql`${exams.id} in (${X.examId}, ${P.examId})`);
    xImage = await image(X.examId);
    pImage = await image(P.examId);
  });
  afterAll(async () => {
    await sut.close();
  });

  const openLink = async (maker: string, requestId: string) => {
    const link = (
      await sut.app.inject({
        method: 'POST',
        url: `/api/request/link/${requestId}`,
        headers: { cookie: await as(maker) },
        payload: {},
      })
    ).json().data as { linkId: string };
    const opened = await sut.app.inject({ method: 'POST', url: `/api/link/${link.linkId}/open`, payload: {} });
    expect(opened.statusCode, opened.body).toBe(200);
    const data = opened.json().data as { exams: { thumbnailUrl: string | null; accessionNumber: string }[] };
    const thumb = data.exams.find((e) => e.thumbnailUrl)?.thumbnailUrl;
    expect(thumb, 'the link shows a thumbnail').toBeTruthy();
    return { linkId: link.linkId, thumbnailUrl: thumb!, token: new URL(thumb!, 'http://x').searchParams.get('token')! };
  };

  it("a film link's token opens its own exam's images and export, and nothing of the patient's other records", async () => {
    const [staff] = await sut.database.db.select().from(users).where(eq(users.username, 'staff'));
    await as('staff');
    const since = new Date();
    const { linkId, thumbnailUrl, token } = await openLink('staff', X.requestId);
    expect((await get(thumbnailUrl)).statusCode).toBe(200);
    // What the link shows: its exam's images (viewer and WADO) and their export.
    expect((await get(`/api/exam/${X.examId}/series?token=${token}`)).statusCode).toBe(200);
    expect((await get(wado(xImage, token))).statusCode).toBe(200);
    expect((await get(`/dicom/export/${X.examId}/check?token=${token}`)).statusCode).toBe(200);
    // The attack: priors, the exam record, documents, Weasis — refused by purpose, whatever exam is named.
    for (const url of [
      `/api/exam/${X.examId}/priors`,
      `/api/exam/${X.examId}`,
      `/api/exam/${X.examId}/relate`,
      `/api/exam/${X.examId}/document`,
      `/api/exam/${P.examId}/document`,
      `/weasis/${X.examId}`,
      `/weasis/${P.examId}`,
      `/api/patient/${X.patientId}`,
    ]) {
      expect((await get(`${url}?token=${token}`)).statusCode, url).toBe(403);
    }
    // The prior's images and export: outside the token's one exam.
    expect((await get(`/api/exam/${P.examId}/series?token=${token}`)).statusCode).toBe(404);
    expect((await get(wado(pImage, token))).statusCode).toBe(404);
    expect((await get(`/dicom/export/${P.examId}/check?token=${token}`)).statusCode).toBe(404);
    const qido = await sut.app.inject({
      url: `/dicomweb/studies?PatientID=${encodeURIComponent(X.hn)}&token=${token}`,
      headers: { accept: 'application/dicom+json' },
    });
    expect(qido.statusCode).toBe(200);
    const studies = qido.json<Record<string, { Value?: string[] }>[]>().map((s) => s['0020000D']?.Value?.[0]);
    expect(studies).toEqual([xImage.studyUid]);
    // Never a write, and no token minted from it.
    expect(
      (await sut.app.inject({ method: 'POST', url: `/api/exam/${X.examId}/token?token=${token}`, payload: {} }))
        .statusCode,
    ).toBe(403);

    // The audit log names the link for every public read, never its maker.
    const rows = await sut.database.db.select().from(auditLog).where(gt(auditLog.at, since));
    const byLink = rows.filter((r) => r.actorType === 'link');
    expect(byLink.length).toBeGreaterThan(0);
    expect(byLink.every((r) => r.actorId === linkId && r.userId === null)).toBe(true);
    expect(rows.filter((r) => r.userId === staff!.id && r.action !== 'request.link.create')).toEqual([]);
  });

  it('a link made by the Link role shows its images too, within what its maker may share', async () => {
    const [linkUser] = await sut.database.db.select().from(users).where(eq(users.username, 'link'));
    const [e] = await sut.database.db
      .select({ id: exams.id, requestId: exams.requestId })
      .from(exams)
      .where(
        and(
          eq(exams.hospitalId, linkUser!.hospitalId!),
          isNull(exams.deletedAt),
          isNotNull(exams.requestId),
          isNotNull(exams.accessionNumber),
        ),
      )
      .limit(1);
    expect(e, "an exam of the Link user's hospital").toBeDefined();
    await sut.database.db.update(exams).set({ zipStatus: null }).where(eq(exams.id, e!.id));
    await image(e!.id);
    const { linkId, thumbnailUrl, token } = await openLink('link', e!.requestId!);
    expect((await get(thumbnailUrl)).statusCode).toBe(200);
    expect((await get(`/dicom/export/${e!.id}/check?token=${token}`)).statusCode).toBe(200);

    // A maker who may no longer share (deactivated) ends the link and every token it gave out.
    await sut.database.db.update(users).set({ isActive: false }).where(eq(users.id, linkUser!.id));
    try {
      expect((await get(thumbnailUrl)).statusCode).toBe(401);
      expect((await sut.app.inject({ method: 'POST', url: `/api/link/${linkId}/open`, payload: {} })).statusCode).toBe(
        404,
      );
    } finally {
      await sut.database.db.update(users).set({ isActive: true }).where(eq(users.id, linkUser!.id));
    }
  });

  it("a Link-role maker's link gives the patient the images, full size, and the zip, and nothing else", async () => {
    // Issue 26 item 1: decision rq12. The page gets one token per exam that opens that exam's images and zip only.
    const { db } = sut.database;
    const [linkUser] = await db.select().from(users).where(eq(users.username, 'link'));
    const [e] = await db
      .select({ id: exams.id, requestId: exams.requestId })
      .from(exams)
      .where(
        and(
          eq(exams.hospitalId, linkUser!.hospitalId!),
          isNull(exams.deletedAt),
          isNotNull(exams.requestId),
          isNotNull(exams.accessionNumber),
          ne(exams.requestId, X.requestId),
        ),
      )
      .limit(1);
    expect(e, "an exam of the Link user's hospital on another request than X").toBeDefined();
    await db.update(exams).set({ zipStatus: null }).where(eq(exams.id, e!.id));
    const own = await image(e!.id);
    // The exam's planned Study Instance UID is not the one its images came with (matched by staff, or the modality's own).
    await db.update(exams).set({ studyInstanceUid: testUid() }).where(eq(exams.id, e!.id));
    const link = (
      await sut.app.inject({
        method: 'POST',
        url: `/api/request/link/${e!.requestId}`,
        headers: { cookie: await as('link') },
        payload: {},
      })
    ).json().data as { linkId: string };
    const opened = await sut.app.inject({ method: 'POST', url: `/api/link/${link.linkId}/open`, payload: {} });
    expect(opened.statusCode, opened.body).toBe(200);
    type Images = { token: string; seriesUrl: string; exportCheckUrl: string; exportUrl: string };
    type Shown = { thumbnailUrl: string | null; images: Images | null };
    const shown = (opened.json().data as { exams: Shown[] }).exams.find((x) => x.images);
    const { token, seriesUrl, exportCheckUrl, exportUrl } = shown!.images!;
    const dicomJson = (url: string) => sut.app.inject({ url, headers: { accept: 'application/dicom+json' } });
    const picture = (study: string, series: string, sop: string, what: string) =>
      sut.app.inject({
        url: `/dicomweb/studies/${study}/series/${series}/instances/${sop}/${what}?token=${token}`,
        headers: { accept: 'image/jpeg' },
      });

    // The page's viewer: the exam's series, their instances, each image rendered full size; the thumbnail.
    expect((await get(shown!.thumbnailUrl!)).statusCode).toBe(200);
    const series = await get(seriesUrl);
    expect(series.statusCode, series.body).toBe(200);
    const listed = [];
    for (const { seriesId } of series.json().data as { seriesId: string }[]) {
      const res = await get(`/api/exam/${e!.id}/series/${seriesId}/instances?token=${token}`);
      expect(res.statusCode, res.body).toBe(200);
      listed.push(res.json().data as { seriesInstanceUid: string; instances: { sopInstanceUid: string }[] });
    }
    const mine = listed.find((l) => l.seriesInstanceUid === own.seriesUid);
    expect(mine?.instances.map((i) => i.sopInstanceUid)).toEqual([own.sopUid]);
    const rendered = await picture(own.studyUid, own.seriesUid, own.sopUid, 'rendered');
    expect(rendered.statusCode).toBe(200);
    expect(rendered.headers['content-type']).toBe('image/jpeg');
    expect((await picture(own.studyUid, own.seriesUid, own.sopUid, 'thumbnail')).statusCode).toBe(200);

    // Another study with the same token: nothing found (an empty search), and absent (404) rendered or zipped.
    const foreign = await dicomJson(`/dicomweb/studies/${xImage.studyUid}/series?token=${token}`);
    expect(foreign.statusCode === 204 || foreign.json<unknown[]>().length === 0, foreign.body).toBe(true);
    expect((await picture(xImage.studyUid, xImage.seriesUid, xImage.sopUid, 'rendered')).statusCode).toBe(404);
    expect((await get(`/dicomweb/studies/${xImage.studyUid}/thumbnail?token=${token}`)).statusCode).toBe(404);
    expect((await get(`/dicom/export/${X.examId}/check?token=${token}`)).statusCode).toBe(404);
    // Nor the exam record, its documents or the patient: not what a link opens.
    for (const url of [`/api/exam/${e!.id}`, `/api/exam/${e!.id}/document`, `/weasis/${e!.id}`]) {
      expect((await get(`${url}?token=${token}`)).statusCode, url).toBe(403);
    }

    // The download: the export zip of the exam, with its DICOMDIR.
    await vi.waitFor(
      async () => {
        const check = await get(exportCheckUrl);
        expect(check.statusCode, check.body).toBe(200);
        expect(check.json().data, 'the zip is ready').not.toBeNull();
      },
      { timeout: 20_000, interval: 200 },
    );
    const zip = await get(exportUrl);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    expect(zip.rawPayload.includes(Buffer.from('DICOMDIR'))).toBe(true);

    // Bounded by what the maker may share now: moved to another hospital, the link's tokens die at once.
    const [elsewhere] = await db
      .select({ id: hospitals.id })
      .from(hospitals)
      .where(ne(hospitals.id, linkUser!.hospitalId!))
      .limit(1);
    await db.update(users).set({ hospitalId: elsewhere!.id }).where(eq(users.id, linkUser!.id));
    try {
      expect((await picture(own.studyUid, own.seriesUid, own.sopUid, 'rendered')).statusCode).toBe(401);
      expect((await get(exportUrl)).statusCode).toBe(401);
    } finally {
      await db.update(users).set({ hospitalId: linkUser!.hospitalId }).where(eq(users.id, linkUser!.id));
    }
  });

  it("a person's token opens the routes of its purpose only", async () => {
    const viewer = await mint('staff', X.examId);
    const weasis = await mint('staff', X.examId, 'weasis');
    const exportToken = await mint('staff', X.examId, 'export');
    const cases: [string, string, number][] = [
      [viewer, `/api/exam/${X.examId}`, 200],
      [viewer, `/api/exam/${X.examId}/series`, 200],
      [viewer, `/api/exam/${X.examId}/priors`, 200],
      [viewer, wado(xImage, ''), 200],
      [viewer, `/weasis/${X.examId}`, 403],
      [viewer, `/dicom/export/${X.examId}/check`, 403],
      [viewer, `/api/exam/${X.examId}/document`, 403],
      [viewer, `/api/exam/${X.examId}/relate`, 403],
      [weasis, `/weasis/${X.examId}`, 200],
      [weasis, wado(xImage, ''), 200],
      [weasis, `/api/exam/${X.examId}`, 403],
      [weasis, `/api/exam/${X.examId}/priors`, 403],
      [weasis, `/dicom/export/${X.examId}/check`, 403],
      [exportToken, `/dicom/export/${X.examId}/check`, 200],
      [exportToken, wado(xImage, ''), 403],
      [exportToken, `/api/exam/${X.examId}`, 403],
    ];
    for (const [token, url, status] of cases) {
      const withToken = url.endsWith('token=') ? `${url}${token}` : `${url}?token=${token}`;
      expect(
        (await get(withToken)).statusCode,
        `${url} with ${token === viewer ? 'viewer' : token === weasis ? 'weasis' : 'export'}`,
      ).toBe(status);
    }
    // Only the purposes a person may mint: a 'link' token comes from opening a link, never from this call.
    const res = await sut.app.inject({
      method: 'POST',
      url: `/api/exam/${X.examId}/token`,
      headers: { cookie: await as('staff') },
      payload: { purpose: 'link' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('tokens die with the login session that made them, and never outlive it', async () => {
    const cookie = await sut.login('staff');
    const res = await sut.app.inject({
      method: 'POST',
      url: `/api/exam/${X.examId}/token`,
      headers: { cookie },
      payload: {},
    });
    const { token, expiresAt } = res.json().data as { token: string; expiresAt: string };
    expect((await get(`/api/exam/${X.examId}?token=${token}`)).statusCode).toBe(200);
    expect(
      (await sut.app.inject({ method: 'POST', url: '/Member/LogOff', headers: { cookie } })).statusCode,
    ).toBeLessThan(400);
    expect((await get(`/api/exam/${X.examId}?token=${token}`)).statusCode).toBe(401);
    expect(new Date(expiresAt).getTime()).toBeLessThanOrEqual(clock.getTime() + 2 * 3_600_000);

    // Minted an hour before the session ends, the token ends with the session, not two hours later.
    const start = clock;
    try {
      const late = await sut.login('staff');
      clock = new Date(start.getTime() + 11 * 3_600_000);
      const t = (
        await sut.app.inject({
          method: 'POST',
          url: `/api/exam/${X.examId}/token`,
          headers: { cookie: late },
          payload: {},
        })
      ).json().data as { token: string; expiresAt: string };
      expect(new Date(t.expiresAt).getTime()).toBe(start.getTime() + 12 * 3_600_000);
      clock = new Date(start.getTime() + 12 * 3_600_000 + 1_000);
      expect((await get(`/api/exam/${X.examId}?token=${t.token}`)).statusCode).toBe(401);
    } finally {
      clock = start;
    }
  });

  it('a query token is never a login session, even in a correctly signed cookie', async () => {
    const token = await mint('admin', X.examId);
    const forged = `rangsi_session=${encodeURIComponent(sut.app.signCookie(token))}`;
    expect((await get('/api/me', forged)).statusCode).toBe(401);
    expect((await get(`/api/exam/${X.examId}/priors`, forged)).statusCode).toBe(401);
  });
});
