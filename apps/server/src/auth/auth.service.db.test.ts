import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { rowsOf } from '../db/rows';
import { userPermissions, users } from '../db/schema/index';
import { AttemptLimiter } from '../http/attempt-limiter';
import { UsersRepository } from '../modules/users/users.repository';
import { refusalOf } from '../test/service-test';
import { DEMO_PASSWORD, openTestDatabase } from '../test/test-app';
import { AuthService, BAD_CREDENTIALS } from './auth.service';
import { SessionRepository } from './session.repository';

const TTL_MS = 8 * 3_600_000;

// Login, sessions and the user a session stands for (decision sec42 for the waits): what is refused, and how, and
// that a session lives exactly its time and ends at logout.
describe(AuthService.name, () => {
  let database: DatabaseHandle;
  let sut: AuthService;
  let clock: Date;
  const now = () => clock;
  const from = (ip: string) => ({ ip, userAgent: 'vitest' });
  const idOf = async (username: string) =>
    (await database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  beforeEach(() => {
    clock = new Date('2026-12-15T03:00:00Z');
    // A fresh limiter each test: the waits of one test are not the next one's.
    sut = new AuthService(
      new UsersRepository(database.db),
      new SessionRepository(database.db),
      TTL_MS,
      now,
      new AttemptLimiter(now),
    );
  });
  afterAll(async () => {
    await database.close();
  });

  it('opens a session that stands for the user with their role’s rights, for exactly its time, until logout', async () => {
    const { token, userId } = await sut.login('staff', DEMO_PASSWORD, from('10.0.0.1'));
    expect(userId).toBe(await idOf('staff'));
    const user = await sut.currentUser(token);
    expect(user).toMatchObject({ username: 'staff', roleName: 'Staff', scope: 'branch', token: null });
    expect(user!.permissions.has('PATIENT_EDIT')).toBe(true);
    expect(user!.permissions.has('BILLING')).toBe(false);

    clock = new Date(clock.getTime() + TTL_MS - 1_000);
    expect(await sut.currentUser(token)).not.toBeNull();
    clock = new Date(clock.getTime() + 2_000);
    expect(await sut.currentUser(token)).toBeNull();

    const second = await sut.login('staff', DEMO_PASSWORD, from('10.0.0.1'));
    await sut.logout(second.token);
    expect(await sut.currentUser(second.token)).toBeNull();
    expect(await sut.currentUser('not-a-token-anyone-was-given')).toBeNull();
  });

  it('answers an unknown user and a wrong password alike, and keeps a record of the failure', async () => {
    const wrong = await refusalOf(sut.login('staff', 'not-the-password', from('10.0.0.2')));
    const unknown = await refusalOf(sut.login('nobody-here', DEMO_PASSWORD, from('10.0.0.2')));
    for (const e of [wrong, unknown]) {
      expect({ status: e.status, code: e.code, message: e.message }).toEqual({
        status: 401,
        code: 'BAD_CREDENTIALS',
        message: BAD_CREDENTIALS,
      });
    }
    const failures = rowsOf<{ username: string; ip: string }>(
      await database.db.execute(sql`select username, ip from login_failures where ip = '10.0.0.2' order by id`),
    );
    expect(failures).toEqual([
      { username: 'staff', ip: '10.0.0.2' },
      { username: 'nobody-here', ip: '10.0.0.2' },
    ]);
  });

  it('makes an address wait after three failures on an account, even for the right password; others may go on', async () => {
    for (let i = 0; i < 3; i++) await refusalOf(sut.login('editor', 'wrong', from('10.0.0.3')));
    const held = await refusalOf(sut.login('editor', DEMO_PASSWORD, from('10.0.0.3')));
    expect({ status: held.status, code: held.code, data: held.data }).toEqual({
      status: 429,
      code: 'TOO_MANY_ATTEMPTS',
      data: { retryAfterSeconds: 1 },
    });
    // Only that address is held: nobody can lock another person out.
    await sut.login('editor', DEMO_PASSWORD, from('10.0.0.4'));
    clock = new Date(clock.getTime() + 1_000);
    await sut.login('editor', DEMO_PASSWORD, from('10.0.0.3'));
    // The success cleared the count: the next failure costs no wait.
    expect((await refusalOf(sut.login('editor', 'wrong', from('10.0.0.3')))).status).toBe(401);
    expect((await refusalOf(sut.login('editor', 'wrong', from('10.0.0.3')))).status).toBe(401);
  });

  it('refuses an account an administrator locked, even with the right password, until the lock ends', async () => {
    const id = await idOf('hospdoc');
    await database.db
      .update(users)
      .set({ lockedUntil: new Date(clock.getTime() + 3_600_000) })
      .where(eq(users.id, id));
    const locked = await refusalOf(sut.login('hospdoc', DEMO_PASSWORD, from('10.0.0.5')));
    expect({ status: locked.status, code: locked.code }).toEqual({ status: 423, code: 'LOCKED' });
    clock = new Date(clock.getTime() + 3_600_000 + 1_000);
    expect((await sut.login('hospdoc', DEMO_PASSWORD, from('10.0.0.5'))).userId).toBe(id);
  });

  it('treats an inactive account as unknown, and its sessions as ended', async () => {
    const { token } = await sut.login('doctor2', DEMO_PASSWORD, from('10.0.0.6'));
    const id = await idOf('doctor2');
    await database.db.update(users).set({ isActive: false }).where(eq(users.id, id));
    try {
      expect((await refusalOf(sut.login('doctor2', DEMO_PASSWORD, from('10.0.0.6')))).code).toBe('BAD_CREDENTIALS');
      expect(await sut.currentUser(token)).toBeNull();
      expect(await sut.userById(id)).toBeNull();
    } finally {
      await database.db.update(users).set({ isActive: true }).where(eq(users.id, id));
    }
  });

  it('adds and removes the permissions an administrator set on top of the role', async () => {
    const id = await idOf('staff2');
    await database.db.insert(userPermissions).values([
      { userId: id, permission: 'BILLING', granted: true },
      { userId: id, permission: 'EXAM_DELETE', granted: false },
      { userId: id, permission: 'NOT_A_PERMISSION', granted: true },
    ]);
    const user = await sut.userById(id);
    expect(user!.permissions.has('BILLING')).toBe(true);
    expect(user!.permissions.has('EXAM_DELETE')).toBe(false);
    expect(user!.permissions.has('EXAM_EDIT')).toBe(true);
    expect([...user!.permissions]).not.toContain('NOT_A_PERMISSION');
    expect(user!.sessionId).toBe('');
  });

  it('re-confirms a user’s own password', async () => {
    const id = await idOf('staff');
    expect(await sut.confirmPassword(id, DEMO_PASSWORD)).toBe(true);
    expect(await sut.confirmPassword(id, 'not-the-password')).toBe(false);
    expect(await sut.confirmPassword('00000000-0000-4000-8000-000000000000', DEMO_PASSWORD)).toBe(false);
  });
});
