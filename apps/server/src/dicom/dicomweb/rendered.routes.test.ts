import fs from 'node:fs';
import sharp from 'sharp';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dicomStudies, exams, users } from '../../db/schema/index';
import { examPatient } from '../../test/exam-patient';
import { createTestApp, type TestContext } from '../../test/test-app';
import { generateCt } from '../../seed/images/index';
import { readInstance } from '../parse/read-instance';
import { writeTemp } from '../testing/build-dicom';
import { corpusPath, undecodableJ2k } from '../testing/corpus';
import { negotiateRendered, parseViewport, parseWindow, windowToEightBit } from './rendered';

interface Stored {
  study: string;
  series: string;
  sop: string;
}

describe('WADO-RS rendered and thumbnail', () => {
  let sut: TestContext;
  const cookies: Record<string, string> = {};
  const files: Record<string, Stored> = {};
  let linked: Stored;
  const get = async (username: string, url: string, accept?: string) =>
    sut.app.inject({
      url,
      headers: { cookie: (cookies[username] ??= await sut.login(username)), ...(accept ? { accept } : {}) },
    });
  const instanceUrl = (s: Stored) => `/dicomweb/studies/${s.study}/series/${s.series}/instances/${s.sop}`;
  const image = async (body: Buffer) => {
    const meta = await sharp(body).metadata();
    const stats = await sharp(body).stats();
    return {
      width: meta.width,
      height: meta.height,
      format: meta.format,
      channels: meta.channels,
      stdev: stats.channels[0]!.stdev,
      mean: stats.channels[0]!.mean,
      stats,
    };
  };

  /** The share of pixels whose channels differ clearly (a colour image rendered in colour). */
  const colourful = async (body: Buffer) => {
    const { data, info } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
    let n = 0;
    for (let i = 0; i < data.length; i += info.channels)
      if (Math.max(data[i]!, data[i + 1]!, data[i + 2]!) - Math.min(data[i]!, data[i + 1]!, data[i + 2]!) > 60) n++;
    return n / (info.width * info.height);
  };

  const CORPUS = [
    'CT_small.dcm',
    'JPEG2000.dcm',
    'SC_rgb_rle_2frame.dcm',
    'SC_rgb_jpeg_dcmtk.dcm',
    'rtdose.dcm',
    'test-SR.dcm',
    'JPEG-lossy.dcm',
    'MR_small_jp2klossless.dcm',
  ];

  beforeAll(async () => {
    sut = await createTestApp();
    for (const file of CORPUS) {
      const r = await readInstance(corpusPath(file));
      if (!r.ok) throw new Error(`${file}: ${r.reason}`);
      const res = await sut.services.archive.ingestFile(writeTemp(fs.readFileSync(corpusPath(file))), {
        source: 'TEST',
      });
      expect(['stored', 'duplicate']).toContain(res.status);
      files[file] = { study: r.info.studyInstanceUid, series: r.info.seriesInstanceUid, sop: r.info.sopInstanceUid };
    }
    // A generated head CT linked to one of doctor1's exams, for the data scope.
    const [doctor1] = await sut.database.db.select().from(users).where(eq(users.username, 'doctor1'));
    const [exam] = await sut.database.db
      .select()
      .from(exams)
      .where(and(eq(exams.reviewerId, doctor1!.id), isNull(exams.deletedAt), sql`${exams.accessionNumber} is not null`))
      .limit(1);
    const study = {
      studyInstanceUid: '2.25.77700000000000000001',
      accessionNumber: exam!.accessionNumber,
      date: '20261122',
      time: '090000',
    };
    const slices = [...generateCt({ patient: await examPatient(sut.database, exam!), study, slices: 3, size: 64 })];
    for (const s of slices)
      expect((await sut.services.archive.ingestFile(writeTemp(s.bytes), { source: 'CT1' })).status).toBe('stored');
    linked = { study: study.studyInstanceUid, series: slices[1]!.seriesInstanceUid, sop: slices[2]!.sopInstanceUid };
  }, 60_000);
  afterAll(async () => {
    await sut.close();
  });

  describe('parameters', () => {
    it('parses window, viewport and Accept as PS3.18 writes them', () => {
      expect(parseWindow('40,80')).toEqual({ center: 40, width: 80, fn: 'LINEAR' });
      expect(parseWindow('-600,1500,sigmoid')).toEqual({ center: -600, width: 1500, fn: 'SIGMOID' });
      expect(() => parseWindow('40,0')).toThrow(/width/);
      expect(() => parseWindow('40,0.5,LINEAR')).toThrow(/at least 1/);
      expect(() => parseWindow('40,80,GAMMA')).toThrow(/function/);
      expect(parseViewport('512,256')).toEqual({ width: 512, height: 256 });
      expect(parseViewport('100,100,10,20,-50,50')).toEqual({
        width: 100,
        height: 100,
        region: { x: 10, y: 20, width: -50, height: 50 },
      });
      expect(() => parseViewport('0,10')).toThrow(/1 to/);
      expect(() => parseViewport('5000,10')).toThrow(/1 to/);
      expect(negotiateRendered(undefined, undefined)).toBe('image/jpeg');
      expect(negotiateRendered('image/*', undefined)).toBe('image/jpeg');
      expect(negotiateRendered('image/webp, image/png;q=0.9', undefined)).toBe('image/png');
      expect(negotiateRendered('application/dicom', 'image/png')).toBe('image/png');
      expect(negotiateRendered('application/dicom', undefined)).toBeNull();
    });

    it('applies LINEAR, LINEAR_EXACT and SIGMOID windows (PS3.3 C.11.2.1.2), MONOCHROME1 inverted', () => {
      const v = Float32Array.from([-100, 0, 40, 80, 200]);
      expect([...windowToEightBit(v, { center: 40, width: 80, fn: 'LINEAR' }, false)]).toEqual([0, 0, 129, 255, 255]);
      expect([...windowToEightBit(v, { center: 40, width: 80, fn: 'LINEAR_EXACT' }, false)]).toEqual([
        0, 0, 128, 255, 255,
      ]);
      const s = windowToEightBit(v, { center: 40, width: 80, fn: 'SIGMOID' }, false);
      expect(s[2]).toBe(128);
      expect(s[0]!).toBeLessThan(s[1]!);
      expect([...windowToEightBit(v, { center: 40, width: 80, fn: 'LINEAR' }, true)]).toEqual([255, 255, 126, 0, 0]);
    });
  });

  describe('the pydicom corpus', () => {
    it('renders CT_small as PNG and JPEG at its size, not blank', async () => {
      const at = instanceUrl(files['CT_small.dcm']!);
      const png = await get('admin', `${at}/rendered`, 'image/png');
      expect(png.statusCode, png.body).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      const p = await image(png.rawPayload);
      expect([p.format, p.width, p.height]).toEqual(['png', 128, 128]);
      expect(p.stdev).toBeGreaterThan(15);
      const jpeg = await get('admin', `${at}/rendered`);
      expect(jpeg.headers['content-type']).toBe('image/jpeg');
      expect(jpeg.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
      expect((await image(jpeg.rawPayload)).width).toBe(128);
      const viaParam = await get('admin', `${at}/rendered?accept=image/png`, 'application/dicom');
      expect(viaParam.headers['content-type']).toBe('image/png');
    });

    it('changes the pixels with the window, and answers 400 to a bad one', async () => {
      const at = instanceUrl(files['CT_small.dcm']!);
      const narrow = await get('admin', `${at}/rendered?window=40,80`, 'image/png');
      const wide = await get('admin', `${at}/rendered?window=1000,4000`, 'image/png');
      const sigmoid = await get('admin', `${at}/rendered?window=40,400,SIGMOID`, 'image/png');
      expect([narrow.statusCode, wide.statusCode, sigmoid.statusCode]).toEqual([200, 200, 200]);
      expect(narrow.rawPayload.equals(wide.rawPayload)).toBe(false);
      const [n, w] = [await image(narrow.rawPayload), await image(wide.rawPayload)];
      expect(Math.abs(n.mean - w.mean)).toBeGreaterThan(20);
      for (const bad of [
        'window=40',
        'window=40,0',
        'window=40,80,GAMMA',
        'window=a,b',
        'viewport=0,10',
        'viewport=10',
        'quality=0',
        'quality=abc',
        'quality=101',
      ]) {
        const res = await get('admin', `${at}/rendered?${bad}`, 'image/png');
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().message, bad).toMatch(/window|viewport|quality/);
      }
    });

    it('fits the viewport, crops a source region, and refuses a region outside the image', async () => {
      const at = instanceUrl(files['CT_small.dcm']!);
      const fit = await image((await get('admin', `${at}/rendered?viewport=64,32`, 'image/png')).rawPayload);
      expect([fit.width, fit.height]).toEqual([32, 32]);
      const big = await image((await get('admin', `${at}/rendered?viewport=512,512`, 'image/png')).rawPayload);
      expect([big.width, big.height]).toEqual([512, 512]);
      const crop = await get('admin', `${at}/rendered?viewport=64,64,32,32,64,64&quality=50`);
      expect(crop.statusCode).toBe(200);
      expect([(await image(crop.rawPayload)).width, (await image(crop.rawPayload)).height]).toEqual([64, 64]);
      const outside = await get('admin', `${at}/rendered?viewport=64,64,100,100,64,64`, 'image/png');
      expect(outside.statusCode).toBe(400);
      expect(outside.json().message).toMatch(/inside the 128×128 image/);
    });

    it('renders JPEG 2000 at full size and as a 128 px thumbnail', async () => {
      const at = instanceUrl(files['JPEG2000.dcm']!);
      const full = await image((await get('admin', `${at}/rendered`, 'image/png')).rawPayload);
      expect([full.width, full.height]).toEqual([256, 1024]);
      expect(full.stdev).toBeGreaterThan(5);
      const thumb = await get('admin', `${at}/thumbnail`, 'image/png');
      expect(thumb.statusCode).toBe(200);
      const t = await image(thumb.rawPayload);
      expect([t.width, t.height]).toEqual([32, 128]);
      const lossless = await image(
        (await get('admin', `${instanceUrl(files['MR_small_jp2klossless.dcm']!)}/rendered`, 'image/png')).rawPayload,
      );
      expect([lossless.width, lossless.height]).toEqual([64, 64]);
    });

    it('renders each frame of a multi-frame instance, in colour when it is RGB', async () => {
      const at = instanceUrl(files['SC_rgb_rle_2frame.dcm']!);
      const frames = await Promise.all([1, 2].map((f) => get('admin', `${at}/frames/${f}/rendered`, 'image/png')));
      expect(frames.map((f) => f.statusCode)).toEqual([200, 200]);
      const first = await image(frames[0]!.rawPayload);
      expect([first.width, first.height, first.channels]).toEqual([100, 100, 3]);
      expect(await colourful(frames[0]!.rawPayload)).toBeGreaterThan(0.3);
      expect(frames[0]!.rawPayload.equals(frames[1]!.rawPayload)).toBe(false);
      expect((await get('admin', `${at}/frames/3/rendered`, 'image/png')).statusCode).toBe(404);
      for (const bad of ['1,2', '0', 'x'])
        expect((await get('admin', `${at}/frames/${bad}/rendered`, 'image/png')).statusCode, bad).toBe(400);
      const dose = instanceUrl(files['rtdose.dcm']!);
      const last = await get('admin', `${dose}/frames/15/rendered?viewport=40,40`, 'image/png');
      expect(last.statusCode).toBe(200);
      expect((await image(last.rawPayload)).width).toBe(40);
      expect((await get('admin', `${dose}/frames/2/thumbnail`, 'image/png')).statusCode).toBe(200);
      const rgbJpeg = await image(
        (await get('admin', `${instanceUrl(files['SC_rgb_jpeg_dcmtk.dcm']!)}/rendered`, 'image/png')).rawPayload,
      );
      expect([rgbJpeg.width, rgbJpeg.channels]).toEqual([100, 3]);
      // 12-bit JPEG extended (NM, 256 × 1024): decoded and windowed like any grey image.
      const twelveBit = await get('admin', `${instanceUrl(files['JPEG-lossy.dcm']!)}/rendered`, 'image/png');
      expect(twelveBit.statusCode).toBe(200);
      const nm = await image(twelveBit.rawPayload);
      expect([nm.width, nm.height]).toEqual([256, 1024]);
      expect(nm.stdev).toBeGreaterThan(10);
    });

    it('answers 406 for an instance without pixels, 415 for pixels it cannot decode, 406 for an Accept it cannot meet', async () => {
      const sr = await get('admin', `${instanceUrl(files['test-SR.dcm']!)}/rendered`, 'image/png');
      expect(sr.statusCode).toBe(406);
      expect(sr.json().message).toMatch(/no pixel data/);
      const bytes = undecodableJ2k();
      const stored = await sut.services.archive.ingestFile(writeTemp(bytes), { source: 'TEST' });
      if (stored.status !== 'stored') throw new Error(stored.status);
      const parsed = await readInstance(writeTemp(bytes));
      if (!parsed.ok) throw new Error(parsed.reason);
      const broken = await get(
        'admin',
        `${instanceUrl({ study: parsed.info.studyInstanceUid, series: parsed.info.seriesInstanceUid, sop: parsed.info.sopInstanceUid })}/rendered`,
        'image/png',
      );
      expect(broken.statusCode).toBe(415);
      expect(broken.json().message).toMatch(/cannot be decoded/);
      const dicom = await get('admin', `${instanceUrl(files['CT_small.dcm']!)}/rendered`, 'application/dicom');
      expect(dicom.statusCode).toBe(406);
      expect(dicom.json().message).toMatch(/image\/jpeg or image\/png/);
    });

    it('gives study, series, instance and frame thumbnails, 128 px unless a viewport says otherwise', async () => {
      const ct = files['CT_small.dcm']!;
      const urls = [
        `/dicomweb/studies/${ct.study}/thumbnail`,
        `/dicomweb/studies/${ct.study}/series/${ct.series}/thumbnail`,
        `${instanceUrl(ct)}/thumbnail`,
        `${instanceUrl(ct)}/frames/1/thumbnail`,
      ];
      for (const url of urls) {
        const res = await get('admin', url, 'image/png');
        expect(res.statusCode, url).toBe(200);
        const t = await image(res.rawPayload);
        expect([t.width, t.height], url).toEqual([128, 128]);
        expect(t.stdev).toBeGreaterThan(10);
      }
      const small = await image((await get('admin', `${urls[1]}?viewport=48,48`)).rawPayload);
      expect([small.format, small.width]).toEqual(['jpeg', 48]);
      expect((await get('admin', `${urls[1]}?viewport=0,0`)).statusCode).toBe(400);
      // No image in the SR's series: nothing to show.
      const sr = files['test-SR.dcm']!;
      expect(
        (await get('admin', `/dicomweb/studies/${sr.study}/series/${sr.series}/thumbnail`, 'image/png')).statusCode,
      ).toBe(406);
    });
  });

  describe('authorization', () => {
    it('follows the data scope of WADO-RS: the reviewer sees the rendered image, another doctor a 404', async () => {
      const at = instanceUrl(linked);
      const mine = await get('doctor1', `${at}/rendered?window=40,80`, 'image/png');
      expect(mine.statusCode).toBe(200);
      const img = await image(mine.rawPayload);
      expect([img.width, img.height]).toEqual([64, 64]);
      expect(img.stdev).toBeGreaterThan(10);
      expect((await get('doctor2', `${at}/rendered`, 'image/png')).statusCode).toBe(404);
      expect((await get('doctor2', `/dicomweb/studies/${linked.study}/thumbnail`, 'image/png')).statusCode).toBe(404);
      expect((await sut.app.inject({ url: `${at}/rendered` })).statusCode).toBe(401);
      const [study] = await sut.database.db
        .select()
        .from(dicomStudies)
        .where(eq(dicomStudies.studyInstanceUid, linked.study));
      const examId = study!.examId!;
      const user = await sut.services.auth.currentUser(cookieToken(cookies.doctor1!));
      const { token } = await sut.services.tokens.issueForPerson(user!, examId, 'viewer');
      expect((await sut.app.inject({ url: `${at}/thumbnail?token=${token}` })).statusCode).toBe(200);
      expect(
        (await sut.app.inject({ url: `${instanceUrl(files['CT_small.dcm']!)}/thumbnail?token=${token}` })).statusCode,
      ).toBe(404);
    });
  });
});

function cookieToken(cookie: string): string {
  // The signed cookie value is "<token>.<signature>"; the session token is the part before the last dot.
  const value = decodeURIComponent(cookie.split('=').slice(1).join('='));
  return value.slice(0, value.lastIndexOf('.'));
}
