import fs from 'node:fs';
import sharp from 'sharp';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dicomStudies, exams, users } from '../../db/schema/index';
import { examPatient } from '../../test/exam-patient';
import { createTestApp, type TestContext } from '../../test/test-app';
import { generateCt } from '../../seed/images/index';
import { readInstance } from '../parse/read-instance';
import { buildInstance, writeTemp } from '../testing/build-dicom';
import { corpusPath } from '../testing/corpus';
import { wadoUriContentType, wadoUriViewport } from './wado-uri-rendered';

interface Stored {
  study: string;
  series: string;
  sop: string;
}

/** The parts of a multipart/related answer, with their headers. */
function partsOf(raw: Buffer, contentType: string): { headers: string; body: Buffer }[] {
  const boundary = /boundary=("?)([^";]+)\1/.exec(contentType)?.[2];
  if (!boundary) throw new Error(`no boundary in ${contentType}`);
  const delimiter = Buffer.from(`--${boundary}`);
  const out: { headers: string; body: Buffer }[] = [];
  let pos = raw.indexOf(delimiter);
  while (pos >= 0 && raw.subarray(pos + delimiter.length, pos + delimiter.length + 2).toString() !== '--') {
    const headerEnd = raw.indexOf('\r\n\r\n', pos);
    const next = raw.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd);
    out.push({
      headers: raw.subarray(pos + delimiter.length + 2, headerEnd).toString(),
      body: raw.subarray(headerEnd + 4, next),
    });
    pos = next + 2;
  }
  return out;
}

const JPEG_MAGIC = 'ffd8ff';
const PNG_MAGIC = '89504e47';
const magic = (b: Buffer, n: number) => b.subarray(0, n).toString('hex');

