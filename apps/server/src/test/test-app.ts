import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type App, type AppDeps } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { openPostgresCopy } from './template-db';

export const DEMO_PASSWORD = 'rangsi-demo';

export interface TestContext extends App {
  database: DatabaseHandle;
  config: ReturnType<typeof loadConfig>;
  /** Logs in through the real endpoint and gives the Cookie header to send. */
  login(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** A fresh seeded database (PGlite copy, or a PostgreSQL copy with TEST_DATABASE_URL) and the whole app on it. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (inject('databaseProject') !== true) {
    throw new Error(
      `${expect.getState().testPath ?? 'this test file'} opens the test database but is not in the db project: add it to DATABASE_TESTS in vitest.config.ts, so that it runs on PostgreSQL too`,
    );
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) return openPostgresCopy(adminUrl);
  const template = inject('pgliteTemplate');
  const blob = new Blob([fs.readFileSync(template)]);
  return openDatabase({ loadDataDir: blob });
}

/** `database`: a database the test built itself (another seed); by default a copy of the seeded template. */
export async function createTestApp(
  opts: {
    now?: () => Date;
    env?: Record<string, string>;
    loggerInstance?: AppDeps['loggerInstance'];
    database?: DatabaseHandle;
  } = {},
): Promise<TestContext> {
  const database = opts.database ?? (await openTestDatabase());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-test-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-00',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-web-dist',
    ...opts.env,
  });
  const built = await buildApp({ config, database, now: opts.now, loggerInstance: opts.loggerInstance });
  // Jobs can be sent but no worker polls: a test runs them when it wants with services.jobs.drain().
  await built.services.jobs.start({ workers: false });
  await built.app.ready();
  return {
    ...built,
    database,
    config,
    login: (username, password = DEMO_PASSWORD) => loginCookie(built.app, username, password),
    close: async () => {
      await built.app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function loginCookie(app: FastifyInstance, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/Member/LogOn', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  return cookieHeader(res);
}

/** The Cookie header a browser would send back after this response. */
export function cookieHeader(res: LightMyRequestResponse): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}
