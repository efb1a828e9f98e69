// Unit and API tests for the whole repo (`npx vitest run`, or `npm test` for everything).
// API tests use a real database: PGlite by default, a fresh database per test file on the server in
// TEST_DATABASE_URL when that is set (see scripts/test.mjs).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
// Added by the server once it has one (migrate once per run, clone per test file).
const globalSetup = 'apps/server/src/test/global-setup.ts';

export default defineConfig({
  test: {
    root,
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: existsSync(`${root}${globalSetup}`) ? [globalSetup] : [],
  },
});
