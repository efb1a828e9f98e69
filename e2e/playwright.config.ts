import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

// E2E_PORT lets a second run (another checkout, a developer's) coexist with one already on 18080.
const port = process.env.E2E_PORT ?? '18080';

export default defineConfig({
  testDir: here('./specs'),
  outputDir: here('./.artifacts/test-results'),
  workers: 1,
  retries: 0,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Reporter paths resolve against this file's folder; an absolute path keeps them where CI looks.
  reporter: [['list'], ['json', { outputFile: here('./.artifacts/results.json') }]],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`,
    launchOptions: {
      // Playwright never downloads a browser here: Debian's Chromium is the one CI installs (docs/stack-notes.md).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    viewport: { width: 1366, height: 768 },
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // The real server on a fresh embedded database, seeded with the demo users, every run.
    command: 'node e2e/start-server.mjs',
    env: { E2E_PORT: port },
    cwd: here('..'),
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    // The server logs every request; its stderr (start-up failures) is what a failed run needs.
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGTERM first so the start script can delete its temporary data directory.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
