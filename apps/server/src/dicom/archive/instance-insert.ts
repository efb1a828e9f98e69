import { protocol } from '@electric-sql/pglite';
import type { Database } from '../../db/client';
import type { KnownSeriesInstance } from './archive.repository';

/** The hot path's one statement: an instance of a known series, skipped when its SOP Instance UID is there already. */
const INSERT = `insert into dicom_instances (series_id, sop_instance_uid, sop_class_uid, transfer_syntax_uid, instance_number,
    number_of_frames, rows, columns, image_orientation_patient, storage_key, size_bytes, sha256, metadata, received_at)
  values ($1::uuid, $2, $3, $4, $5::int, $6::int, $7::int, $8::int, $9, $10, $11::bigint, $12, $13::jsonb, $14::timestamptz)
  on conflict (sop_instance_uid) do nothing`;
const STATEMENT = 'rangsi_dicom_instance_insert';

/** What a PGlite client offers for running prepared statements through the wire protocol. */
interface PgliteLike {
  execProtocol(message: Uint8Array): Promise<{ messages: { name: string; text?: string }[] }>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
}
function textValues(i: KnownSeriesInstance, at: string): (string | null)[] {
  const n = (v: number | null) => (v === null ? null : String(v));
  return [i.seriesId, i.info.sopInstanceUid, i.info.sopClassUid, i.info.transferSyntaxUid, n(i.info.instanceNumber), String(i.info.numberOfFrames),
    n(i.info.rows), n(i.info.columns), i.info.imageOrientationPatient, i.stored.key, String(i.stored.sizeBytes), i.stored.sha256,
    JSON.stringify(i.info.metadata), at];
}

/**
 * Inserts instances of known series on the embedded database with a prepared statement: parsed and planned once
 * instead of per instance, which halves the statement's cost on PGlite (0.64 ms against 1.2 ms measured here). The
 * rows of a batch go in one protocol message (Bind/Execute per row, one Sync: one implicit transaction, so an error
 * fails the batch as one statement would). Answers per row whether it was new (true) or a duplicate (false).
 */
export class PgliteInstanceInserter {
  private prepared: Promise<void> | null = null;

  private constructor(private readonly pg: PgliteLike) {}

  /** The inserter for a Drizzle database on PGlite, or null on another driver. */
  static of(db: Database): PgliteInstanceInserter | null {
    const client = (db as unknown as { $client: unknown }).$client;
    return isPglite(client) ? new PgliteInstanceInserter(client) : null;
  }

  async insert(items: readonly KnownSeriesInstance[], now: Date): Promise<boolean[]> {
    const at = now.toISOString();
    const pg = this.pg;
    // The same locks query() takes: never inside another caller's transaction, never beside another statement.
    const exclusive = <T>(fn: () => Promise<T>) => pg._runExclusiveTransaction(() => pg._runExclusiveQuery(fn));
    this.prepared ??= exclusive(async () => {
      await pg.execProtocol(concat([protocol.serialize.parse({ name: STATEMENT, text: INSERT }), protocol.serialize.sync()]));
    }).catch((err: unknown) => {
      this.prepared = null;
      throw err;
    });
    await this.prepared;
    const parts = items.flatMap((item) => [protocol.serialize.bind({ statement: STATEMENT, values: textValues(item, at) }), protocol.serialize.execute({})]);
    const result = await exclusive(() => pg.execProtocol(concat([...parts, protocol.serialize.sync()])));
    const done = result.messages.filter((m) => m.name === 'commandComplete');
    if (done.length !== items.length) throw new Error(`instance insert: ${done.length} of ${items.length} rows answered`);
    return done.map((m) => m.text === 'INSERT 0 1');
  }
}

function isPglite(client: unknown): client is PgliteLike {
  return typeof (client as PgliteLike).execProtocol === 'function' && typeof (client as PgliteLike)._runExclusiveQuery === 'function';
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
