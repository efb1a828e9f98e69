import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './common';
import { users } from './users';

/**
 * A user's linked chat (LINE) account (decision ln01): one per user, and one LINE account belongs to one user. The
 * display name is what LINE's profile said at linking; it is the `lineName` of the user's claims.
 */
export const chatAccountLinks = pgTable('chat_account_links', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id),
  /** LINE's user id (`U` and 32 hex digits, per provider): where a push goes. */
  lineUserId: text().notNull().unique(),
  displayName: text().notNull(),
  linkedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One LINE Login in progress (decision ln02): the state (its SHA-256), the nonce and the PKCE verifier, bound to the
 * user and the login session that started it; used once, dead after a few minutes.
 */
export const chatAccountLoginAttempts = pgTable(
  'chat_account_login_attempts',
  {
    stateHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    sessionId: uuid().notNull(),
    nonce: text().notNull(),
    codeVerifier: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('chat_account_login_attempts_expires_idx').on(t.expiresAt)],
);
