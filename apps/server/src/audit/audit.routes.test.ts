import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, gt, isNotNull, isNull, max } from 'drizzle-orm';
import type { RouteAccess } from '../auth/route-access';
import { auditLog, dicomSeries, exams, patients } from '../db/schema/index';
import { buildInstance, testUid, writeTemp } from '../dicom/testing/build-dicom';
import { addDays, bangkokDayOf } from '@rangsi/domain';
import { createTestApp, type TestContext } from '../test/test-app';
import { AUDIT_DEDUPE_MS } from './audit.service';
import { isPatientDataRoute } from './audit-reads';

/**
 * Issue 23 item 14: every read of patient data, by a person, a token or a film link, is in the audit log with who,
 * what and from where; an administrator searches it by patient, user and date.
 */
describe('audit of patient-data reads', () => {
  let clock = new Date('2026-11-29T03:00:00Z');
  let sut: TestContext;
  let admin = '';
  const E = { examId: '', requestId: '', patientId: '', hn: '', studyUid: '', seriesUid: '', sopUid: '', seriesId: '' };
  const lastId = async () => (await sut.database.db.select({ n: max(auditLog.id) }).from(auditLog))[0]?.n ?? 0;
  const rowsAfter = (id: number) =>
    sut.database.db.select().from(auditLog).where(gt(auditLog.id, id)).orderBy(auditLog.id);

  beforeAll(async () => {
    sut = await createTestApp({ now: () => clock });
    admin = await sut.login('admin');
    const { db } = sut.database;
    const [e] = await db
      .select({
        id: exams.id,
        requestId: exams.requestId,
        patientId: exams.patientId,
        hn: patients.hn,
        accession: exams.accessionNumber,
        study: exams.studyInstanceUid,
      })
      .from(exams)
      .innerJoin(patients, eq(patients.id, exams.patientId))
      .where(and(isNull(exams.deletedAt), isNotNull(exams.requestId), isNotNull(exams.accessionNumber)))
      .orderBy(desc(exams.examDate))
      .limit(1);
    await db.update(exams).set({ zipStatus: null }).where(eq(exams.id, e!.id));
    const studyUid = e!.study ?? testUid();
    const seriesUid = testUid();
    const built = buildInstance({
      studyUid,
      seriesUid,
      modality: 'CT',
      accessionNumber: e!.accession!,
      patientId: e!.hn,
      patientName: 'AUDIT^TEST',
    });
    expect((await sut.services.archive.ingestFile(writeTemp(built.bytes), { source: 'CT1' })).status).toBe('stored');
    await sut.services.archive.flushCounts();
    const [s] = await db
      .select({ id: dicomSeries.id })
      .from(dicomSeries)
      .where(eq(dicomSeries.seriesInstanceUid, seriesUid));
    Object.assign(E, {
      examId: e!.id,
      requestId: e!.requestId!,
      patientId: e!.patientId!,
      hn: e!.hn,
      studyUid,
      seriesUid,
      sopUid: built.sopUid,
      seriesId: s!.id,
    });
  });
  afterAll(async () => {
    await sut.close();
  });

  it('records who read a patient, from which address and browser, and the admin finds it by HN', async () => {
    clock = new Date(clock.getTime() + 1000);
    const res = await sut.app.inject({
      url: `/api/patient/${E.patientId}`,
      headers: { cookie: admin, 'user-agent': 'AuditTest/1.0' },
      remoteAddress: '10.1.2.3',
    });
    expect(res.statusCode).toBe(200);
    const found = await sut.app.inject({
      url: `/api/audit?patient=${encodeURIComponent(E.hn)}`,
      headers: { cookie: admin },
    });
    expect(found.statusCode, found.body).toBe(200);
    const row = found.json().data.rows.find((r: { action: string }) => r.action === 'patient.read');
    expect(row).toMatchObject({
      username: 'admin',
      actorType: 'person',
      ip: '10.1.2.3',
      userAgent: 'AuditTest/1.0',
      patient: { id: E.patientId, hn: E.hn },
    });
  });

  it('filters by user and by day, pages in order, and refuses impossible dates with 400', async () => {
    // Rows carry the database's time, not the test clock: the day filtered on is the Bangkok day of the newest row.
    const newest = (await sut.app.inject({ url: '/api/audit?user=admin', headers: { cookie: admin } })).json().data
      .rows[0] as { at: string };
    const day = bangkokDayOf(new Date(newest.at));
    const byUser = (
      await sut.app.inject({ url: `/api/audit?user=admin&from=${day}&to=${day}`, headers: { cookie: admin } })
    ).json().data;
    expect(byUser.total).toBeGreaterThan(0);
    expect(byUser.rows.every((r: { username: string }) => r.username === 'admin')).toBe(true);
    const nextDay = (
      await sut.app.inject({ url: `/api/audit?user=admin&from=${addDays(day, 1)}`, headers: { cookie: admin } })
    ).json().data;
    expect(nextDay.total).toBe(0);
    const nobody = (await sut.app.inject({ url: '/api/audit?patient=NO-SUCH-HN', headers: { cookie: admin } })).json()
      .data;
    expect(nobody).toMatchObject({ total: 0, rows: [] });
    for (const q of ['from=2024-02-30', 'to=0000-00-00', 'page=0', 'page=x', 'from=2026-12-01&to=2026-11-01']) {
      const bad = await sut.app.inject({ url: `/api/audit?${q}`, headers: { cookie: admin } });
      expect(bad.statusCode, q).toBe(400);
    }
  });

  it('is for administrators only: 403 for staff and doctors, 401 without a session', async () => {
    for (const u of ['staff', 'doctor1', 'billing']) {
      const res = await sut.app.inject({ url: '/api/audit', headers: { cookie: await sut.login(u) } });
      expect(res.statusCode, u).toBe(403);
    }
    expect((await sut.app.inject({ url: '/api/audit' })).statusCode).toBe(401);
  });

  it('a viewer loading many frames of one exam writes one row per exam and kind within the window, then again after it', async () => {
    const before = await lastId();
    const token = (
      await sut.app.inject({
        method: 'POST',
        url: `/api/exam/${E.examId}/token`,
        headers: { cookie: admin },
        payload: {},
      })
    ).json().data.token as string;
    const frame = `/dicomweb/studies/${E.studyUid}/series/${E.seriesUid}/instances/${E.sopUid}/frames/1?token=${token}`;
    for (let i = 0; i < 30; i++)
      expect(
        (
          await sut.app.inject({
            url: frame,
            headers: { accept: 'multipart/related; type="application/octet-stream"' },
          })
        ).statusCode,
      ).toBe(200);
    let views = (await rowsAfter(before)).filter((r) => r.action === 'images.view');
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({
      actorType: 'token',
      actorId: 'viewer',
      patientId: E.patientId,
      entityId: E.studyUid,
    });
    clock = new Date(clock.getTime() + AUDIT_DEDUPE_MS + 1000);
    expect(
      (await sut.app.inject({ url: frame, headers: { accept: 'multipart/related; type="application/octet-stream"' } }))
        .statusCode,
    ).toBe(200);
    views = (await rowsAfter(before)).filter((r) => r.action === 'images.view');
    expect(views).toHaveLength(2);
  });

  /**
   * Walks every route that reads patient data (docs/openapi.json lists them; the app's route table is the same list):
   * each successful call leaves an audit row, so a new route that reads patient data without audit fails here.
   */
  it('every patient-data read route leaves an audit row when it answers', async () => {
    const reads = sut.routes.filter((r) => {
      const methods = ([] as string[]).concat(r.method);
      return (
        isPatientDataRoute(r.url, r.access as RouteAccess) && (methods.includes('GET') || r.url.endsWith('/search'))
      );
    });
    expect(reads.length).toBeGreaterThan(40);
    const fill = (url: string) =>
      url
        .replace(/^\/api\/request\/patient\/:id/, `/api/request/patient/${E.patientId}`)
        .replace(/^\/api\/patient\/:id/, `/api/patient/${E.patientId}`)
        .replace(
          /^\/api\/request\/(link\/|edit\/)?:id/,
          (_m, p: string | undefined) => `/api/request/${p ?? ''}${E.requestId}`,
        )
        .replace(':patientId', E.patientId)
        .replace(':examId', E.examId)
        .replace(/\/api\/exam\/:id/, `/api/exam/${E.examId}`)
        .replace(':seriesId', E.seriesId)
        .replace(':study', E.studyUid)
        .replace(':series', E.seriesUid)
        .replace(':sop', E.sopUid)
        .replace(':frames', '1')
        .replace(':kind', 'document')
        .replace(':ids', E.requestId)
        .replace(
          /^\/dicomweb\/wado$/,
          `/dicomweb/wado?requestType=WADO&studyUID=${E.studyUid}&seriesUID=${E.seriesUid}&objectUID=${E.sopUid}&contentType=application%2Fdicom`,
        );
    const answered: string[] = [];
    const refused: string[] = [];
    const silent: string[] = [];
    for (const r of reads) {
      const url = fill(r.url);
      if (url.includes('/:')) continue; // a parameter this walk cannot name (a document, a report): covered by the rule, not by a call
      const method = ([] as string[]).concat(r.method).includes('GET') ? 'GET' : 'POST';
      // Each call is a fresh read for the dedupe window.
      clock = new Date(clock.getTime() + AUDIT_DEDUPE_MS + 1000);
      const before = await lastId();
      const res = await sut.app.inject({
        method: method,
        url,
        headers: { cookie: admin },
        ...(method === 'POST' ? { payload: r.url === '/api/patient/search' ? { hn: E.hn } : {} } : {}),
      });
      if (res.statusCode < 200 || res.statusCode >= 300) {
        refused.push(`${method} ${r.url} ${res.statusCode} ${res.body.slice(0, 120)}`);
        continue;
      }
      answered.push(`${method} ${r.url}`);
      const rows = await rowsAfter(before);
      if (!rows.some((row) => row.username === 'admin')) silent.push(`${method} ${r.url}`);
    }
    expect(silent).toEqual([]);
    // The walk must really reach the routes that matter, not pass by answering nothing.
    for (const must of [
      'GET /api/patient/:id',
      'POST /api/patient/search',
      'GET /api/exam/:id',
      'POST /api/exam/search',
      'GET /api/request/:id',
      'GET /api/exam/:id/series',
      'GET /weasis/:examId',
      'GET /dicom/export/:examId/check',
      'GET /dicomweb/wado',
      'GET /dicomweb/studies/:study/series/:series/instances/:sop/frames/:frames',
    ]) {
      expect(answered, `${must}; refused: ${refused.join(' | ')}`).toContain(must);
    }
  });
});
