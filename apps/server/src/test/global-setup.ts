import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { PG_TEMPLATE_DB, seedTemplate, withDatabase } from './template-db';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** True in the `db` project of vitest.config.ts: the tests run on PostgreSQL too. */
    databaseProject: boolean;
  }
}

/**
 * Migrating and seeding takes seconds, so it happens once per run: a PGlite data-dir dump that every test file loads,
 * or, with TEST_DATABASE_URL, a template database every test file copies.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE_DB}`);
    await admin.end();
    const handle = await openDatabase({ databaseUrl: withDatabase(adminUrl, PG_TEMPLATE_DB) });
    await seedTemplate(handle);
    await handle.close();
    project.provide('pgliteTemplate', '');
    return async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`).catch(() => undefined);
      await a.end();
    };
  }
  const handle = await openDatabase({});
  await seedTemplate(handle);
  if (!handle.pglite) throw new Error('PGlite handle exposes no engine to dump');
  const blob = await handle.pglite.dumpDataDir('none');
  await handle.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-vitest-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
