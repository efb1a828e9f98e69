import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { patients, users } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/test-app';

async function photoWithExif(): Promise<string> {
  const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
    .jpeg()
    .toBuffer();
  return `data:image/jpeg;base64,${png.toString('base64')}`;
}

describe('patient photos and the phone-camera QR flow', () => {
  let clock = new Date();
  let sut: TestContext;
  let staff: string;
  let patientId: string;
  beforeAll(async () => {
    sut = await createTestApp({ now: () => clock });
    staff = await sut.login('staff');
    const [u] = await sut.database.db.select().from(users).where(eq(users.username, 'staff'));
    const [p] = await sut.database.db
      .select()
      .from(patients)
      .where(and(eq(patients.branchId, u!.branchId!), isNull(patients.deletedAt)))
      .limit(1);
    patientId = p!.id;
  });
  afterAll(async () => {
    await sut.close();
  });

  it('re-encodes an uploaded photo: JPEG, at most 800 px, no EXIF', async () => {
    const res = await sut.app.inject({
      method: 'POST',
      url: `/api/patient/${patientId}/image`,
      headers: { cookie: staff },
      payload: { base64Image: await photoWithExif() },
    });
    expect(res.statusCode).toBe(200);
    const img = await sut.app.inject({ url: `/api/patient/image/${patientId}`, headers: { cookie: staff } });
    expect(img.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width, meta.height)).toBe(800);
    expect(meta.exif).toBeUndefined();
    expect(img.rawPayload.includes(Buffer.from('secret-gps-owner'))).toBe(false);
  });

  it('refuses text posing as an image, and oversized photos', async () => {
    const text = await sut.app.inject({
      method: 'POST',
      url: `/api/patient/${patientId}/image`,
      headers: { cookie: staff },
      payload: { base64Image: Buffer.from('not an image at all').toString('base64') },
    });
    expect(text.statusCode).toBe(400);
    const big = await sut.app.inject({
      method: 'POST',
      url: `/api/patient/${patientId}/image`,
      headers: { cookie: staff },
      payload: { base64Image: 'A'.repeat(7_130_316) },
    }); // 5.1 MB decoded, under the body limit
    expect(big.statusCode).toBe(413);
  });

  it('phone capture: poll is empty, the phone uploads once without login, the dialog gets the photo; reuse is refused', async () => {
    const qr = (
      await sut.app.inject({ method: 'POST', url: `/api/patient/image/${patientId}/qr`, headers: { cookie: staff } })
    ).json().data;
    expect(qr.url).toMatch(new RegExp(`/capture/qr/${qr.qrId}$`));
    expect(
      (await sut.app.inject({ url: `/api/patient/image/qr/${qr.qrId}`, headers: { cookie: staff } })).json().data,
    ).toBeNull();
    expect((await sut.app.inject({ url: `/api/capture/qr/${qr.qrId}` })).json().data.valid).toBe(true);
    const upload = await sut.app.inject({
      method: 'POST',
      url: `/api/capture/qr/${qr.qrId}`,
      payload: { base64Image: await photoWithExif() },
    });
    expect(upload.statusCode).toBe(200);
    const got = (await sut.app.inject({ url: `/api/patient/image/qr/${qr.qrId}`, headers: { cookie: staff } })).json()
      .data;
    expect(got.base64Image).toMatch(/^data:image\/jpeg;base64,/);
    const again = await sut.app.inject({
      method: 'POST',
      url: `/api/capture/qr/${qr.qrId}`,
      payload: { base64Image: await photoWithExif() },
    });
    expect(again.statusCode).toBe(410);
    expect((await sut.app.inject({ url: `/api/capture/qr/${qr.qrId}` })).json().data.valid).toBe(false);
    const other = await sut.login('admin');
    expect(
      (await sut.app.inject({ url: `/api/patient/image/qr/${qr.qrId}`, headers: { cookie: other } })).statusCode,
    ).toBe(404);
  });

  it('an expired capture link is refused', async () => {
    const qr = (
      await sut.app.inject({ method: 'POST', url: `/api/patient/image/${patientId}/qr`, headers: { cookie: staff } })
    ).json().data;
    clock = new Date(clock.getTime() + 11 * 60_000);
    const late = await sut.app.inject({
      method: 'POST',
      url: `/api/capture/qr/${qr.qrId}`,
      payload: { base64Image: await photoWithExif() },
    });
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toMatch(/หมดอายุ/);
    expect((await sut.app.inject({ url: '/api/capture/qr/not-a-uuid' })).statusCode).toBe(400);
  });

  it('checks the capture id before reading or decoding the body: a bad id gets the link refusal whatever the body', async () => {
    const qr = (
      await sut.app.inject({ method: 'POST', url: `/api/patient/image/${patientId}/qr`, headers: { cookie: staff } })
    ).json().data;
    expect(
      (
        await sut.app.inject({
          method: 'POST',
          url: `/api/capture/qr/${qr.qrId}`,
          payload: { base64Image: await photoWithExif() },
        })
      ).statusCode,
    ).toBe(200);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const bodies: [string, string][] = [
      ['undecodable', JSON.stringify({ base64Image: Buffer.from('not an image at all').toString('base64') })],
      ['oversize photo', JSON.stringify({ base64Image: 'A'.repeat(7_130_316) })],
      ['over the body limit', JSON.stringify({ base64Image: 'A'.repeat(8 * 1024 * 1024) })],
      ['not JSON', '{"base64Image": '],
    ];
    for (const id of [qr.qrId as string, unknown]) {
      for (const [name, payload] of bodies) {
        const res = await sut.app.inject({
          method: 'POST',
          url: `/api/capture/qr/${id}`,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, `${name} to ${id === unknown ? 'an unknown' : 'a used'} id`).toBe(410);
        expect(res.json().message).toMatch(/หมดอายุหรือถูกใช้ไปแล้ว/);
      }
    }
    const malformed = await sut.app.inject({
      method: 'POST',
      url: '/api/capture/qr/not-a-uuid',
      headers: { 'content-type': 'application/json' },
      payload: bodies[2]![1],
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('ลิงก์ไม่ถูกต้อง');
  });
});
