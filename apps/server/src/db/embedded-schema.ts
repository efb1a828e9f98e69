import type { PGlite } from '@electric-sql/pglite';

/**
 * Where the embedded database's schema departs from the migrations (decision IN10). PGlite runs one statement at a
 * time on one connection, so what a foreign key guards against between connections cannot happen there, while its
 * check costs the DICOM hot path's INSERT 0.2–0.4 ms per image (a row lock on the series, written to the WAL, measured
 * here): the instance → series key is dropped, and the hot path's INSERT finds its series itself
 * (dicom/archive/instance-insert.ts). PostgreSQL keeps the key: there a purge and a store can run at the same time.
 * Every statement is idempotent; run after the migrations at every open.
 */
const EMBEDDED_ONLY_DDL = [
  'alter table dicom_instances drop constraint if exists dicom_instances_series_id_dicom_series_id_fk',
];

/** Applies the embedded database's departures from the migrations (EMBEDDED_ONLY_DDL). */
export async function applyEmbeddedSchema(client: Pick<PGlite, 'exec'>): Promise<void> {
  for (const statement of EMBEDDED_ONLY_DDL) await client.exec(statement);
}
