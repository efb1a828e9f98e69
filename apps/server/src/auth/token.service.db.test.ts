import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { AttemptLimiter } from '../http/attempt-limiter';
import { UsersRepository } from '../modules/users/users.repository';
import { refusalOf } from '../test/service-test';
import { DEMO_PASSWORD, openTestDatabase } from '../test/test-app';
import { AuthService } from './auth.service';
import type { CurrentUser } from './current-user';
import { SessionRepository } from './session.repository';
import { EXAM_TOKEN_TTL_MS, MIN_TOKEN_MS, TokenService, type LinkGrant } from './token.service';

const SESSION_TTL_MS = 8 * 3_600_000;
const HOUR = 3_600_000;

// Query tokens (ARCHITECTURE §4 "Tokens carry their purpose"): how long each lives, what it stands for, and that it
// dies with the session or the film link behind it.
describe(TokenService.name, () => {
  let database: DatabaseHandle;
  let auth: AuthService;
  let sut: TokenService;
  let clock: Date;
  const now = () => clock;
  const liveLinks = new Set<string>();
  const examId = randomUUID();
  const otherExamId = randomUUID();

  /** A fresh login of `username`: the session token and the user it stands for. */
  const signIn = async (username: string): Promise<{ session: string; user: CurrentUser }> => {
    const { token } = await auth.login(username, DEMO_PASSWORD, { ip: null, userAgent: null });
    return { session: token, user: (await auth.currentUser(token))! };
  };
  const link = async (expiresInMs: number, maker = 'staff'): Promise<LinkGrant> => {
    const { user } = await signIn(maker);
    const linkId = randomUUID();
    liveLinks.add(linkId);
    return { linkId, createdBy: user.userId, expiresAt: new Date(clock.getTime() + expiresInMs) };
  };

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  beforeEach(() => {
    clock = new Date('2026-12-15T03:00:00Z');
    const sessions = new SessionRepository(database.db);
    auth = new AuthService(new UsersRepository(database.db), sessions, SESSION_TTL_MS, now, new AttemptLimiter(now));
    sut = new TokenService({ sessions, auth, now, linkIsLive: (id) => Promise.resolve(liveLinks.has(id)) });
  });
  afterAll(async () => {
    await database.close();
  });

  it('gives a person a token for one exam and one purpose, that dies with the login session it came from', async () => {
    const { session, user } = await signIn('staff');
    const { token, expiresAt } = await sut.issueForPerson(user, examId, 'viewer');
    expect(expiresAt).toEqual(new Date(clock.getTime() + EXAM_TOKEN_TTL_MS));
    const principal = await sut.principal(token);
    expect(principal).toMatchObject({
      userId: user.userId,
      roleName: 'Staff',
      scopeExamId: examId,
      token: { purpose: 'viewer', linkId: null, parentSessionId: user.sessionId, expiresAt },
    });
    expect(principal!.sessionId).not.toBe(user.sessionId);
    // A token is never a login session.
    expect(await auth.currentUser(token)).toBeNull();
    await auth.logout(session);
    expect(await sut.principal(token)).toBeNull();
  });

  it('never outlives its session nor the token that asked for it, and is not handed out with too little time left', async () => {
    const sessionEnds = new Date(clock.getTime() + SESSION_TTL_MS);
    const { user } = await signIn('staff');
    clock = new Date(sessionEnds.getTime() - HOUR);
    expect((await sut.issueForPerson(user, examId, 'weasis')).expiresAt).toEqual(sessionEnds);

    // The viewer's priors: a token minted by a token ends when the first one does.
    const first = await sut.issueForPerson(user, examId, 'viewer', 30 * 60_000);
    const viewer = (await sut.principal(first.token))!;
    const prior = await sut.issueForPerson(viewer, otherExamId, 'viewer');
    expect(prior.expiresAt).toEqual(first.expiresAt);
    expect((await sut.principal(prior.token))!.scopeExamId).toBe(otherExamId);

    clock = new Date(sessionEnds.getTime() - MIN_TOKEN_MS + 1);
    expect((await refusalOf(sut.issueForPerson(user, examId, 'viewer'))).status).toBe(401);
  });

  it('dies at its own end', async () => {
    const { user } = await signIn('staff');
    const { token } = await sut.issueForPerson(user, examId, 'export', 10 * 60_000);
    clock = new Date(clock.getTime() + 10 * 60_000 - 1);
    expect(await sut.principal(token)).not.toBeNull();
    clock = new Date(clock.getTime() + 2);
    expect(await sut.principal(token)).toBeNull();
    expect(await sut.principal('short')).toBeNull();
  });

  it('lets a film link’s token act as the link: its fixed rights on its one exam, while the link lives', async () => {
    const grant = await link(24 * HOUR);
    const { token, expiresAt } = await sut.issueForLink(grant, examId);
    expect(expiresAt).toEqual(new Date(clock.getTime() + EXAM_TOKEN_TTL_MS));
    const principal = await sut.principal(token);
    expect(principal).toMatchObject({
      userId: grant.createdBy,
      roleName: 'Link',
      scopeExamId: examId,
      token: { purpose: 'link', linkId: grant.linkId, parentSessionId: null, expiresAt },
    });
    expect([...principal!.permissions].sort()).toEqual(['EXAM_DICOM', 'EXAM_REPORT', 'REQUEST_EXPORT']);
    // A link cannot mint tokens of its own.
    expect((await refusalOf(sut.issueForPerson(principal!, examId, 'viewer'))).status).toBe(403);
    liveLinks.delete(grant.linkId);
    expect(await sut.principal(token)).toBeNull();
  });

  it('ends a link’s token with the link, and gives none for a link that has ended', async () => {
    const soon = await link(10 * 60_000);
    expect((await sut.issueForLink(soon, examId)).expiresAt).toEqual(soon.expiresAt);
    clock = new Date(soon.expiresAt.getTime());
    const ended = await refusalOf(sut.issueForLink(soon, examId));
    expect({ status: ended.status, code: ended.code }).toEqual({ status: 404, code: 'LINK_NOT_FOUND' });
  });
});
