import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** Columns that hold the key of a stored file, by name, wherever a table has one (new tables are covered by naming). */
const KEY_COLUMNS = ['storage_key', 'file_key', 'thumbnail_key', 'pdf_key', 'image_key'];

/** The backup's only SQL: which stored files the database names (it owns no table). */
export class BackupRepository {
  constructor(private readonly db: Database) {}

  /**
   * Every stored-file key a row names, with its size where the row records one (DICOM instances: a file still being
   * flushed when the copy starts is waited for). Instances packed into a cold zip have no hot file: their zip counts.
   */
  async referencedKeys(): Promise<Map<string, number | null>> {
    const keys = new Map<string, number | null>();
    const columns = rowsOf<Record<string, unknown>>(
      await this.db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type = 'text' and column_name in (${sql.join(
        KEY_COLUMNS.map((c) => sql`${c}`),
        sql`, `,
      )})
      order by table_name, column_name`),
    );
    for (const c of columns) {
      const table = String(c.table_name);
      const column = String(c.column_name);
      if (table === 'dicom_instances' && column === 'storage_key') continue;
      const rows = rowsOf<Record<string, unknown>>(
        await this.db.execute(
          sql`select distinct ${sql.identifier(column)} as key from ${sql.identifier(table)} where ${sql.identifier(column)} is not null and ${sql.identifier(column)} <> ''`,
        ),
      );
      for (const r of rows) keys.set(String(r.key), null);
    }
    const instances = rowsOf<Record<string, unknown>>(
      await this.db.execute(sql`
      select storage_key as key, size_bytes as size from dicom_instances where cold_key is null
      union all select distinct cold_key as key, null::bigint as size from dicom_instances where cold_key is not null`),
    );
    for (const r of instances) keys.set(String(r.key), r.size === null ? null : Number(r.size));
    return keys;
  }
}
