import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Append-only record of every read or change of patient data by a person (a trigger refuses UPDATE and DELETE). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    userId: uuid(),
    username: text(),
    /** Who acted: 'person' (a login session), 'token' (a person's query token), 'link' (a public film link), 'system'. */
    actorType: text().notNull().default('person'),
    /** The link id for 'link', the token's purpose for 'token', the credential's name for 'system'. */
    actorId: text(),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text(),
    patientId: uuid(),
    ip: text(),
    /** The caller's User-Agent header (bounded), to tell a browser from a script or a DICOM client. */
    userAgent: text(),
    detail: jsonb(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_at_idx').on(t.at),
    // The admin's audit search filters by patient or by user, newest first (migration 0012).
    index('audit_log_patient_at_idx').on(t.patientId, t.at),
    index('audit_log_user_at_idx').on(t.userId, t.at),
  ],
);
