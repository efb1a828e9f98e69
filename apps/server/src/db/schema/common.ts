import { sql } from 'drizzle-orm';
import { text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Primary key for rows whose ids travel in URLs: random, so they cannot be enumerated. */
export const uuidPk = () =>
  uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`);
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
/** Clinical data is never hard-deleted (ARCHITECTURE §4): deletes set these three. */
export const softDelete = () => ({
  deletedAt: timestamp({ withTimezone: true }),
  deletedBy: uuid(),
  deleteReason: text(),
});
