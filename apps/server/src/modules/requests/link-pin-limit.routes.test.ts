import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { exams, users } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/test-app';

/** Issue 23 item 9: 40 wrong film-link PINs in 2 s went unchecked; now per link and per address (decision sec42). */
describe('film-link PIN guessing', () => {
  let clock = new Date();
  let sut: TestContext;
  let cookie: string;
  let requestIds: string[];
  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  const makeLink = async (requestId: string, pin: string) =>
    (
      await sut.app.inject({
        method: 'POST',
        url: `/api/request/link/${requestId}`,
        headers: { cookie },
        payload: { pin },
      })
    ).json().data.linkId as string;
  const open = (linkId: string, pin: string, remoteAddress = '10.1.0.1') =>
    sut.app.inject({ method: 'POST', url: `/api/link/${linkId}/open`, payload: { pin }, remoteAddress });

  beforeAll(async () => {
    sut = await createTestApp({ now: () => clock });
    cookie = await sut.login('staff');
    const [staff] = await sut.database.db.select().from(users).where(eq(users.username, 'staff'));
    const rows = await sut.database.db
      .selectDistinct({ requestId: exams.requestId })
      .from(exams)
      .where(and(eq(exams.branchId, staff!.branchId!), isNull(exams.deletedAt)))
      .limit(6);
    requestIds = rows.map((r) => r.requestId!);
    expect(requestIds).toHaveLength(6);
  });
  afterAll(async () => {
    await sut.close();
  });

  it('40 parallel wrong PINs: five are checked, the rest wait (429, Retry-After); even the right PIN waits, then opens', async () => {
    const linkId = await makeLink(requestIds[0]!, '2580');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => open(linkId, String(1000 + i), `10.2.0.${i}`)),
    );
    expect(answers.filter((a) => a.statusCode === 403)).toHaveLength(5);
    const waited = answers.filter((a) => a.statusCode === 429);
    expect(waited).toHaveLength(35);
    expect(waited[0]!.headers['retry-after']).toBe('1');
    expect(waited[0]!.json().message).toMatch(/กรุณารอ.*Too many attempts/);
    expect((await open(linkId, '2580')).statusCode).toBe(429);
    later(1_000);
    expect((await open(linkId, '2580')).statusCode).toBe(200);
  });

  it('a link refuses every PIN for an hour after 20 wrong ones, from any address', async () => {
    const linkId = await makeLink(requestIds[1]!, '3690');
    for (let i = 0; i < 20; i++) {
      expect((await open(linkId, String(5000 + i), `10.3.0.${i}`)).statusCode).toBe(403);
      if (i >= 4) later(Math.min(5 * 60_000, 2 ** (i - 4) * 1_000));
    }
    const locked = await open(linkId, '3690', '10.3.1.1');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(30 * 60);
    later(60 * 60_000);
    expect((await open(linkId, '3690', '10.3.1.1')).statusCode).toBe(200);
  });

  it('one address guessing over many links is slowed down', async () => {
    const links = [
      await makeLink(requestIds[2]!, '1111'),
      await makeLink(requestIds[3]!, '2222'),
      await makeLink(requestIds[4]!, '3333'),
      await makeLink(requestIds[5]!, '4444'),
    ];
    const statuses: number[] = [];
    // Never more than three wrong PINs on one link: it is the address that is held up.
    for (let i = 0; i < 12; i++) statuses.push((await open(links[i % 4]!, String(7000 + i), '10.4.0.1')).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403));
    expect(statuses[10]).toBe(429);
    // Another address is not held up by it.
    expect((await open(links[0]!, '1111', '10.4.0.2')).statusCode).toBe(200);
  });
});
