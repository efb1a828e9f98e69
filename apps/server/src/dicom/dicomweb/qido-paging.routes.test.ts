/**
 * Issue 27 item 8: QIDO-RS paging as PS3.18 §8.3.4.4 has it. At most MAX_RESULTS results an answer, a bigger limit
 * capped rather than refused, and a Warning 299 whenever more match than were sent, so a client knows to page on.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { MAX_RESULTS } from '../query/qido';
import { buildInstance, writeTemp } from '../testing/build-dicom';

const WARNING =
  /^299 [^ ]+: "The number of results exceeded the maximum supported by the server\. Additional results can be requested\."$/;

describe('QIDO-RS paging', () => {
  let sut: TestContext;
  let cookie: string;
  const qido = async (url: string) => {
    const res = await sut.app.inject({ url, headers: { cookie, accept: 'application/dicom+json' } });
    return { res, results: res.statusCode === 200 ? res.json<Record<string, { Value?: unknown[] }>[]>() : [] };
  };
  /** Study rows as the index holds them (QIDO's study level reads only these), under one PatientID per test. */
  const studies = async (patientId: string, count: number) => {
    await sut.database.db.execute(sql`
      insert into dicom_studies (study_instance_uid, patient_id, study_date, number_of_series, number_of_instances)
      select '2.25.' || ${String(Date.now())} || '.' || g, ${patientId}, to_char(date '2020-01-01' + g, 'YYYYMMDD'), 1, 1
      from generate_series(1, ${count}::int) g`);
  };

  beforeAll(async () => {
    sut = await createTestApp();
    cookie = await sut.login('admin');
    await studies('PAGING-121', 121);
    await studies('PAGING-MANY', MAX_RESULTS + 21);
  });
  afterAll(async () => {
    await sut.close();
  });

  it('answers every one of 121 studies without a limit, and warns when a limit cuts them short', async () => {
    const all = await qido('/dicomweb/studies?PatientID=PAGING-121');
    expect(all.res.statusCode).toBe(200);
    expect(all.results.length).toBe(121);
    expect(all.res.headers.warning).toBeUndefined();

    const page = await qido('/dicomweb/studies?PatientID=PAGING-121&limit=100');
    expect(page.results.length).toBe(100);
    expect(page.res.headers.warning).toMatch(WARNING);
    const rest = await qido('/dicomweb/studies?PatientID=PAGING-121&limit=100&offset=100');
    expect(rest.results.length).toBe(21);
    expect(rest.res.headers.warning).toBeUndefined();
    const uids = (r: typeof page.results) => r.map((s) => s['0020000D']!.Value![0]);
    expect(new Set([...uids(page.results), ...uids(rest.results)]).size).toBe(121);
    const exact = await qido('/dicomweb/studies?PatientID=PAGING-121&limit=121');
    expect(exact.results.length).toBe(121);
    expect(exact.res.headers.warning).toBeUndefined();
  });

  it('caps a limit past the maximum instead of refusing it, and warns that more match', async () => {
    const capped = await qido('/dicomweb/studies?PatientID=PAGING-MANY&limit=100000');
    expect(capped.res.statusCode).toBe(200);
    expect(capped.results.length).toBe(MAX_RESULTS);
    expect(capped.res.headers.warning).toMatch(WARNING);
    const none = await qido('/dicomweb/studies?PatientID=PAGING-MANY');
    expect(none.results.length).toBe(MAX_RESULTS);
    expect(none.res.headers.warning).toMatch(WARNING);
    const next = await qido(`/dicomweb/studies?PatientID=PAGING-MANY&limit=100000&offset=${MAX_RESULTS}`);
    expect(next.results.length).toBe(21);
    expect(next.res.headers.warning).toBeUndefined();
    // Fewer matches than a capped limit: nothing was held back, so no warning.
    const few = await qido('/dicomweb/studies?PatientID=PAGING-121&limit=100000');
    expect(few.results.length).toBe(121);
    expect(few.res.headers.warning).toBeUndefined();
    // What is not a positive whole number is still refused, naming the parameter.
    for (const bad of ['0', '-1', 'abc', '1.5', '1e3']) {
      const { res } = await qido(`/dicomweb/studies?PatientID=PAGING-121&limit=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toMatch(/limit/);
    }
  });

  it('warns at the series and instance levels too', async () => {
    const first = buildInstance();
    const files = [first, buildInstance({ studyUid: first.studyUid, seriesUid: first.seriesUid, instanceNumber: 2 })];
    for (const f of files) {
      expect((await sut.services.archive.ingestFile(writeTemp(f.bytes), { source: 'TEST' })).status).toBe('stored');
    }
    const at = `/dicomweb/studies/${first.studyUid}/series/${first.seriesUid}/instances`;
    const one = await qido(`${at}?limit=1`);
    expect(one.results.length).toBe(1);
    expect(one.res.headers.warning).toMatch(WARNING);
    const both = await qido(at);
    expect(both.results.length).toBe(2);
    expect(both.res.headers.warning).toBeUndefined();
    const series = await qido(`/dicomweb/series?StudyInstanceUID=${first.studyUid}&limit=1`);
    expect(series.results.length).toBe(1);
    expect(series.res.headers.warning).toBeUndefined();
  });
});
