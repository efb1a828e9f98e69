import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { dicomStudies, exams, users } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/test-app';
import dicomParser from 'dicom-parser';
import { encodeTis620 } from '../parse/charset';
import { readInstance } from '../parse/read-instance';
import { buildInstance, writeTemp } from '../testing/build-dicom';
import { corpusFiles, corpusPath, REFUSED, validCorpusFiles } from '../testing/corpus';
import { multipartParts, stowBody } from '../testing/multipart';

describe('DICOMweb', () => {
  let sut: TestContext;
  const cookies: Record<string, string> = {};
  const as = async (username: string) => (cookies[username] ??= await sut.login(username));
  const get = async (username: string, url: string, accept?: string) =>
    sut.app.inject({ url, headers: { cookie: await as(username), ...(accept ? { accept } : {}) } });
  const stow = async (username: string, files: Buffer[], url = '/dicomweb/studies') => {
    const { payload, contentType } = stowBody(files);
    return sut.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { cookie: await as(username), 'content-type': contentType, accept: 'application/dicom+json' },
    });
  };
  const ingest = async (bytes: Buffer) => sut.services.archive.ingestFile(writeTemp(bytes), { source: 'TEST' });
  const wipeIndex = async () => {
    await sut.database.db.execute(
      sql`update exams set has_image = false where id in (select exam_id from dicom_studies where exam_id is not null)`,
    );
    await sut.database.db.execute(sql`delete from dicom_instances`);
    await sut.database.db.execute(sql`delete from dicom_series`);
    await sut.database.db.execute(sql`delete from dicom_studies`);
  };

  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(async () => {
    await sut.close();
  });

  describe('the pydicom corpus through STOW-RS, WADO-RS and WADO-URI', () => {
    it('gives back every valid file byte-identical by WADO-RS and WADO-URI', async () => {
      // Files sharing a SOP Instance UID (one image in several syntaxes) go in separate rounds: the archive keeps the first.
      const rounds: { file: string; bytes: Buffer; study: string; series: string; sop: string }[][] = [];
      for (const file of validCorpusFiles()) {
        const r = await readInstance(corpusPath(file));
        if (!r.ok) throw new Error(`${file}: ${r.reason}`);
        const entry = {
          file,
          bytes: fs.readFileSync(corpusPath(file)),
          study: r.info.studyInstanceUid,
          series: r.info.seriesInstanceUid,
          sop: r.info.sopInstanceUid,
        };
        const round = rounds.find((rd) => !rd.some((e) => e.sop === entry.sop));
        if (round) round.push(entry);
        else rounds.push([entry]);
      }
      let checked = 0;
      for (const round of rounds) {
        await wipeIndex();
        const res = await stow(
          'admin',
          round.map((e) => e.bytes),
        );
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        expect(body['00081199'].Value.length).toBe(round.length);
        for (const e of round) {
          const rs = await get(
            'admin',
            `/dicomweb/studies/${e.study}/series/${e.series}/instances/${e.sop}`,
            'multipart/related; type="application/dicom"; transfer-syntax=*',
          );
          expect(rs.statusCode, e.file).toBe(200);
          const parts = multipartParts(rs.rawPayload, String(rs.headers['content-type']));
          expect(parts.length, e.file).toBe(1);
          expect(parts[0]!.body.equals(e.bytes), `${e.file} via WADO-RS`).toBe(true);
          const uri = await get(
            'admin',
            `/dicomweb/wado?requestType=WADO&studyUID=${e.study}&seriesUID=${e.series}&objectUID=${e.sop}&contentType=application/dicom`,
          );
          expect(uri.statusCode, e.file).toBe(200);
          expect(uri.headers['content-type']).toBe('application/dicom');
          expect(uri.rawPayload.equals(e.bytes), `${e.file} via WADO-URI`).toBe(true);
          checked += 1;
        }
      }
      expect(checked).toBe(validCorpusFiles().length);
    });

    it('refuses every broken file in the STOW-RS answer, 409 when nothing was stored', async () => {
      const broken = corpusFiles().filter((f) => REFUSED[f]);
      const res = await stow(
        'admin',
        broken.map((f) => fs.readFileSync(corpusPath(f))),
      );
      expect(res.statusCode).toBe(409);
      const failed = res.json()['00081198'].Value;
      expect(failed.length).toBe(broken.length);
      expect(
        failed.every((f: Record<string, { Value: number[] }>) => [0xc000, 0x0122].includes(f['00081197']!.Value[0]!)),
      ).toBe(true);
      const mixed = await stow('admin', [fs.readFileSync(corpusPath('MR_truncated.dcm')), buildInstance().bytes]);
      expect(mixed.statusCode).toBe(202);
    });
  });

  describe('retrieval and metadata', () => {
    it('returns a series and a study as multipart, and their metadata from the index', async () => {
      await wipeIndex();
      const study = buildInstance();
      const files = [
        study.bytes,
        buildInstance({ studyUid: study.studyUid, seriesUid: study.seriesUid, instanceNumber: 2 }).bytes,
        buildInstance({ studyUid: study.studyUid, modality: 'CT' }).bytes,
      ];
      for (const f of files) expect((await ingest(f)).status).toBe('stored');
      const series = await get('admin', `/dicomweb/studies/${study.studyUid}/series/${study.seriesUid}`);
      expect(series.statusCode).toBe(200);
      expect(String(series.headers['content-type'])).toMatch(
        /^multipart\/related; type="application\/dicom"; boundary=/,
      );
      expect(
        multipartParts(series.rawPayload, String(series.headers['content-type'])).map((p) => p.body.length),
      ).toEqual([files[0]!.length, files[1]!.length]);
      // Each part names its instance (the viewer streams a series and matches parts to images by it, decision V14).
      expect(multipartParts(series.rawPayload, String(series.headers['content-type']))[0]!.headers).toMatch(
        new RegExp(
          `Content-Location: http://[^/]+/dicomweb/studies/${study.studyUid}/series/${study.seriesUid}/instances/${study.sopUid}\\r?$`,
          'm',
        ),
      );
      const whole = await get('admin', `/dicomweb/studies/${study.studyUid}`);
      expect(multipartParts(whole.rawPayload, String(whole.headers['content-type'])).length).toBe(3);
      const meta = await get('admin', `/dicomweb/studies/${study.studyUid}/metadata`, 'application/dicom+json');
      expect(meta.statusCode).toBe(200);
      expect(meta.headers['content-type']).toMatch(/^application\/dicom\+json/);
      const json = meta.json();
      expect(json.length).toBe(3);
      expect(json[0]['0020000D'].Value).toEqual([study.studyUid]);
      expect(json[0]['7FE00010'].BulkDataURI).toMatch(
        /^http:\/\/localhost(:\d+)?\/dicomweb\/studies\/.+\/bulkdata\/7FE00010$/,
      );
      const one = await get(
        'admin',
        `/dicomweb/studies/${study.studyUid}/series/${study.seriesUid}/instances/${study.sopUid}`,
        'application/dicom',
      );
      expect(one.headers['content-type']).toBe('application/dicom; transfer-syntax=1.2.840.10008.1.2.1');
      expect(one.headers['cache-control']).toBe('private, max-age=300');
      expect(one.rawPayload.equals(study.bytes)).toBe(true);
    });

    it('keeps series metadata current as instances arrive', async () => {
      const s = buildInstance();
      await ingest(s.bytes);
      const url = `/dicomweb/studies/${s.studyUid}/series/${s.seriesUid}/metadata`;
      expect((await get('admin', url)).json().length).toBe(1);
      await ingest(buildInstance({ studyUid: s.studyUid, seriesUid: s.seriesUid, instanceNumber: 2 }).bytes);
      expect((await get('admin', url)).json().length).toBe(2);
    });

    it('answers 406 to what it cannot give, 404 to what is not there', async () => {
      const s = buildInstance();
      await ingest(s.bytes);
      expect((await get('admin', `/dicomweb/studies/${s.studyUid}`, 'application/zip')).statusCode).toBe(406);
      expect(
        (await get('admin', `/dicomweb/studies/${s.studyUid}`, 'multipart/related; type="application/octet-stream"'))
          .statusCode,
      ).toBe(406);
      expect((await get('admin', `/dicomweb/studies/${s.studyUid}/metadata`, 'text/html')).statusCode).toBe(406);
      expect(
        (
          await get(
            'admin',
            `/dicomweb/wado?requestType=WADO&studyUID=${s.studyUid}&seriesUID=${s.seriesUid}&objectUID=${s.sopUid}&contentType=image/gif`,
          )
        ).statusCode,
      ).toBe(406);
      expect((await get('admin', '/dicomweb/studies/1.2.3.4.5')).statusCode).toBe(404);
      expect((await get('admin', '/dicomweb/studies/1.2.3.4.5/metadata')).statusCode).toBe(404);
    });
  });

  describe('WADO-RS frames', () => {
    const ids: Record<string, { study: string; series: string; sop: string }> = {};
    beforeAll(async () => {
      await wipeIndex();
      for (const f of ['CT_small.dcm', 'SC_rgb_jpeg_dcmtk.dcm', 'SC_rgb_rle_2frame.dcm']) {
        const r = await sut.services.archive.ingestFile(writeTemp(fs.readFileSync(corpusPath(f))), { source: 'TEST' });
        if (r.status === 'refused') throw new Error(f);
        const info = await readInstance(corpusPath(f));
        if (!info.ok) throw new Error(f);
        ids[f] = {
          study: info.info.studyInstanceUid,
          series: info.info.seriesInstanceUid,
          sop: info.info.sopInstanceUid,
        };
      }
    });
    const frames = (f: string, list: string) =>
      `/dicomweb/studies/${ids[f]!.study}/series/${ids[f]!.series}/instances/${ids[f]!.sop}/frames/${list}`;
    const ANY = 'multipart/related; type="application/octet-stream"; transfer-syntax=*';

    it('gives native frames as their pixel bytes and compressed frames as stored', async () => {
      const res = await get('admin', frames('CT_small.dcm', '1'), 'multipart/related; type="application/octet-stream"');
      expect(res.statusCode, res.body).toBe(200);
      const [part] = multipartParts(res.rawPayload, String(res.headers['content-type']));
      const ds = dicomParser.parseDicom(fs.readFileSync(corpusPath('CT_small.dcm')));
      const px = ds.elements.x7fe00010!;
      expect(part!.body.equals(Buffer.from(ds.byteArray.subarray(px.dataOffset, px.dataOffset + px.length)))).toBe(
        true,
      );
      expect(part!.headers).toMatch(/transfer-syntax=1\.2\.840\.10008\.1\.2\.1/);
      const jpeg = await get('admin', frames('SC_rgb_jpeg_dcmtk.dcm', '1'), ANY);
      const [jp] = multipartParts(jpeg.rawPayload, String(jpeg.headers['content-type']));
      expect(jp!.body.subarray(0, 2).toString('hex')).toBe('ffd8');
      expect(
        (await get('admin', frames('SC_rgb_jpeg_dcmtk.dcm', '1'), 'multipart/related; type="image/jpeg"')).statusCode,
      ).toBe(200);
      // Uncompressed is the default for frames (PS3.18 §8.7.3.5.2): the JPEG decoded, RGB interleaved.
      const decoded = await get(
        'admin',
        frames('SC_rgb_jpeg_dcmtk.dcm', '1'),
        'multipart/related; type="application/octet-stream"',
      );
      expect(decoded.statusCode).toBe(200);
      const [raw] = multipartParts(decoded.rawPayload, String(decoded.headers['content-type']));
      expect(raw!.headers).toMatch(/application\/octet-stream; transfer-syntax=1\.2\.840\.10008\.1\.2\.1\r?$/m);
      expect(raw!.body.length).toBe(100 * 100 * 3);
      const two = await get('admin', frames('SC_rgb_rle_2frame.dcm', '1,2'), ANY);
      expect(multipartParts(two.rawPayload, String(two.headers['content-type'])).length).toBe(2);
    });

    it('serves the BulkDataURIs of the metadata', async () => {
      const meta = (await get('admin', `/dicomweb/studies/${ids['CT_small.dcm']!.study}/metadata`)).json();
      const uri = new URL(meta[0]['7FE00010'].BulkDataURI as string);
      const res = await get('admin', uri.pathname);
      expect(res.statusCode).toBe(200);
      expect(multipartParts(res.rawPayload, String(res.headers['content-type']))[0]!.body.length).toBe(128 * 128 * 2);
      const jpegMeta = (await get('admin', `/dicomweb/studies/${ids['SC_rgb_jpeg_dcmtk.dcm']!.study}/metadata`)).json();
      const jpegUri = new URL(jpegMeta[0]['7FE00010'].BulkDataURI as string);
      expect((await get('admin', jpegUri.pathname, ANY)).statusCode).toBe(200);
      expect((await get('admin', jpegUri.pathname.replace(/7FE00010$/, '00100011'))).statusCode).toBe(404);
      expect((await get('admin', jpegUri.pathname.replace(/7FE00010$/, 'zz'))).statusCode).toBe(400);
    });

    it('answers 404 for a frame beyond the last and 400 for a malformed list', async () => {
      expect((await get('admin', frames('SC_rgb_rle_2frame.dcm', '3'), ANY)).statusCode).toBe(404);
      for (const bad of ['0', 'abc', '1,,2', '-1'])
        expect((await get('admin', frames('CT_small.dcm', bad), ANY)).statusCode, bad).toBe(400);
    });
  });

  describe('QIDO-RS', () => {
    const uids: Record<string, string> = {};
    beforeAll(async () => {
      await wipeIndex();
      const make = async (key: string, t: Parameters<typeof buildInstance>[0]) => {
        const b = buildInstance(t);
        uids[key] = b.studyUid;
        expect((await ingest(b.bytes)).status).toBe('stored');
        return b;
      };
      await make('somchai', {
        charset: 'ISO_IR 166',
        patientName: encodeTis620('สมชาย^ใจดี'),
        patientId: 'HN001',
        accessionNumber: 'QA-1',
        studyDate: '20240105',
        modality: 'CT',
      });
      await make('somsri', {
        charset: 'ISO_IR 192',
        patientName: Buffer.from('สมศรี^ใจดี'),
        patientId: 'HN002',
        accessionNumber: 'QA-2',
        studyDate: '20240210',
        modality: 'MR',
      });
      await make('smith', {
        patientName: 'Smith^John',
        patientId: 'HN003',
        accessionNumber: 'QA-3',
        studyDate: '20231231',
        modality: 'CR',
        extra: { '00081030': ['LO', 'CHEST PA'], '00101010': ['AS', '045Y'] },
      });
      const two = await make('twoSeries', {
        patientName: 'Doe^Jane',
        patientId: 'HN004',
        studyDate: '20240301',
        modality: 'US',
      });
      await ingest(buildInstance({ studyUid: two.studyUid, modality: 'SR' }).bytes);
    });
    const studies = async (query: string, user = 'admin') => {
      const res = await get(user, `/dicomweb/studies?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Record<string, { Value?: unknown[] }>[]>().map((s) => s['0020000D']!.Value![0]);
    };

    it('matches patient names exactly, with wildcards and fuzzily, in Thai and Latin', async () => {
      expect(await studies('PatientName=Smith^John')).toEqual([uids.smith]);
      expect(await studies('PatientName=smith^john')).toEqual([uids.smith]);
      expect(await studies('PatientName=Smith')).toEqual([]);
      expect(await studies('PatientName=Smi*')).toEqual([uids.smith]);
      expect(await studies(`PatientName=${encodeURIComponent('สม*')}`)).toEqual([uids.somsri, uids.somchai]);
      expect(await studies(`PatientName=${encodeURIComponent('ใจดี')}&fuzzymatching=true`)).toEqual([
        uids.somsri,
        uids.somchai,
      ]);
      expect(await studies('PatientName=john&fuzzymatching=true')).toEqual([uids.smith]);
    });

    it('filters by PatientID, AccessionNumber, StudyDate ranges, ModalitiesInStudy and StudyInstanceUID', async () => {
      expect(await studies('PatientID=HN002')).toEqual([uids.somsri]);
      expect(await studies('00100020=HN00*&limit=2')).toEqual([uids.twoSeries, uids.somsri]);
      expect(await studies('AccessionNumber=QA-3')).toEqual([uids.smith]);
      expect(await studies('StudyDate=20240101-20240229')).toEqual([uids.somsri, uids.somchai]);
      expect(await studies('StudyDate=-20231231')).toEqual([uids.smith]);
      expect(await studies('StudyDate=20240301')).toEqual([uids.twoSeries]);
      expect(await studies('ModalitiesInStudy=SR')).toEqual([uids.twoSeries]);
      expect(await studies('ModalitiesInStudy=CT,MR')).toEqual([uids.somsri, uids.somchai]);
      expect(await studies(`StudyInstanceUID=${uids.smith},${uids.somchai}`)).toEqual([uids.somchai, uids.smith]);
      expect(await studies('limit=2&offset=2')).toEqual([uids.somchai, uids.smith]);
    });

    it('answers the required study attributes, Thai names as UTF-8, and includefield attributes', async () => {
      const res = await get('admin', `/dicomweb/studies?StudyInstanceUID=${uids.somchai}`);
      const [s] = res.json();
      expect(s['00100010']).toEqual({ vr: 'PN', Value: [{ Alphabetic: 'สมชาย^ใจดี' }] });
      expect(s['00080061']).toEqual({ vr: 'CS', Value: ['CT'] });
      expect(s['00201208']).toEqual({ vr: 'IS', Value: [1] });
      expect(s['00081190'].Value[0]).toMatch(new RegExp(`/dicomweb/studies/${uids.somchai}$`));
      const two = (await get('admin', `/dicomweb/studies?StudyInstanceUID=${uids.twoSeries}`)).json()[0];
      expect(two['00080061'].Value).toEqual(['SR', 'US']);
      expect(two['00201206'].Value).toEqual([2]);
      const inc = (
        await get('admin', `/dicomweb/studies?AccessionNumber=QA-3&includefield=PatientAge,00081030`)
      ).json()[0];
      expect(inc['00101010']).toEqual({ vr: 'AS', Value: ['045Y'] });
      expect(inc['00081030']).toEqual({ vr: 'LO', Value: ['CHEST PA'] });
    });

    it('lists series and instances of a study, and every series by modality', async () => {
      const series = (await get('admin', `/dicomweb/studies/${uids.twoSeries}/series`)).json();
      expect(series.map((s: Record<string, { Value: string[] }>) => s['00080060']!.Value[0]).sort()).toEqual([
        'SR',
        'US',
      ]);
      const onlyUs = (await get('admin', `/dicomweb/studies/${uids.twoSeries}/series?Modality=US`)).json();
      expect(onlyUs.length).toBe(1);
      const seriesUid = onlyUs[0]['0020000E'].Value[0];
      const instances = (
        await get('admin', `/dicomweb/studies/${uids.twoSeries}/series/${seriesUid}/instances?includefield=00100010`)
      ).json();
      expect(instances.length).toBe(1);
      expect(instances[0]['00080016'].Value).toEqual(['1.2.840.10008.5.1.4.1.1.7']);
      expect(instances[0]['00100010']).toEqual({ vr: 'PN', Value: [{ Alphabetic: 'Doe^Jane' }] });
      const allMr = (await get('admin', '/dicomweb/series?Modality=MR')).json();
      expect(allMr.map((s: Record<string, { Value: string[] }>) => s['0020000D']!.Value[0])).toEqual([uids.somsri]);
      expect((await get('admin', `/dicomweb/instances?StudyInstanceUID=${uids.twoSeries}`)).json().length).toBe(2);
    });

    it.each([
      ['limit=-1'],
      ['limit=abc'],
      ['limit=0'],
      ['offset=-5'],
      ['StudyDate=2024-01-01'],
      ['StudyDate=20241301'],
      ['StudyDate=20240201-20240101'],
      ['foo=bar'],
      ['SeriesInstanceUID=1.2.3'],
      ['StudyInstanceUID=1.2.abc'],
      ['fuzzymatching=maybe'],
      ['includefield=NotAKeyword'],
      ['PatientID=a&PatientID=b'],
      ['Modality=CT'],
      [`PatientName=${'x'.repeat(2000)}`],
      ['PatientName=%00abc'],
    ])('answers 400 to %s', async (query) => {
      const res = await get('admin', `/dicomweb/studies?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().success).toBe(false);
    });

    it('answers 400 to path tricks in any UID, and 401 without a session', async () => {
      for (const url of [
        '/dicomweb/studies/..%2F..%2Fetc/series',
        '/dicomweb/studies/1.2.3/series/abc/instances',
        '/dicomweb/studies/1.2.3/series/1.2/instances/..%2F..%2Fpasswd',
        '/dicomweb/studies/1.2%00.3/metadata',
        '/dicomweb/wado?requestType=WADO&studyUID=1.2&seriesUID=1.3&objectUID=../../x&contentType=application/dicom',
        '/dicomweb/wado?requestType=WADO&studyUID=1.2',
        '/dicomweb/wado?requestType=XYZ&studyUID=1.2&seriesUID=1.3&objectUID=1.4',
      ]) {
        const res = await get('admin', url);
        expect(res.statusCode, url).toBe(400);
      }
      expect((await sut.app.inject({ url: '/dicomweb/studies' })).statusCode).toBe(401);
    });

    it('reports matching keys it ignores in a Warning header', async () => {
      const res = await get('admin', '/dicomweb/studies?StudyID=1');
      expect(res.statusCode).toBe(200);
      expect(res.headers.warning).toMatch(/StudyID/);
    });
  });

  describe('data scope', () => {
    let exam: typeof exams.$inferSelect;
    let linked: ReturnType<typeof buildInstance>;
    let unmatched: ReturnType<typeof buildInstance>;
    beforeAll(async () => {
      await wipeIndex();
      const [doctor1] = await sut.database.db.select().from(users).where(eq(users.username, 'doctor1'));
      [exam] = (await sut.database.db
        .select()
        .from(exams)
        .where(
          and(eq(exams.reviewerId, doctor1!.id), isNull(exams.deletedAt), sql`${exams.accessionNumber} is not null`),
        )
        .limit(1)) as [typeof exams.$inferSelect];
      linked = buildInstance({ accessionNumber: exam.accessionNumber! });
      unmatched = buildInstance({ accessionNumber: 'NOBODY-1' });
      expect((await ingest(linked.bytes)).status).toBe('stored');
      expect((await ingest(unmatched.bytes)).status).toBe('stored');
      const [row] = await sut.database.db
        .select()
        .from(dicomStudies)
        .where(eq(dicomStudies.studyInstanceUid, linked.studyUid));
      expect(row!.examId).toBe(exam.id);
    });
    const staffBranch = async () =>
      (await sut.database.db.select({ b: users.branchId }).from(users).where(eq(users.username, 'staff')))[0]!.b;
    const instanceUrl = (b: ReturnType<typeof buildInstance>) =>
      `/dicomweb/studies/${b.studyUid}/series/${b.seriesUid}/instances/${b.sopUid}`;
    const wadoUri = (b: ReturnType<typeof buildInstance>) =>
      `/dicomweb/wado?requestType=WADO&studyUID=${b.studyUid}&seriesUID=${b.seriesUid}&objectUID=${b.sopUid}&contentType=application/dicom`;

    it("lets doctor1 find and retrieve their exam's images and gives doctor2 a 404 for every retrieval", async () => {
      expect((await get('doctor1', `/dicomweb/studies?StudyInstanceUID=${linked.studyUid}`)).json().length).toBe(1);
      expect((await get('doctor1', instanceUrl(linked))).statusCode).toBe(200);
      expect((await get('doctor2', `/dicomweb/studies?StudyInstanceUID=${linked.studyUid}`)).json()).toEqual([]);
      for (const url of [
        instanceUrl(linked),
        wadoUri(linked),
        `/dicomweb/studies/${linked.studyUid}`,
        `/dicomweb/studies/${linked.studyUid}/metadata`,
        `/dicomweb/studies/${linked.studyUid}/series/${linked.seriesUid}`,
      ]) {
        expect((await get('doctor2', url)).statusCode, url).toBe(404);
      }
    });

    it('shows unmatched studies to admin and branch staff only', async () => {
      const q = `/dicomweb/studies?StudyInstanceUID=${unmatched.studyUid}`;
      expect((await get('admin', q)).json().length).toBe(1);
      expect((await get('staff', q)).json().length).toBe(1);
      expect((await get('doctor1', q)).json()).toEqual([]);
      expect((await get('hospital', q)).json()).toEqual([]);
      expect((await get('hospital', wadoUri(unmatched))).statusCode).toBe(404);
    });

    it("opens one exam's images with its link token, and nothing else", async () => {
      const [admin] = await sut.database.db.select().from(users).where(eq(users.username, 'admin'));
      const user = await sut.services.auth.currentUser(cookieToken(await as('admin')));
      expect(user?.userId).toBe(admin!.id);
      const { token } = await sut.services.tokens.issueForPerson(user!, exam.id, 'viewer');
      expect((await sut.app.inject({ url: `${wadoUri(linked)}&token=${token}` })).statusCode).toBe(200);
      expect((await sut.app.inject({ url: `${wadoUri(unmatched)}&token=${token}` })).statusCode).toBe(404);
      const { payload, contentType } = stowBody([buildInstance().bytes]);
      expect(
        (
          await sut.app.inject({
            method: 'POST',
            url: `/dicomweb/studies?token=${token}`,
            payload,
            headers: { 'content-type': contentType },
          })
        ).statusCode,
      ).toBe(403);
    });

    it("refuses STOW into a study of an exam outside the uploader's scope", async () => {
      const [other] = await sut.database.db
        .select({ username: users.username })
        .from(users)
        .where(and(eq(users.roleName, 'Staff'), sql`${users.branchId} <> ${exam.branchId}`))
        .limit(1);
      const into = buildInstance({ studyUid: linked.studyUid, seriesUid: linked.seriesUid });
      const res = await stow(other!.username, [into.bytes]);
      expect(res.statusCode).toBe(409);
      expect(res.json()['00081198'].Value[0]['00081197'].Value).toEqual([0x0110]);
      expect((await stow('staff', [buildInstance({ studyUid: linked.studyUid }).bytes])).statusCode).toBe(
        exam.branchId === (await staffBranch()) ? 200 : 409,
      );
      const wrongStudy = await stow('admin', [buildInstance().bytes], `/dicomweb/studies/${linked.studyUid}`);
      expect(wrongStudy.statusCode).toBe(409);
    });
  });

  describe('STOW-RS bad input', () => {
    it('answers 415 for other content types, 400 for malformed multipart, 406 for an unusable Accept', async () => {
      const cookie = await as('admin');
      expect(
        (await sut.app.inject({ method: 'POST', url: '/dicomweb/studies', payload: { a: 1 }, headers: { cookie } }))
          .statusCode,
      ).toBe(415);
      expect(
        (
          await sut.app.inject({
            method: 'POST',
            url: '/dicomweb/studies',
            payload: 'x',
            headers: { cookie, 'content-type': 'multipart/related; type="application/dicom+xml"; boundary=b' },
          })
        ).statusCode,
      ).toBe(415);
      expect(
        (
          await sut.app.inject({
            method: 'POST',
            url: '/dicomweb/studies',
            payload: 'x',
            headers: { cookie, 'content-type': 'multipart/related; type="application/dicom"' },
          })
        ).statusCode,
      ).toBe(400);
      const { payload, contentType } = stowBody([buildInstance().bytes]);
      const cut = payload.subarray(0, payload.length - 30);
      const res = await sut.app.inject({
        method: 'POST',
        url: '/dicomweb/studies',
        payload: cut,
        headers: { cookie, 'content-type': contentType },
      });
      expect(res.statusCode).toBe(400);
      expect(
        (
          await sut.app.inject({
            method: 'POST',
            url: '/dicomweb/studies',
            payload,
            headers: { cookie, 'content-type': contentType, accept: 'text/html' },
          })
        ).statusCode,
      ).toBe(406);
      const garbage = stowBody([Buffer.from('not dicom at all')]);
      const g = await sut.app.inject({
        method: 'POST',
        url: '/dicomweb/studies',
        payload: garbage.payload,
        headers: { cookie, 'content-type': garbage.contentType },
      });
      expect(g.statusCode).toBe(409);
      expect(g.json()['00081198'].Value[0]['00081197'].Value).toEqual([0xc000]);
    });

    it('refuses STOW to users without the upload right', async () => {
      const res = await stow('doctor1', [buildInstance().bytes]);
      expect(res.statusCode).toBe(403);
    });
  });
});

function cookieToken(cookie: string): string {
  // The signed cookie value is "<token>.<signature>"; the session token is the part before the last dot.
  const value = decodeURIComponent(cookie.split('=').slice(1).join('='));
  return value.slice(0, value.lastIndexOf('.'));
}
