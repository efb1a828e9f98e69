// Starts the real Rangsi server for the end-to-end run: a fresh temporary data directory (embedded
// database, object storage) seeded with the demo data, deleted again when the server stops.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(join(tmpdir(), 'rangsi-e2e-'));

const env = {
  ...process.env,
  PORT: process.env.E2E_PORT ?? '18080',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SEED: 'demo',
  DICOM_PORT: '0',
  SESSION_SECRET: 'e2e-secret-0123456789abcdef0123456789',
};
// The e2e suite always runs on the embedded database, even where a PostgreSQL URL is configured for CI.
delete env.DATABASE_URL;

console.error(`[e2e] starting server with DATA_DIR=${dataDir}`);
const child = spawn('npx', ['tsx', 'apps/server/src/main.ts'], { cwd: repoRoot, env, stdio: 'inherit' });

let cleaned = false;
function removeDataDir() {
  if (cleaned) return;
  cleaned = true;
  try {
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  } catch (error) {
    console.error(`[e2e] could not delete ${dataDir}:`, error);
  }
}

function childRunning() {
  return child.exitCode === null && child.signalCode === null;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    // Playwright signals the whole process group, but a signal sent to this script alone must reach the server too.
    if (childRunning()) child.kill(signal);
    else process.exit(1);
  });
}

child.on('error', (error) => {
  console.error('[e2e] could not start the server:', error);
  removeDataDir();
  process.exit(1);
});

child.on('exit', (code, signal) => {
  removeDataDir();
  process.exit(code ?? (signal ? 1 : 0));
});

process.on('exit', removeDataDir);
