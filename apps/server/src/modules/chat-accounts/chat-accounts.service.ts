import { createHash, randomBytes } from 'node:crypto';
import type { LineCallbackQuery } from '@rangsi/contract';
import { actorOf, type AuditService } from '../../audit/audit.service';
import type { CurrentUser } from '../../auth/current-user';
import {
  authorizeUrl,
  exchangeCode,
  fetchProfile,
  LineLoginError,
  pkcePair,
  verifyIdToken,
  type LineLoginSettings,
} from '../../integrations/line/line-login.client';
import { chatAccountError } from './chat-accounts.errors';
import type { ChatAccountsRepository } from './chat-accounts.repository';

/** A LINE Login started here must come back within this (decision ln02). */
export const LOGIN_ATTEMPT_TTL_MS = 10 * 60_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Linking a user's chat (LINE) account through LINE Login, and unlinking it (decisions ln01–ln04). */
export class ChatAccountsService {
  constructor(
    private readonly deps: {
      repo: ChatAccountsRepository;
      audit: AuditService;
      /** Null when LINE Login is not configured. */
      login: LineLoginSettings | null;
      now: () => Date;
    },
  ) {}

  get loginConfigured(): boolean {
    return this.deps.login !== null;
  }

  /** Starts a LINE Login for this user's session: a single-use state, a nonce and a PKCE pair; LINE's authorize URL. */
  async startLogin(user: CurrentUser, redirectUri: string): Promise<string> {
    const login = this.requireLogin();
    const state = randomBytes(24).toString('base64url');
    const nonce = randomBytes(24).toString('base64url');
    const pkce = pkcePair();
    const now = this.deps.now();
    await this.deps.repo.startAttempt(
      {
        stateHash: sha256(state),
        userId: user.userId,
        sessionId: user.sessionId,
        nonce,
        codeVerifier: pkce.verifier,
        createdAt: now,
        expiresAt: new Date(now.getTime() + LOGIN_ATTEMPT_TTL_MS),
      },
      now,
    );
    return authorizeUrl(login, { redirectUri, state, nonce, codeChallenge: pkce.challenge });
  }

  /**
   * LINE's redirect back: the state must be this session's, unused and alive; the code is exchanged (with the PKCE
   * verifier), the ID token verified (nonce included), the profile read; a LINE account of another user is refused.
   * Any refusal links nothing. Returns the linked display name.
   */
  async completeLogin(user: CurrentUser, q: LineCallbackQuery, redirectUri: string): Promise<string> {
    const login = this.requireLogin();
    const now = this.deps.now();
    const attempt = q.state
      ? await this.deps.repo.claimAttempt(sha256(q.state), user.userId, user.sessionId, now)
      : undefined;
    if (!attempt) throw chatAccountError('CHAT_LINE_STATE_INVALID');
    if (q.error || !q.code) throw chatAccountError('CHAT_LINE_CANCELLED');
    let profile: { userId: string; displayName: string };
    try {
      const tokens = await exchangeCode(login, { code: q.code, redirectUri, codeVerifier: attempt.codeVerifier });
      const claims = verifyIdToken(login, tokens.idToken, attempt.nonce, now);
      profile = await fetchProfile(login, tokens.accessToken);
      if (profile.userId !== claims.sub) throw new LineLoginError('TOKEN_INVALID');
    } catch (err) {
      if (!(err instanceof LineLoginError)) throw err;
      throw chatAccountError(
        err.reason === 'CODE_REFUSED'
          ? 'CHAT_LINE_CODE_REFUSED'
          : err.reason === 'UNAVAILABLE'
            ? 'CHAT_LINE_UNAVAILABLE'
            : 'CHAT_LINE_TOKEN_INVALID',
      );
    }
    const displayName = profile.displayName.trim().slice(0, 100) || 'LINE';
    const taken =
      (await this.deps.repo.isLinkedToOther(profile.userId, user.userId)) ||
      (await this.deps.repo.link(user.userId, profile.userId, displayName, now)) === 'taken';
    // A refusal is kept too: someone tried to take a LINE account already linked to another person.
    await this.record(user, taken ? 'chat-account.link-refused' : 'chat-account.linked');
    if (taken) throw chatAccountError('CHAT_LINE_TAKEN');
    return displayName;
  }

  /** Removes the user's link; the next assignment sends them nothing. */
  async unlink(user: CurrentUser): Promise<void> {
    if (!(await this.deps.repo.unlink(user.userId))) throw chatAccountError('CHAT_LINE_NOT_LINKED');
    await this.record(user, 'chat-account.unlinked');
  }

  private record(user: CurrentUser, action: string): Promise<void> {
    return this.deps.audit.record(
      null,
      { action, entityType: 'user', entityId: user.userId, detail: { provider: 'line' } },
      actorOf(user)!,
    );
  }

  private requireLogin(): LineLoginSettings {
    if (!this.deps.login) throw chatAccountError('CHAT_LINE_NOT_CONFIGURED');
    return this.deps.login;
  }
}
