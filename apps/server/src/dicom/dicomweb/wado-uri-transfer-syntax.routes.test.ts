import fs from 'node:fs';
import dicomParser from 'dicom-parser';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exams, users } from '../../db/schema/index';
import { examPatient } from '../../test/exam-patient';
import { createTestApp, type TestContext } from '../../test/test-app';
import { generateCt } from '../../seed/images/index';
import { readInstance } from '../parse/read-instance';
import { writeTemp } from '../testing/build-dicom';
import { corpusPath, undecodableJ2k, withFreshUids } from '../testing/corpus';

interface Stored {
  study: string;
  series: string;
  sop: string;
}

const EXPLICIT = '1.2.840.10008.1.2.1';
const IMPLICIT = '1.2.840.10008.1.2';

/** A Part-10 answer: its meta transfer syntax, and its data set read in that syntax. */
function read(body: Buffer) {
  const ds = dicomParser.parseDicom(body);
  const px = ds.elements.x7fe00010;
  return {
    ts: dicomParser.readPart10Header(body).string('x00020010'),
    sop: ds.string('x00080018'),
    rows: ds.uint16('x00280010'),
    pixels: px ? Buffer.from(ds.byteArray.subarray(px.dataOffset, px.dataOffset + px.length)) : null,
  };
}

