import type { PgTable, TableConfig } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';

/**
 * Multi-row inserts in chunks: one statement per chunk keeps thousands of rows to a few round trips, and a chunk
 * stays well under PostgreSQL's 65,535 bound parameters even for the widest table (exams, ~55 columns).
 */
export async function insertChunks<T extends PgTable<TableConfig>>(
  db: Database,
  table: T,
  rows: readonly T['$inferInsert'][],
  chunkSize = 500,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunkSize) {
    await db.insert(table).values(rows.slice(i, i + chunkSize));
  }
}
