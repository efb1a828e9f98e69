import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { PG_TEMPLATE_DB, withDatabase } from '../../test/template-db';

export interface ReopenableDatabase {
  /** Opens the database (again): what a restarted server does. */
  open(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}

/** A database that can be closed and opened again, as a restarted server would: PGlite on disk, or a PostgreSQL database. */
export async function reopenableDatabase(): Promise<ReopenableDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `rangsi_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`);
    await admin.end();
    return {
      open: () => openDatabase({ databaseUrl: withDatabase(adminUrl, name) }),
      dispose: async () => {
        const a = new pg.Client({ connectionString: adminUrl });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-jobs-'));
  let first = true;
  return {
    open: async () => {
      const loadDataDir = first ? new Blob([fs.readFileSync(inject('pgliteTemplate'))]) : undefined;
      first = false;
      return openDatabase({ dataDir: dir, loadDataDir });
    },
    dispose: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
