import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidPk } from './common';
import { branches, hospitals } from './organization';
import { users } from './users';

/**
 * Credentials of outside systems (a PACS, the HIS) for the JSON API and DICOMweb (decision io50). The secret is shown
 * once; only its SHA-256 is kept, found by the key id that prefixes it, so a check is one indexed lookup.
 */
export const apiCredentials = pgTable('api_credentials', {
  id: uuidPk(),
  /** The public part of the secret (`rgs_` and 16 hex digits): the Basic username, and what the lookup is by. */
  keyId: text().notNull().unique(),
  /** SHA-256 (hex) of the random part; a stolen table opens nothing. */
  secretHash: text().notNull(),
  name: text().notNull().unique(),
  roleName: text().notNull(),
  /** 'all', 'branch' (branchId) or 'hospital' (hospitalId): the rows the credential reads. */
  scopeKind: text().notNull(),
  branchId: integer().references(() => branches.id),
  hospitalId: integer().references(() => hospitals.id),
  createdBy: uuid()
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
  /** Written at most once a minute per credential (decision io52), so a busy PACS costs no write per call. */
  lastUsedAt: timestamp({ withTimezone: true }),
  lastUsedIp: text(),
  revokedAt: timestamp({ withTimezone: true }),
  revokedBy: uuid().references(() => users.id),
});
