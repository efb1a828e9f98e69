/**
 * Issue 27 item 4: WADO-RS follows the transfer syntax the client asks for (PS3.18 §8.7.3). Instances and frames are
 * decompressed from every codec the server decodes, `*` gives them as stored, the default is explicit VR little endian,
 * and every part's Content-Type names the syntax actually sent. Lossless codecs must give MR_small's own pixels.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import dicomParser from 'dicom-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { readInstance } from '../parse/read-instance';
import { writeTemp } from '../testing/build-dicom';
import { corpusPath, undecodableJ2k, withFreshUids } from '../testing/corpus';
import { multipartParts } from '../testing/multipart';

const EXPLICIT = '1.2.840.10008.1.2.1';
const IMPLICIT = '1.2.840.10008.1.2';
const JPEG_LS = '1.2.840.10008.1.2.4.80';
const J2K = '1.2.840.10008.1.2.4.90';
const DICOM = (ts?: string) => `multipart/related; type="application/dicom"${ts ? `; transfer-syntax=${ts}` : ''}`;
const OCTET = (ts?: string) =>
  `multipart/related; type="application/octet-stream"${ts ? `; transfer-syntax=${ts}` : ''}`;

/** Pixel Data's bytes and the meta header's transfer syntax of a Part-10 file. */
function pixelsOf(file: Buffer): { ts: string; pixels: Buffer } {
  const ds = dicomParser.parseDicom(file);
  const px = ds.elements.x7fe00010!;
  return {
    ts: ds.string('x00020010')!.replace(/\0/g, '').trim(),
    pixels: Buffer.from(ds.byteArray.subarray(px.dataOffset, px.dataOffset + px.length)),
  };
}

