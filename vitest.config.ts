// Unit and API tests for the whole repo (`npx vitest run`, or `npm test` for everything), in two projects:
//   unit — everything that needs no shared test database;
//   db   — the tests that open one (DATABASE_TESTS below): PGlite by default, a fresh database per test file on the
//          server in TEST_DATABASE_URL when that is set. `npm test` runs both on PGlite, then `--project db` again on
//          PostgreSQL (see scripts/test.mjs);
//   interop — Rangsi against a real Orthanc (INTEROP_TESTS), only inside a private network namespace: `npm run
//          test:interop`, or its step of `npm test`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
// Added by the server once it has one (migrate once per run, clone per test file).
const globalSetup = 'apps/server/src/test/global-setup.ts';

/**
 * The test files that open the shared test database — createTestApp() or openTestDatabase(), directly or through a
 * helper on them (openArchiveFixture, openBillingTest) — and so run on both engines. openTestDatabase() throws in any
 * other project, so a database test missing here fails instead of running on PGlite only.
 * The suffixes are the naming convention; the files named one by one are database tests with other names.
 * Tests that build a PGlite database of their own (seeds, backup, a killed server, PGlite's settings) are unit tests:
 * they run on PGlite whatever TEST_DATABASE_URL says.
 */
const DATABASE_TESTS = [
  'apps/server/src/**/*.routes.test.ts',
  'apps/server/src/**/*.db.test.ts',
  'apps/server/src/seed/demo-images.test.ts',
  'apps/server/src/http/bad-input.test.ts',
  'apps/server/src/auth/route-access.test.ts',
  'apps/server/src/modules/exams/exams.repository.test.ts',
];

/**
 * Rangsi listening for real beside a real Orthanc (dicom/testing/orthanc-peer.ts). Orthanc binds every address, so these
 * run only under `unshare -n` (scripts/test.mjs); they open the test database as the db project's do, on PGlite.
 */
const INTEROP_TESTS = ['apps/server/src/**/*.interop.test.ts'];

const ALL_TESTS = [
  'packages/*/src/**/*.test.{ts,tsx}',
  'apps/server/src/**/*.test.ts',
  'apps/helper/src/**/*.test.ts',
  'apps/web/src/**/*.test.{ts,tsx}',
  'tools/**/*.test.{js,mjs,ts}',
];
const EXCLUDE = ['**/node_modules/**', '**/dist/**', 'e2e/**'];

const webSrc = `${root}apps/web/src/`;

/**
 * The web app's `@/` alias (apps/web/vite.config.ts, tsconfig `paths`), for files under apps/web/src only: a server
 * or package file that wrote `@/` would fail here as it fails in its own build.
 */
const webAlias: Plugin = {
  name: 'rangsi-web-alias',
  enforce: 'pre',
  resolveId(source, importer, options) {
    if (!source.startsWith('@/') || !importer?.startsWith(webSrc)) return null;
    return this.resolve(webSrc + source.slice(2), importer, { ...options, skipSelf: true });
  },
};

// Inline projects inherit nothing from this file (no `extends`): what both need is here, once.
const shared = { root, testTimeout: 30_000, hookTimeout: 60_000, pool: 'forks' as const };

export default defineConfig({
  test: {
    root,
    // The root config's global setup runs once per run whichever projects run, and what it provides reaches both
    // projects (a project's own would run again for each).
    globalSetup: existsSync(`${root}${globalSetup}`) ? [globalSetup] : [],
    projects: [
      {
        plugins: [webAlias],
        test: {
          ...shared,
          name: 'unit',
          include: ALL_TESTS,
          exclude: [...EXCLUDE, ...DATABASE_TESTS, ...INTEROP_TESTS],
          provide: { databaseProject: false },
        },
      },
      {
        test: {
          ...shared,
          name: 'db',
          include: DATABASE_TESTS,
          exclude: [...EXCLUDE, ...INTEROP_TESTS],
          provide: { databaseProject: true },
        },
      },
      {
        test: {
          ...shared,
          name: 'interop',
          include: INTEROP_TESTS,
          exclude: EXCLUDE,
          provide: { databaseProject: true },
        },
      },
    ],
  },
});
