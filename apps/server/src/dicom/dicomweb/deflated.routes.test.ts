/**
 * Deflated data sets over DICOMweb (issue 23 item 3): a deflate bomb sent by STOW-RS froze every user while it was
 * inflated on the event loop, was stored, and froze the server again on each rendered view.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dicomInstances } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/test-app';
import { dataSetInflater, type InflationEvent } from '../parse/inflater';
import { buildDeflateBomb, buildDeflated } from '../testing/deflated';
import { withLoopDelay } from '../testing/event-loop';
import { multipartParts, stowBody } from '../testing/multipart';

/** Every file under a folder, recursively (none when it does not exist). */
const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

describe('deflated data sets over DICOMweb', () => {
  let sut: TestContext;
  let cookie: string;
  const inflations: InflationEvent[] = [];
  let stopObserving: () => void;
  const stow = (files: Buffer[]) => {
    const { payload, contentType } = stowBody(files);
    return sut.app.inject({
      method: 'POST',
      url: '/dicomweb/studies',
      payload,
      headers: { cookie, 'content-type': contentType, accept: 'application/dicom+json' },
    });
  };
  const get = (url: string, accept?: string) =>
    sut.app.inject({ url, headers: { cookie, ...(accept ? { accept } : {}) } });
  const instanceUrl = (i: { studyUid: string; seriesUid: string; sopUid: string }) =>
    `/dicomweb/studies/${i.studyUid}/series/${i.seriesUid}/instances/${i.sopUid}`;
  const rowsOf = (sop: string) =>
    sut.database.db.select().from(dicomInstances).where(eq(dicomInstances.sopInstanceUid, sop));

  beforeAll(async () => {
    sut = await createTestApp();
    cookie = await sut.login('admin');
    stopObserving = dataSetInflater.observe((e) => inflations.push(e));
  });
  afterAll(async () => {
    stopObserving();
    await sut.close();
  });

  it('refuses a deflate bomb sent by STOW-RS (out of resources), keeps nothing, and never holds the event loop', async () => {
    const bomb = buildDeflateBomb({ rows: 512, columns: 1024, frames: 1000 }); // 500 MiB of zeros in half a MiB
    const stored = path.join(sut.config.DATA_DIR, 'files', 'dicom');
    const before = filesUnder(stored).length;
    const { result: res, maxDelayMs } = await withLoopDelay(() => stow([bomb.bytes]));
    expect(res.statusCode, res.body).toBe(409);
    expect(JSON.parse(res.body)['00081198']).toEqual({
      vr: 'SQ',
      Value: [{ '00081197': { vr: 'US', Value: [0xa700] } }],
    });
    expect(maxDelayMs).toBeLessThan(200);
    expect(await rowsOf(bomb.sopUid)).toEqual([]);
    expect(filesUnder(stored).length).toBe(before);
    expect(filesUnder(path.join(sut.config.DATA_DIR, 'tmp', 'dicom'))).toEqual([]);
    // Stopped at its limit: never inflated whole.
    expect(inflations.at(-1)).toMatchObject({ outcome: 'too-large', deflatedBytes: expect.any(Number) });
    expect(inflations.at(-1)!.limit).toBeLessThan(bomb.pixelBytes / 10);
  });

  it('stores a deflated image as received, and inflates it once for all its views', async () => {
    const image = buildDeflated({
      rows: 256,
      columns: 256,
      pixels: Uint8Array.from({ length: 256 * 256 }, (_, i) => (i >> 8) ^ (i & 255)),
    });
    expect((await stow([image.bytes])).statusCode).toBe(200);
    const afterIngest = inflations.length;
    // Retrieve as stored (transfer-syntax=*) gives the bytes as received, still deflated (decision D15).
    const retrieved = await get(instanceUrl(image), 'application/dicom; transfer-syntax=*');
    expect(retrieved.statusCode).toBe(200);
    expect(retrieved.rawPayload.equals(image.bytes)).toBe(true);

    for (let view = 0; view < 2; view++) {
      const rendered = await get(`${instanceUrl(image)}/rendered`, 'image/png');
      expect(rendered.statusCode, rendered.body).toBe(200);
      expect(await sharp(rendered.rawPayload).metadata()).toMatchObject({ width: 256, height: 256, format: 'png' });
      expect((await get(`${instanceUrl(image)}/thumbnail`, 'image/jpeg')).statusCode).toBe(200);
      const frame = await get(`${instanceUrl(image)}/frames/1`, 'multipart/related; type="application/octet-stream"');
      expect(multipartParts(frame.rawPayload, String(frame.headers['content-type']))[0]!.body.length).toBe(256 * 256);
      const uri = await get(
        `/dicomweb/wado?requestType=WADO&studyUID=${image.studyUid}&seriesUID=${image.seriesUid}&objectUID=${image.sopUid}`,
      );
      expect(uri.headers['content-type']).toBe('image/jpeg');
    }
    await sut.services.thumbnails.flush();
    // One inflation for the views, the series thumbnail and the frames together (whichever came first made it).
    expect(inflations.length - afterIngest).toBe(1);
  });

  it('a bomb stored before the limit existed is refused when viewed, without holding the event loop', async () => {
    const small = buildDeflateBomb({ rows: 512, columns: 1024, frames: 2 });
    expect((await stow([small.bytes])).statusCode).toBe(200);
    // Its file replaced by a bomb, as one stored by an earlier version would be.
    const bomb = buildDeflateBomb({ rows: 512, columns: 1024, frames: 1000 });
    const key = `dicom/legacy-${randomUUID()}`;
    fs.writeFileSync(path.join(sut.config.DATA_DIR, 'files', key), bomb.bytes);
    await sut.database.db
      .update(dicomInstances)
      .set({ storageKey: key, sizeBytes: bomb.bytes.length })
      .where(eq(dicomInstances.sopInstanceUid, small.sopUid));
    const { result: res, maxDelayMs } = await withLoopDelay(() => get(`${instanceUrl(small)}/rendered`));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/inflates past its limit of \d+ MiB; retrieve it as DICOM/);
    expect(maxDelayMs).toBeLessThan(200);
    expect(
      (await get(`${instanceUrl(small)}/frames/1`, 'multipart/related; type="application/octet-stream"')).statusCode,
    ).toBe(404);
  });
});
