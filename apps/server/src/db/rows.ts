import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Runs a hand-written statement and returns its rows as the driver parsed them (both drivers answer `{ rows }`).
 * For hot paths where the query builder's per-column mapping costs more than the statement (docs/performance.md);
 * the SQL names its columns as the row type expects (`as "camelCase"`), and casts int8 to what T says.
 */
export async function selectRows<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** The rows of a result of `db.execute` (both drivers answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}