describe('WADO-URI images and WADO-RS study/series rendered', () => {
  let sut: TestContext;
  const cookies: Record<string, string> = {};
  /** Generated head CT linked to one of doctor1's exams: a 128 px localizer (series 1), three 64 px axial slices (series 2). */
  let ct: { study: string; localizer: Stored; slices: Stored[]; bytes: Buffer[] };
  /** Unmatched, 32 × 16, two frames: a left-to-right ramp, then the same ramp mirrored. */
  let twoFrame: Stored;
  const get = async (username: string, url: string, accept?: string) =>
    sut.app.inject({
      url,
      headers: { cookie: (cookies[username] ??= await sut.login(username)), ...(accept ? { accept } : {}) },
    });
  const wado = (s: Stored, extra = '') =>
    `/dicomweb/wado?requestType=WADO&studyUID=${s.study}&seriesUID=${s.series}&objectUID=${s.sop}${extra}`;
  const image = async (body: Buffer) => {
    const { data, info } = await sharp(body).greyscale().raw().toBuffer({ resolveWithObject: true });
    const mean = data.reduce((a, v) => a + v, 0) / data.length;
    return { width: info.width, height: info.height, mean, at: (x: number, y: number) => data[y * info.width + x]! };
  };

  beforeAll(async () => {
    sut = await createTestApp();
    const [doctor1] = await sut.database.db.select().from(users).where(eq(users.username, 'doctor1'));
    const [exam] = await sut.database.db
      .select()
      .from(exams)
      .where(and(eq(exams.reviewerId, doctor1!.id), isNull(exams.deletedAt), sql`${exams.accessionNumber} is not null`))
      .limit(1);
    const study = {
      studyInstanceUid: '2.25.77700000000000000002',
      accessionNumber: exam!.accessionNumber,
      date: '20261122',
      time: '090000',
    };
    const made = [...generateCt({ patient: await examPatient(sut.database, exam!), study, slices: 3, size: 64 })];
    for (const s of made)
      expect((await sut.services.archive.ingestFile(writeTemp(s.bytes), { source: 'CT1' })).status).toBe('stored');
    const at = (i: number) => ({
      study: study.studyInstanceUid,
      series: made[i]!.seriesInstanceUid,
      sop: made[i]!.sopInstanceUid,
    });
    ct = {
      study: study.studyInstanceUid,
      localizer: at(0),
      slices: [at(1), at(2), at(3)],
      bytes: made.map((m) => m.bytes),
    };
    expect(ct.localizer.series).not.toBe(ct.slices[0]!.series);

    const ramp = Array.from({ length: 16 * 32 }, (_, i) => (i % 32) * 8);
    const built = buildInstance({
      rows: 16,
      columns: 32,
      pixels: Uint8Array.from([...ramp, ...ramp.map((v) => 248 - v)]),
      extra: { '00280008': ['IS', '2'] },
    });
    expect((await sut.services.archive.ingestFile(writeTemp(built.bytes), { source: 'TEST' })).status).toBe('stored');
    twoFrame = { study: built.studyUid, series: built.seriesUid, sop: built.sopUid };
  }, 60_000);
  afterAll(async () => {
    await sut.close();
  });

  describe('WADO-URI (PS3.18 §9) images', () => {
    it('answers a JPEG when contentType is absent, PNG on request, the first type it serves of a list', async () => {
      const jpeg = await get('doctor1', wado(ct.slices[1]!));
      expect(jpeg.statusCode, jpeg.body).toBe(200);
      expect(jpeg.headers['content-type']).toBe('image/jpeg');
      expect(magic(jpeg.rawPayload, 3)).toBe(JPEG_MAGIC);
      const j = await image(jpeg.rawPayload);
      expect([j.width, j.height]).toEqual([64, 64]);
      const png = await get('doctor1', wado(ct.slices[1]!, '&contentType=image/png'));
      expect(png.headers['content-type']).toBe('image/png');
      expect(magic(png.rawPayload, 4)).toBe(PNG_MAGIC);
      const listed = await get(
        'doctor1',
        wado(ct.slices[1]!, `&contentType=${encodeURIComponent('image/gif, image/png, image/jpeg')}`),
      );
      expect(listed.headers['content-type']).toBe('image/png');
      const gif = await get('doctor1', wado(ct.slices[1]!, '&contentType=image/gif'));
      expect(gif.statusCode).toBe(406);
      expect(gif.json().message).toMatch(/image\/gif.*not offered/);
      expect(wadoUriContentType('image/*')).toBe('image/jpeg');
      expect(wadoUriContentType('application/dicom, image/jpeg')).toBe('application/dicom');
      expect(wadoUriContentType('video/mpeg')).toBeNull();
    });

    it('still answers application/dicom as the stored bytes, unchanged', async () => {
      for (const ctype of ['application/dicom', encodeURIComponent('application/dicom, image/jpeg')]) {
        const res = await get(
          'doctor1',
          wado(ct.slices[0]!, `&contentType=${ctype}&transferSyntax=1.2.840.10008.1.2.1`),
        );
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/dicom');
        expect(res.rawPayload.equals(ct.bytes[1]!)).toBe(true);
      }
    });

    it('scales to rows and columns with the aspect ratio kept', async () => {
      const size = async (s: Stored, q: string) => {
        const res = await get('admin', wado(s, `&contentType=image/png${q}`));
        expect(res.statusCode, `${q} ${res.body}`).toBe(200);
        const i = await image(res.rawPayload);
        return [i.width, i.height];
      };
      expect(await size(ct.slices[0]!, '&rows=32')).toEqual([32, 32]);
      expect(await size(ct.slices[0]!, '&columns=200')).toEqual([200, 200]);
      expect(await size(twoFrame, '')).toEqual([32, 16]);
      expect(await size(twoFrame, '&rows=32')).toEqual([64, 32]);
      expect(await size(twoFrame, '&columns=16')).toEqual([16, 8]);
      expect(await size(twoFrame, '&rows=10&columns=100')).toEqual([20, 10]);
      expect(wadoUriViewport({ width: 100, height: 50 }, undefined, undefined, [0.5, 0, 1, 1])).toEqual({
        width: 50,
        height: 50,
        region: { x: 50, y: 0, width: 50, height: 50 },
      });
      expect(wadoUriViewport({ width: 100, height: 50 }, undefined, undefined, undefined)).toBeUndefined();
    });

    it('changes the pixels with windowCenter and windowWidth', async () => {
      const narrow = await image(
        (await get('admin', wado(ct.slices[1]!, '&contentType=image/png&windowCenter=40&windowWidth=80'))).rawPayload,
      );
      // Every stored value lies above a window centred far below air: an all-white image.
      const below = await image(
        (await get('admin', wado(ct.slices[1]!, '&contentType=image/png&windowCenter=-3000&windowWidth=10')))
          .rawPayload,
      );
      const bone = await image(
        (await get('admin', wado(ct.slices[1]!, '&contentType=image/png&windowCenter=500&windowWidth=2000')))
          .rawPayload,
      );
      expect(below.mean).toBeGreaterThan(250);
      expect(narrow.mean).toBeLessThan(200);
      expect(Math.abs(narrow.mean - bone.mean)).toBeGreaterThan(1);
    });

    it('renders the frame frameNumber names (1-based), the first by default; past the last is a 404', async () => {
      const frame = async (q: string) => (await get('admin', wado(twoFrame, `&contentType=image/png${q}`))).rawPayload;
      const [first, second, plain] = [
        await image(await frame('&frameNumber=1')),
        await image(await frame('&frameNumber=2')),
        await frame(''),
      ];
      expect(first.at(0, 0)).toBeLessThan(first.at(31, 0));
      expect(second.at(0, 0)).toBeGreaterThan(second.at(31, 0));
      expect(plain.equals(await frame('&frameNumber=1'))).toBe(true);
      const past = await get('admin', wado(twoFrame, '&frameNumber=3'));
      expect(past.statusCode).toBe(404);
    });

    it('crops to region before scaling', async () => {
      const crop = async (q: string) =>
        image((await get('admin', wado(twoFrame, `&contentType=image/png&frameNumber=1${q}`))).rawPayload);
      const left = await crop('&region=0,0,0.5,1');
      const right = await crop('&region=0.5,0,1,1&columns=64');
      expect([left.width, left.height]).toEqual([16, 16]);
      expect([right.width, right.height]).toEqual([64, 64]);
      expect(right.mean - left.mean).toBeGreaterThan(60);
    });

    it('follows imageQuality for JPEG', async () => {
      const low = await get('admin', wado(ct.localizer, '&imageQuality=5'));
      const high = await get('admin', wado(ct.localizer, '&imageQuality=100'));
      expect([low.statusCode, high.statusCode]).toEqual([200, 200]);
      expect(low.rawPayload.length).toBeLessThan(high.rawPayload.length);
    });

    it('answers 400 naming the parameter to bad values, 406 to anonymize=yes and presentation states', async () => {
      const bad: [string, RegExp][] = [
        ['frameNumber=0', /frameNumber/],
        ['frameNumber=x', /frameNumber/],
        ['rows=0', /rows/],
        ['rows=5000', /rows/],
        ['columns=-1', /columns/],
        ['region=0.5,0.5,0.2,0.8', /region/],
        ['region=0,0,2,1', /region/],
        ['region=a', /region/],
        ['region=0,0,1', /region/],
        ['windowCenter=40', /both or neither/],
        ['windowCenter=1&windowWidth=0', /windowWidth/],
        ['windowCenter=abc&windowWidth=10', /windowCenter/],
        ['imageQuality=0', /imageQuality/],
        ['imageQuality=101', /imageQuality/],
        ['anonymize=no', /anonymize/],
      ];
      for (const [q, message] of bad) {
        const res = await get('admin', wado(ct.slices[0]!, `&${q}`));
        expect(res.statusCode, q).toBe(400);
        expect(res.json().message, q).toMatch(message);
      }
      for (const q of ['anonymize=yes', 'anonymize=yes&contentType=application/dicom']) {
        const res = await get('admin', wado(ct.slices[0]!, `&${q}`));
        expect(res.statusCode, q).toBe(406);
        expect(res.json().message).toMatch(/de-identify/);
      }
      expect((await get('admin', wado(ct.slices[0]!, '&presentationUID=1.2.3'))).statusCode).toBe(406);
      // annotation and charset are accepted and change nothing.
      const annotated = await get(
        'admin',
        wado(ct.slices[0]!, '&contentType=image/png&annotation=patient,technique&charset=ISO_IR%20192'),
      );
      expect(
        annotated.rawPayload.equals((await get('admin', wado(ct.slices[0]!, '&contentType=image/png'))).rawPayload),
      ).toBe(true);
    });

    it('keeps the data scope: another doctor gets a 404, no session a 401, the exam token the image', async () => {
      expect((await get('doctor2', wado(ct.slices[0]!))).statusCode).toBe(404);
      expect((await get('doctor2', wado(ct.slices[0]!, '&contentType=image/png&rows=10'))).statusCode).toBe(404);
      expect((await sut.app.inject({ url: wado(ct.slices[0]!) })).statusCode).toBe(401);
      const [study] = await sut.database.db
        .select()
        .from(dicomStudies)
        .where(eq(dicomStudies.studyInstanceUid, ct.study));
      const user = await sut.services.auth.currentUser(cookieToken((cookies.doctor1 ??= await sut.login('doctor1'))));
      const { token } = await sut.services.tokens.issueForPerson(user!, study!.examId!, 'viewer');
      const viaToken = await sut.app.inject({ url: wado(ct.slices[0]!, `&token=${token}`) });
      expect(viaToken.statusCode).toBe(200);
      expect(magic(viaToken.rawPayload, 3)).toBe(JPEG_MAGIC);
      expect((await sut.app.inject({ url: wado(twoFrame, `&token=${token}`) })).statusCode).toBe(404);
    });

    it('answers 406 for an instance without pixel data asked as an image', async () => {
      const r = await readInstance(corpusPath('test-SR.dcm'));
      if (!r.ok) throw new Error(r.reason);
      await sut.services.archive.ingestFile(writeTemp(fs.readFileSync(corpusPath('test-SR.dcm'))), { source: 'TEST' });
      const sr = { study: r.info.studyInstanceUid, series: r.info.seriesInstanceUid, sop: r.info.sopInstanceUid };
      const res = await get('admin', wado(sr));
      expect(res.statusCode).toBe(406);
      expect(res.json().message).toMatch(/no pixel data/);
      expect((await get('admin', wado(sr, '&contentType=application/dicom'))).statusCode).toBe(200);
      expect((await get('admin', `/dicomweb/studies/${sr.study}/rendered`)).statusCode).toBe(406);
    });
  });

  describe('WADO-RS study and series rendered (PS3.18 §10.4.1.1.3)', () => {
    it('answers one JPEG per instance, in series then instance order', async () => {
      const res = await get('admin', `/dicomweb/studies/${ct.study}/rendered`);
      expect(res.statusCode, res.body).toBe(200);
      expect(String(res.headers['content-type'])).toMatch(/^multipart\/related; type="image\/jpeg"; boundary=/);
      const parts = partsOf(res.rawPayload, String(res.headers['content-type']));
      expect(parts.map((p) => /instances\/([\d.]+)\/rendered/.exec(p.headers)?.[1])).toEqual(
        [ct.localizer, ...ct.slices].map((s) => s.sop),
      );
      for (const p of parts) {
        expect(p.headers).toMatch(/Content-Type: image\/jpeg/);
        expect(magic(p.body, 3)).toBe(JPEG_MAGIC);
      }
      expect((await image(parts[1]!.body)).width).toBe(64);
    });

    it('answers PNG by Accept or the accept parameter, with the window and viewport of the instance route', async () => {
      const series = `/dicomweb/studies/${ct.study}/series/${ct.slices[0]!.series}/rendered`;
      const byHeader = await get('admin', `${series}?viewport=32,32`, 'multipart/related; type="image/png"');
      expect(byHeader.statusCode).toBe(200);
      const parts = partsOf(byHeader.rawPayload, String(byHeader.headers['content-type']));
      expect(parts.length).toBe(3);
      for (const p of parts) {
        expect(magic(p.body, 4)).toBe(PNG_MAGIC);
        expect((await image(p.body)).width).toBe(32);
      }
      const narrow = await get('admin', `${series}?accept=image/png&window=40,80`, 'application/dicom');
      const below = await get('admin', `${series}?accept=image/png&window=-3000,10`);
      const mean = async (r: typeof narrow) =>
        (await image(partsOf(r.rawPayload, String(r.headers['content-type']))[1]!.body)).mean;
      expect(await mean(below)).toBeGreaterThan(250);
      expect(await mean(narrow)).toBeLessThan(200);
      expect((await get('admin', series, 'application/dicom')).statusCode).toBe(406);
      expect((await get('admin', `${series}?window=40,0`)).statusCode).toBe(400);
    });

    it('leaves out instances it cannot render; nothing renderable is a 415', async () => {
      const good = buildInstance({ instanceNumber: 1 });
      const palette = buildInstance({
        studyUid: good.studyUid,
        seriesUid: good.seriesUid,
        instanceNumber: 2,
        extra: { '00280004': ['CS', 'PALETTE COLOR'] },
      });
      const last = buildInstance({ studyUid: good.studyUid, seriesUid: good.seriesUid, instanceNumber: 3 });
      const alone = buildInstance({ extra: { '00280004': ['CS', 'PALETTE COLOR'] } });
      for (const b of [good, palette, last, alone])
        expect((await sut.services.archive.ingestFile(writeTemp(b.bytes), { source: 'TEST' })).status).toBe('stored');
      const res = await get('admin', `/dicomweb/studies/${good.studyUid}/series/${good.seriesUid}/rendered`);
      expect(res.statusCode).toBe(200);
      const parts = partsOf(res.rawPayload, String(res.headers['content-type']));
      expect(parts.map((p) => /instances\/([\d.]+)\/rendered/.exec(p.headers)?.[1])).toEqual([
        good.sopUid,
        last.sopUid,
      ]);
      const none = await get('admin', `/dicomweb/studies/${alone.studyUid}/rendered`);
      expect(none.statusCode).toBe(415);
      expect(none.json().message).toMatch(/palette colour/);
    });

    it('keeps the data scope of WADO-RS', async () => {
      expect((await get('doctor1', `/dicomweb/studies/${ct.study}/rendered`)).statusCode).toBe(200);
      expect((await get('doctor2', `/dicomweb/studies/${ct.study}/rendered`)).statusCode).toBe(404);
      expect(
        (await get('doctor2', `/dicomweb/studies/${ct.study}/series/${ct.localizer.series}/rendered`)).statusCode,
      ).toBe(404);
      expect((await sut.app.inject({ url: `/dicomweb/studies/${ct.study}/rendered` })).statusCode).toBe(401);
    });
  });
});

function cookieToken(cookie: string): string {
  // The signed cookie value is "<token>.<signature>"; the session token is the part before the last dot.
  const value = decodeURIComponent(cookie.split('=').slice(1).join('='));
  return value.slice(0, value.lastIndexOf('.'));
}
