import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  LINE_SIM_DEFAULTS,
  startLineSimulator,
  type LineSimulator,
  type LineState,
} from '../../../../simulators/src/line-simulator';
import { auditLog, chatAccountLinks, exams, patients, users } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/test-app';
import { findExam } from '../exams/exams.test-helpers';
import { ASSIGNMENT_NOTICE_JOB } from './assignment-notice';

const PUBLIC = 'https://ris.example.org';
const [LINE_A, LINE_B] = LINE_SIM_DEFAULTS.users as [
  (typeof LINE_SIM_DEFAULTS.users)[0],
  (typeof LINE_SIM_DEFAULTS.users)[0],
];

function lineEnv(sim: LineSimulator, push = true): Record<string, string> {
  return {
    LINE_LOGIN_CHANNEL_ID: sim.channelId,
    LINE_LOGIN_CHANNEL_SECRET: sim.channelSecret,
    LINE_LOGIN_URL: sim.url,
    LINE_API_URL: sim.url,
    ...(push ? { LINE_MESSAGING_CHANNEL_TOKEN: sim.messagingToken } : {}),
    PUBLIC_BASE_URL: PUBLIC,
  };
}

describe('chat account (LINE): link, unlink, notify', () => {
  let sim: LineSimulator;
  let sut: TestContext;
  let clock = new Date('2026-12-02T03:00:00Z');
  const cookies: Record<string, string> = {};
  const cookie = async (username: string) => (cookies[username] ??= await sut.login(username));

  const simState = async (patch?: Partial<LineState> & { reset?: boolean }): Promise<LineState> => {
    const res = await fetch(
      `${sim.url}/__sim/state`,
      patch ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(patch) } : {},
    );
    return (await res.json()) as LineState;
  };
  /** GET /login as the user: LINE's authorize URL it redirects to. */
  const start = async (username: string): Promise<URL> => {
    const res = await sut.app.inject({
      url: '/api/chat-account/line/login',
      headers: { cookie: await cookie(username) },
    });
    expect(res.statusCode, res.body).toBe(302);
    return new URL(res.headers.location as string);
  };
  /** The simulator's login page, and the callback address its button for `lineUser` (or cancel) leads to. */
  const choose = async (authorize: URL, lineUser: { displayName: string } | 'cancel'): Promise<URL> => {
    const html = await (await fetch(authorize)).text();
    const links = [...html.matchAll(/<a class="(\w+)" href="([^"]+)">([^<]+)<\/a>/g)];
    const link = links.find((m) => (lineUser === 'cancel' ? m[1] === 'cancel' : m[3]!.includes(lineUser.displayName)));
    expect(link, html).toBeDefined();
    return new URL(link![2]!.replaceAll('&amp;', '&'));
  };
  const callback = async (username: string | null, back: URL) =>
    sut.app.inject({
      url: `${back.pathname}${back.search}`,
      headers: username ? { cookie: await cookie(username) } : {},
    });
  const link = async (username: string, lineUser = LINE_A) =>
    callback(username, await choose(await start(username), lineUser));
  const lineNameOf = async (username: string) =>
    (await sut.app.inject({ url: '/api/me', headers: { cookie: await cookie(username) } })).json().data.lineName;
  const unlink = async (username: string | null) =>
    sut.app.inject({
      method: 'POST',
      url: '/api/chat-account/line/unlink',
      headers: username ? { cookie: await cookie(username) } : {},
    });
  const linkRows = () => sut.database.db.select().from(chatAccountLinks);
  const pageMessage = (body: string) =>
    (/data-testid="line-callback-message">([^<]*)</.exec(body)?.[1] ?? '').replaceAll('&quot;', '"');

  beforeAll(async () => {
    sim = await startLineSimulator({ port: 0, host: '127.0.0.1' });
    sut = await createTestApp({ now: () => clock, env: lineEnv(sim) });
    // The demo's one linked user (staff) stays; the doctors start unlinked.
  });
  afterAll(async () => {
    await sut?.close();
    await sim?.close();
  });
  beforeEach(async () => {
    await simState({ reset: true });
    await sut.database.db.delete(chatAccountLinks).where(eq(chatAccountLinks.lineUserId, LINE_A.userId));
    await sut.database.db.delete(chatAccountLinks).where(eq(chatAccountLinks.lineUserId, LINE_B.userId));
  });

  it('sends the user to LINE with state, nonce and PKCE, back to the public origin whatever the Host says', async () => {
    const res = await sut.app.inject({
      url: '/api/chat-account/line/login',
      headers: { cookie: await cookie('doctor1'), host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.statusCode).toBe(302);
    const to = res.headers.location as string;
    expect(to.startsWith(`${sim.url}/oauth2/v2.1/authorize?response_type=code&client_id=${sim.channelId}&`)).toBe(true);
    expect(to).toContain('scope=profile%20openid');
    const q = new URL(to).searchParams;
    expect(q.get('redirect_uri')).toBe(`${PUBLIC}/api/chat-account/line/callback`);
    expect(q.get('state')).toMatch(/^[\w-]{32}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{32}$/);
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('code_challenge_method')).toBe('S256');
  });

  it('links the LINE account: the claims carry its display name, the page tells the opener and closes', async () => {
    expect(await lineNameOf('doctor1')).toBeNull();
    const res = await link('doctor1');
    expect(res.statusCode, res.body).toBe(200);
    expect(pageMessage(res.body)).toContain(`เชื่อมต่อบัญชี LINE "${LINE_A.displayName}" แล้ว`);
    expect(res.body).toContain('data-result="linked"');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("unsafe-inline'; script");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(await lineNameOf('doctor1')).toBe(LINE_A.displayName);
    const rows = await linkRows();
    expect(rows.find((r) => r.lineUserId === LINE_A.userId)?.displayName).toBe(LINE_A.displayName);
    const [audit] = await sut.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'chat-account.linked'))
      .orderBy(auditLog.id);
    expect(audit).toMatchObject({ entityType: 'user', username: 'doctor1', patientId: null });
  });

  it('refuses a wrong state, and another user’s state: nothing linked, the rightful user can still finish', async () => {
    const back = await choose(await start('doctor1'), LINE_A);
    const forged = new URL(back);
    forged.searchParams.set('state', 'not-the-state-we-sent');
    const wrong = await callback('doctor1', forged);
    expect(wrong.statusCode).toBe(400);
    expect(pageMessage(wrong.body)).toContain('คำขอเชื่อมต่อ LINE นี้ไม่ถูกต้องหรือหมดอายุแล้ว');
    const stolen = await callback('doctor2', back);
    expect(stolen.statusCode).toBe(400);
    expect(await linkRows()).toHaveLength(1);
    expect(await lineNameOf('doctor2')).toBeNull();
    expect((await callback('doctor1', back)).statusCode).toBe(200);
  });

  it('refuses an expired state', async () => {
    const back = await choose(await start('doctor1'), LINE_A);
    clock = new Date(clock.getTime() + 11 * 60_000);
    const res = await callback('doctor1', back);
    expect(res.statusCode).toBe(400);
    expect(await lineNameOf('doctor1')).toBeNull();
  });

  it('refuses an ID token whose nonce is not the one sent: nothing linked', async () => {
    await simState({ tamperNonce: true });
    const res = await link('doctor1');
    expect(res.statusCode).toBe(400);
    expect(pageMessage(res.body)).toContain('ตรวจสอบข้อมูลยืนยันตัวตนจาก LINE ไม่ผ่าน');
    expect(await lineNameOf('doctor1')).toBeNull();
  });

  it('refuses a replayed code (LINE answers invalid_grant) and a replayed callback', async () => {
    const back = await choose(await start('doctor1'), LINE_A);
    expect((await callback('doctor1', back)).statusCode).toBe(200);
    expect((await unlink('doctor1')).statusCode).toBe(200);
    // The same callback again: its state is used up.
    expect((await callback('doctor1', back)).statusCode).toBe(400);
    // The old code with a fresh state of this session: LINE refuses the code.
    const fresh = await start('doctor1');
    const replay = new URL(back);
    replay.searchParams.set('state', fresh.searchParams.get('state')!);
    const res = await callback('doctor1', replay);
    expect(res.statusCode).toBe(400);
    expect(pageMessage(res.body)).toContain('LINE ไม่รับรหัสยืนยันนี้');
    expect(await lineNameOf('doctor1')).toBeNull();
  });

  it('refuses a LINE account already linked to another user, and tells a cancelled login', async () => {
    expect((await link('doctor1')).statusCode).toBe(200);
    const res = await link('doctor2');
    expect(res.statusCode).toBe(409);
    expect(pageMessage(res.body)).toContain('บัญชี LINE นี้เชื่อมต่อกับผู้ใช้อื่นอยู่แล้ว');
    expect(await lineNameOf('doctor2')).toBeNull();
    expect(await lineNameOf('doctor1')).toBe(LINE_A.displayName);
    const cancelled = await callback('doctor2', await choose(await start('doctor2'), 'cancel'));
    expect(cancelled.statusCode).toBe(400);
    expect(pageMessage(cancelled.body)).toContain('ยกเลิกการเข้าสู่ระบบ LINE แล้ว');
  });

  it('writes a LINE display name into the page as text, never as markup', async () => {
    await simState({ users: [{ userId: LINE_B.userId, displayName: '<img src=x onerror=alert(1)>' }] });
    const res = await link('doctor1', { ...LINE_B, displayName: '&lt;img' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<img');
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('unlinks: the claims lose the name; unlinking again is refused with a message', async () => {
    expect((await link('doctor1', LINE_B)).statusCode).toBe(200);
    const res = await unlink('doctor1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { lineName: null } });
    expect(await lineNameOf('doctor1')).toBeNull();
    const again = await unlink('doctor1');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('ยังไม่ได้เชื่อมต่อบัญชี LINE');
  });

  it('answers 401 to a caller without a session, on every route', async () => {
    expect((await sut.app.inject({ url: '/api/chat-account/line/login' })).statusCode).toBe(401);
    expect((await callback(null, new URL(`${PUBLIC}/api/chat-account/line/callback?code=x&state=y`))).statusCode).toBe(
      401,
    );
    expect((await unlink(null)).statusCode).toBe(401);
  });

  it('offers its own login as the dialog URL when the site configuration names none', async () => {
    const res = await sut.app.inject({ url: '/api/uidata/site', headers: { cookie: await cookie('doctor1') } });
    expect(res.json().data.lineLoginDialogUrl).toBe('/api/chat-account/line/login');
  });

  describe('assignment notice', () => {
    /** An exam a doctor may be assigned, that doctor's username, and the patient's name and HN. */
    const assignable = async () => {
      const e = await findExam(sut.database.db, eq(exams.status, 'Arrived'), isNotNull(exams.hospitalId));
      const doctors = (
        await sut.app.inject({
          url: `/api/uidata/assignabledoctor/${e.id}`,
          headers: { cookie: await cookie('admin') },
        })
      ).json().data as { doctorId: string }[];
      const [first, second] = doctors;
      const name = async (id: string) =>
        (await sut.database.db.select().from(users).where(eq(users.id, id)))[0]!.username;
      const [p] = await sut.database.db.select().from(patients).where(eq(patients.id, e.patientId!));
      return { exam: e, doctor: first!, other: second, username: await name(first!.doctorId), patient: p! };
    };
    const assign = async (examId: string, doctorId: string | null) =>
      sut.app.inject({
        method: 'POST',
        url: `/api/exam/${examId}/assign`,
        headers: { cookie: await cookie('admin') },
        payload: { doctorId },
      });
    const run = () => sut.services.jobs.drain({ only: [ASSIGNMENT_NOTICE_JOB], includeDelayed: true });

    it('pushes the linked doctor a Thai/English notice with no patient name or HN, once', async () => {
      const { exam, doctor, username, patient } = await assignable();
      expect((await link(username)).statusCode).toBe(200);
      expect((await assign(exam.id, doctor.doctorId)).statusCode).toBe(200);
      expect(await run()).toEqual({ ran: 1, failed: 0 });
      const { pushes } = await simState();
      expect(pushes).toHaveLength(1);
      expect(pushes[0]!.to).toBe(LINE_A.userId);
      const text = pushes[0]!.messages[0]!.text;
      expect(text).toContain('มีเคสใหม่มอบหมายให้คุณ (New case assigned to you)');
      expect(text).toContain(`เลขที่ (Accession): ${exam.accessionNumber}`);
      expect(text).toContain(`${PUBLIC}/pacs#${exam.accessionNumber}`);
      expect(text).not.toContain(patient.hn);
      for (const part of [patient.firstNameTh, patient.lastNameTh].filter((s) => s && s.length > 1))
        expect(text).not.toContain(part);
      // Assigning the same doctor again (an edit of the assignment) tells nobody.
      expect((await assign(exam.id, doctor.doctorId)).statusCode).toBe(200);
      expect(await run()).toEqual({ ran: 0, failed: 0 });
    });

    it('retries a push LINE failed, without sending it twice', async () => {
      const { exam, doctor, username } = await assignable();
      expect((await link(username)).statusCode).toBe(200);
      await simState({ failPushes: 1 });
      expect((await assign(exam.id, doctor.doctorId)).statusCode).toBe(200);
      expect(await run()).toEqual({ ran: 2, failed: 1 });
      expect((await simState()).pushes).toHaveLength(1);
    });

    it('sends nothing for a doctor who is not linked', async () => {
      const { exam, doctor } = await assignable();
      expect((await assign(exam.id, null)).statusCode).toBe(200);
      expect((await assign(exam.id, doctor.doctorId)).statusCode).toBe(200);
      expect(await run()).toEqual({ ran: 0, failed: 0 });
      expect((await simState()).pushes).toEqual([]);
    });
  });
});

describe('chat account (LINE) when not configured', () => {
  let sim: LineSimulator;
  let sut: TestContext;
  beforeAll(async () => {
    sim = await startLineSimulator({ port: 0, host: '127.0.0.1' });
    // LINE Login configured, the Messaging API not: links work, notices are off.
    const env = lineEnv(sim, false);
    sut = await createTestApp({ env });
  });
  afterAll(async () => {
    await sut?.close();
    await sim?.close();
  });

  it('queues no notice without a channel token, even for a linked doctor', async () => {
    const e = await findExam(sut.database.db, eq(exams.status, 'Arrived'), isNotNull(exams.hospitalId));
    const admin = await sut.login('admin');
    const doctors = (
      await sut.app.inject({ url: `/api/uidata/assignabledoctor/${e.id}`, headers: { cookie: admin } })
    ).json().data as { doctorId: string }[];
    await sut.database.db
      .insert(chatAccountLinks)
      .values({ userId: doctors[0]!.doctorId, lineUserId: LINE_A.userId, displayName: 'x' });
    const res = await sut.app.inject({
      method: 'POST',
      url: `/api/exam/${e.id}/assign`,
      headers: { cookie: admin },
      payload: { doctorId: doctors[0]!.doctorId },
    });
    expect(res.statusCode).toBe(200);
    expect(await sut.services.jobs.drain({ includeDelayed: true })).toEqual({ ran: 0, failed: 0 });
    const state = (await (await fetch(`${sim.url}/__sim/state`)).json()) as LineState;
    expect(state.pushes).toEqual([]);
  });
});

describe('chat account (LINE) without LINE Login', () => {
  let sut: TestContext;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(async () => sut?.close());

  it('offers no dialog and refuses the login route with a message', async () => {
    const cookie = await sut.login('doctor1');
    expect(
      (await sut.app.inject({ url: '/api/uidata/site', headers: { cookie } })).json().data.lineLoginDialogUrl,
    ).toBeNull();
    const res = await sut.app.inject({ url: '/api/chat-account/line/login', headers: { cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('ยังไม่ได้ตั้งค่าการเชื่อมต่อ LINE');
  });
});
