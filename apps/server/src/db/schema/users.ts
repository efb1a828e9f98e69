import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  bigserial,
  date,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPk } from './common';
import { branches, hospitals } from './organization';

export const users = pgTable('users', {
  id: uuidPk(),
  username: text().notNull().unique(),
  passwordHash: text().notNull(),
  displayName: text().notNull(),
  email: text().notNull().default(''),
  roleName: text().notNull(),
  branchId: integer().references(() => branches.id),
  /** Hospital and HospitalDoctor users belong to one client hospital. */
  hospitalId: integer().references(() => hospitals.id),
  /** Thai medical licence number for doctors; printed on reports. */
  licenseNo: text(),
  isActive: boolean().notNull().default(true),
  lockedUntil: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Per-user additions (granted) and removals (not granted) on top of the role's defaults. */
export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id),
    permission: text().notNull(),
    granted: boolean().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permission] })],
);

/** The client hospitals a Doctor reads for (client tabs on the worklist). */
export const doctorClients = pgTable(
  'doctor_clients',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id),
    hospitalId: integer()
      .notNull()
      .references(() => hospitals.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.hospitalId] })],
);

/** The doctor on duty for a branch on a day (assign dialog's on-duty choice). */
export const dutyDoctors = pgTable(
  'duty_doctors',
  {
    branchId: integer()
      .notNull()
      .references(() => branches.id),
    day: date().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.branchId, t.day] })],
);

/** Server-side sessions: the cookie holds a signed random token; only its SHA-256 is stored, so a DB leak gives no sessions. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuidPk(),
    tokenHash: text().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /** Exam-scoped short-lived tokens for viewer/Weasis/CD links carry the exam they open. */
    scopeExamId: uuid(),
    /** Null for a login session; for a query token, what it was minted for (auth/token-purpose.ts). */
    purpose: text(),
    /** The login session a token was minted from: the token dies with it (logout, expiry). */
    parentSessionId: uuid(),
    /** A public film link's token: the link it serves; the token dies when the link is revoked or expires. */
    linkId: text(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed logins per username, for the 10-in-15-minutes lockout. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    username: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ip: text(),
  },
  (t) => [index('login_failures_username_at_idx').on(t.username, t.at)],
);