describe('WADO-URI transferSyntax: the stored file, or it rewritten in explicit or implicit VR little endian', () => {
  let sut: TestContext;
  const cookies: Record<string, string> = {};
  const get = async (username: string, url: string) =>
    sut.app.inject({ url, headers: { cookie: (cookies[username] ??= await sut.login(username)) } });
  const wado = (s: Stored, ts?: string) =>
    `/dicomweb/wado?requestType=WADO&studyUID=${s.study}&seriesUID=${s.series}&objectUID=${s.sop}&contentType=application%2Fdicom${ts ? `&transferSyntax=${ts}` : ''}`;
  const ingest = async (bytes: Buffer): Promise<Stored> => {
    const parsed = await readInstance(writeTemp(bytes));
    if (!parsed.ok) throw new Error(parsed.reason);
    const res = await sut.services.archive.ingestFile(writeTemp(bytes), { source: 'TEST' });
    expect(['stored', 'duplicate']).toContain(res.status);
    return {
      study: parsed.info.studyInstanceUid,
      series: parsed.info.seriesInstanceUid,
      sop: parsed.info.sopInstanceUid,
    };
  };
  let ct: Stored;
  let ctBytes: Buffer;
  let otherExamId: string;

  beforeAll(async () => {
    sut = await createTestApp();
    const [doctor1] = await sut.database.db.select().from(users).where(eq(users.username, 'doctor1'));
    const [exam] = await sut.database.db
      .select()
      .from(exams)
      .where(and(eq(exams.reviewerId, doctor1!.id), isNull(exams.deletedAt), sql`${exams.accessionNumber} is not null`))
      .limit(2);
    otherExamId = (
      await sut.database.db
        .select()
        .from(exams)
        .where(
          and(eq(exams.reviewerId, doctor1!.id), isNull(exams.deletedAt), sql`${exams.accessionNumber} is not null`),
        )
        .limit(2)
    )[1]!.id;
    const study = {
      studyInstanceUid: '2.25.77700000000000000003',
      accessionNumber: exam!.accessionNumber,
      date: '20261127',
      time: '090000',
    };
    const [slice] = [...generateCt({ patient: await examPatient(sut.database, exam!), study, slices: 1, size: 32 })];
    ctBytes = slice!.bytes;
    ct = await ingest(ctBytes);
  }, 60_000);
  afterAll(async () => {
    await sut.close();
  });

  it('sends the stored file when transferSyntax names its own syntax, and an explicit VR file in implicit VR on request', async () => {
    const same = await get('doctor1', wado(ct, EXPLICIT));
    expect(same.statusCode).toBe(200);
    expect(same.rawPayload.equals(ctBytes)).toBe(true);
    const implicit = await get('doctor1', wado(ct, IMPLICIT));
    expect(implicit.statusCode).toBe(200);
    expect(implicit.headers['content-type']).toBe('application/dicom');
    const got = read(implicit.rawPayload);
    expect([got.ts, got.sop, got.rows]).toEqual([IMPLICIT, ct.sop, read(ctBytes).rows]);
    expect(got.pixels!.equals(read(ctBytes).pixels!)).toBe(true);
  });

  it('decompresses a 12-bit JPEG to explicit VR little endian, with GDCM’s values', async () => {
    const nm = await ingest(fs.readFileSync(corpusPath('JPGExtended.dcm')));
    const res = await get('admin', wado(nm, EXPLICIT));
    expect(res.statusCode).toBe(200);
    const got = read(res.rawPayload);
    expect([got.ts, got.sop]).toEqual([EXPLICIT, nm.sop]);
    expect(got.pixels!.length).toBe(256 * 1024 * 2);
    // GDCM reads (row 420, column 140) as 244 and (230, 120) as 95; IDCTs may round a level apart.
    expect(Math.abs(got.pixels!.readUInt16LE((420 * 256 + 140) * 2) - 244)).toBeLessThanOrEqual(1);
    expect(Math.abs(got.pixels!.readUInt16LE((230 * 256 + 120) * 2) - 95)).toBeLessThanOrEqual(1);
  });

  it('rewrites an explicit VR big endian image in little endian, explicit or implicit, with the same pixel values', async () => {
    const mr = await ingest(fs.readFileSync(corpusPath('MR_small_bigendian.dcm')));
    const expected = read(fs.readFileSync(corpusPath('MR_small.dcm'))).pixels!;
    for (const ts of [EXPLICIT, IMPLICIT]) {
      const res = await get('admin', wado(mr, ts));
      expect(res.statusCode).toBe(200);
      const got = read(res.rawPayload);
      expect([got.ts, got.sop, got.rows]).toEqual([ts, mr.sop, 64]);
      expect(got.pixels!.equals(expected)).toBe(true);
    }
  });

  it('the viewer’s link of a 12-bit JPEG asks for it decompressed, and gets it', async () => {
    const stored = await sut.services.archive.ingestFile(
      writeTemp(withFreshUids(fs.readFileSync(corpusPath('JPGExtended.dcm')))),
      { source: 'TEST', examId: otherExamId },
    );
    expect(stored.status).toBe('stored');
    const [series] = (await get('doctor1', `/api/exam/${otherExamId}/series`)).json().data as { seriesId: string }[];
    const { instances } = (await get('doctor1', `/api/exam/${otherExamId}/series/${series!.seriesId}/instances`)).json()
      .data as { instances: { wadoUri: string }[] };
    expect(instances[0]!.wadoUri).toContain(`&transferSyntax=${EXPLICIT}`);
    const res = await get('doctor1', instances[0]!.wadoUri);
    expect(res.statusCode).toBe(200);
    expect(read(res.rawPayload).ts).toBe(EXPLICIT);
  });

  it('refuses what it cannot give: another compressed syntax, an undecodable image (406), a malformed UID (400)', async () => {
    const jpeg = await get('doctor1', wado(ct, '1.2.840.10008.1.2.4.50'));
    expect(jpeg.statusCode).toBe(406);
    expect(jpeg.json().message).toMatch(/as stored \(1\.2\.840\.10008\.1\.2\.1\)/);
    const broken = await ingest(undecodableJ2k());
    const res = await get('admin', wado(broken, EXPLICIT));
    expect(res.statusCode).toBe(406);
    expect(res.json().message).toMatch(/cannot be rewritten/);
    expect((await get('doctor1', wado(ct, '1.2.abc'))).statusCode).toBe(400);
  });

  it('checks the data scope before anything is read: doctor2 does not get doctor1’s image in any syntax', async () => {
    for (const ts of [undefined, IMPLICIT]) {
      const res = await get('doctor2', wado(ct, ts));
      expect([403, 404]).toContain(res.statusCode);
    }
  });
});