describe('WADO-RS transfer syntaxes', () => {
  let sut: TestContext;
  let cookie: string;
  const ids: Record<string, { url: string; bytes: Buffer }> = {};
  const mrPixels = pixelsOf(fs.readFileSync(corpusPath('MR_small.dcm'))).pixels;
  const get = (url: string, accept: string) => sut.app.inject({ url, headers: { cookie, accept } });
  const parts = (res: Awaited<ReturnType<typeof get>>) =>
    multipartParts(res.rawPayload, String(res.headers['content-type']));

  beforeAll(async () => {
    sut = await createTestApp();
    cookie = await sut.login('admin');
    // MR_small's twins share its UIDs; all but one get fresh ones so that each is an instance of its own.
    const files: Record<string, Buffer> = {
      jls: withFreshUids(fs.readFileSync(corpusPath('MR_small_jpeg_ls_lossless.dcm'))),
      rle: withFreshUids(fs.readFileSync(corpusPath('MR_small_RLE.dcm'))),
      j2k: withFreshUids(fs.readFileSync(corpusPath('MR_small_jp2klossless.dcm'))),
      big: fs.readFileSync(corpusPath('MR_small_bigendian.dcm')),
      jpeg: fs.readFileSync(corpusPath('SC_rgb_jpeg_dcmtk.dcm')),
      deflated: fs.readFileSync(corpusPath('image_dfl.dcm')),
      broken: undecodableJ2k(),
    };
    for (const [key, bytes] of Object.entries(files)) {
      const file = writeTemp(bytes);
      const read = await readInstance(file);
      if (!read.ok) throw new Error(`${key}: ${read.reason}`);
      expect((await sut.services.archive.ingestFile(file, { source: 'TEST' })).status, key).toBe('stored');
      const { studyInstanceUid: st, seriesInstanceUid: se, sopInstanceUid: sop } = read.info;
      ids[key] = { url: `/dicomweb/studies/${st}/series/${se}/instances/${sop}`, bytes };
    }
  });
  afterAll(async () => {
    await sut.close();
  });

  it('sends a JPEG-LS instance decompressed when explicit VR little endian is asked, with its pixels', async () => {
    const res = await get(ids.jls!.url, DICOM(EXPLICIT));
    expect(res.statusCode).toBe(200);
    const [part] = parts(res);
    expect(part!.headers).toMatch(
      new RegExp(`^Content-Type: application/dicom; transfer-syntax=${EXPLICIT}\\r?$`, 'm'),
    );
    const sent = pixelsOf(part!.body);
    expect(sent.ts).toBe(EXPLICIT);
    expect(sent.pixels.equals(mrPixels)).toBe(true);
    // dcmtk reads what was sent as an ordinary explicit VR little endian file.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-wado-ts-')), 'sent.dcm');
    fs.writeFileSync(file, part!.body);
    expect(execFileSync('dcmdump', ['+P', '0002,0010', file]).toString()).toMatch(/LittleEndianExplicit/);
  });

  it('sends implicit VR little endian when that is asked, and the stored bytes for *', async () => {
    const implicit = parts(await get(ids.rle!.url, DICOM(IMPLICIT)));
    expect(implicit[0]!.headers).toMatch(new RegExp(`transfer-syntax=${IMPLICIT}\\r?$`, 'm'));
    const dumped = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-wado-ts-')), 'implicit.dcm');
    fs.writeFileSync(dumped, implicit[0]!.body);
    expect(execFileSync('dcmdump', ['+P', '0002,0010', dumped]).toString()).toMatch(/LittleEndianImplicit/);

    const stored = parts(await get(ids.jls!.url, DICOM('*')));
    expect(stored[0]!.headers).toMatch(new RegExp(`transfer-syntax=${JPEG_LS}\\r?$`, 'm'));
    expect(stored[0]!.body.equals(ids.jls!.bytes)).toBe(true);
  });

  it('defaults to explicit VR little endian, and takes the next range when one cannot be met', async () => {
    for (const accept of [DICOM(), '*/*']) {
      const [part] = parts(await get(ids.j2k!.url, accept));
      expect(part!.headers, accept).toMatch(new RegExp(`transfer-syntax=${EXPLICIT}\\r?$`, 'm'));
      expect(pixelsOf(part!.body).pixels.equals(mrPixels), accept).toBe(true);
    }
    const big = parts(await get(ids.big!.url, DICOM()));
    expect(pixelsOf(big[0]!.body)).toEqual({ ts: EXPLICIT, pixels: mrPixels });
    // A deflated instance goes inflated, its pixels those dcmtk's dcmconv inflates to.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-wado-ts-'));
    execFileSync('dcmconv', ['+te', corpusPath('image_dfl.dcm'), path.join(dir, 'inflated.dcm')]);
    const inflated = parts(await get(ids.deflated!.url, DICOM()));
    expect(inflated[0]!.headers).toMatch(new RegExp(`transfer-syntax=${EXPLICIT}\\r?$`, 'm'));
    expect(pixelsOf(inflated[0]!.body)).toEqual({
      ts: EXPLICIT,
      pixels: pixelsOf(fs.readFileSync(path.join(dir, 'inflated.dcm'))).pixels,
    });

    const fallback = await get(ids.jls!.url, `${DICOM(J2K)}, ${DICOM('*')}; q=0.5`);
    expect(parts(fallback)[0]!.body.equals(ids.jls!.bytes)).toBe(true);
    const single = await get(ids.jls!.url, `application/dicom; transfer-syntax=${EXPLICIT}`);
    expect(single.headers['content-type']).toBe(`application/dicom; transfer-syntax=${EXPLICIT}`);
    expect(pixelsOf(single.rawPayload).pixels.equals(mrPixels)).toBe(true);
  });

  it('answers 406 only for a syntax it cannot produce', async () => {
    const res = await get(ids.jls!.url, DICOM(J2K));
    expect(res.statusCode).toBe(406);
    expect(res.json().message).toMatch(/transfer-syntax=\*/);
    expect((await get(ids.broken!.url, `application/dicom; transfer-syntax=${EXPLICIT}`)).statusCode).toBe(406);
  });

  it('gives frames uncompressed by default from RLE, JPEG-LS, JPEG 2000 and big endian images', async () => {
    for (const key of ['rle', 'jls', 'j2k', 'big']) {
      for (const accept of [OCTET(), OCTET(EXPLICIT), '*/*']) {
        const res = await get(`${ids[key]!.url}/frames/1`, accept);
        expect(res.statusCode, `${key} ${accept}`).toBe(200);
        const [frame] = parts(res);
        expect(frame!.headers, key).toMatch(
          new RegExp(`^Content-Type: application/octet-stream; transfer-syntax=${EXPLICIT}\\r?$`, 'm'),
        );
        expect(frame!.body.equals(mrPixels), `${key} ${accept}`).toBe(true);
      }
    }
  });

  it('gives JPEG frames decoded (close to dcmtk), or as stored for * and image/jpeg', async () => {
    const res = await get(`${ids.jpeg!.url}/frames/1`, OCTET());
    expect(res.statusCode).toBe(200);
    const [frame] = parts(res);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-wado-ts-'));
    execFileSync('dcmdjpeg', [corpusPath('SC_rgb_jpeg_dcmtk.dcm'), path.join(dir, 'ref.dcm')]);
    const ref = pixelsOf(fs.readFileSync(path.join(dir, 'ref.dcm'))).pixels;
    expect(frame!.body.length).toBe(ref.length);
    let worst = 0;
    for (let i = 0; i < ref.length; i++) worst = Math.max(worst, Math.abs(ref[i]! - frame!.body[i]!));
    expect(worst).toBeLessThanOrEqual(3);

    for (const accept of [OCTET('*'), 'multipart/related; type="image/jpeg"']) {
      const [stored] = parts(await get(`${ids.jpeg!.url}/frames/1`, accept));
      expect(stored!.body.subarray(0, 2).toString('hex'), accept).toBe('ffd8');
      expect(stored!.headers, accept).toMatch(/transfer-syntax=1\.2\.840\.10008\.1\.2\.4\.50\r?$/m);
    }
    expect((await get(`${ids.jls!.url}/frames/1`, 'multipart/related; type="image/jpeg"')).statusCode).toBe(406);
    expect((await get(`${ids.broken!.url}/frames/1`, OCTET())).statusCode).toBe(406);
  });
});
