// Starts the real Rangsi server for the end-to-end run: a fresh temporary data directory (embedded
// database, object storage) seeded with the demo data, deleted again when the server stops.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(join(tmpdir(), 'rangsi-e2e-'));

// The workstation helpers the patient screens call from the browser (apps/simulators), on loopback ports derived
// from the server's so two runs side by side do not clash; e2e/pages/patient-simulators.ts uses the same rule.
const serverPort = Number(process.env.E2E_PORT ?? '18080');
const gatewayPort = process.env.E2E_GATEWAY_PORT ?? String(serverPort + 100);
const idCardPort = process.env.E2E_ID_CARD_PORT ?? String(serverPort + 101);
const nhsoPort = process.env.E2E_NHSO_PORT ?? String(serverPort + 102);
const helperPort = process.env.E2E_HELPER_PORT ?? String(serverPort + 103);

// The real Rangsi Helper (apps/helper) as a workstation runs it, its folders under one directory named after the
// server's port (e2e/pages/workstation-helper.ts uses the same rule); SANE sees only its built-in test device, and
// the viewer command writes the folder it is given to a file instead of opening a window.
const helperDir = join(tmpdir(), `rangsi-e2e-helper-${serverPort}`);
rmSync(helperDir, { recursive: true, force: true });
mkdirSync(join(helperDir, 'sane'), { recursive: true });
writeFileSync(join(helperDir, 'sane', 'dll.conf'), 'test\n');
const helperEnv = {
  RANGSI_SERVER_URL: `http://127.0.0.1:${serverPort}`,
  RANGSI_HELPER_PORT: helperPort,
  CD_DIR: join(helperDir, 'cd'),
  VIEWER_DIR: join(helperDir, 'viewer'),
  SCAN_DIR: join(helperDir, 'scans'),
  VIEWER_COMMAND: JSON.stringify([
    '/bin/sh',
    '-c',
    `printf '%s\\n' "$0" >> ${join(helperDir, 'viewer-calls.log')}`,
    '{folder}',
  ]),
  SCANNER_DEVICE: 'test',
  SANE_CONFIG_DIR: join(helperDir, 'sane'),
};
// LINE Login and the Messaging API (issue 28 item 5): the server calls it, the browser's login popup opens its page.
const linePort = process.env.E2E_LINE_PORT ?? String(serverPort + 104);
const simulators = [
  ['apps/simulators/src/gateway-simulator.ts', { GATEWAY_SIM_PORT: gatewayPort, GATEWAY_SIM_HOST: '127.0.0.1' }],
  ['apps/simulators/src/id-card-reader-simulator.ts', { ID_CARD_SIM_PORT: idCardPort, ID_CARD_SIM_HOST: '127.0.0.1' }],
  ['apps/simulators/src/nhso-simulator.ts', { NHSO_SIM_PORT: nhsoPort, NHSO_SIM_HOST: '127.0.0.1' }],
  ['apps/helper/src/main.ts', helperEnv],
  ['apps/simulators/src/line-simulator.ts', { LINE_SIM_PORT: linePort, LINE_SIM_HOST: '127.0.0.1' }],
].map(([script, simEnv]) => {
  // node with tsx's loader (not npx): a signal sent to this child reaches the simulator itself.
  const sim = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env: { ...process.env, ...simEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  sim.on('error', (error) => console.error(`[e2e] could not start ${script}:`, error));
  return sim;
});
function stopSimulators(signal = 'SIGTERM') {
  for (const sim of simulators) if (sim.exitCode === null && sim.signalCode === null) sim.kill(signal);
}

const env = {
  ...process.env,
  PORT: process.env.E2E_PORT ?? '18080',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SEED: 'demo',
  // The background demo images would change exams under the tests' feet and clear hasImage on the rest.
  DEMO_IMAGES: 'off',
  DICOM_PORT: '0',
  SESSION_SECRET: 'e2e-secret-0123456789abcdef0123456789',
  GATEWAY_URL: `http://127.0.0.1:${gatewayPort}/`,
  // Finished reports go to the same simulator as HL7 ORU^R01 (decision G2).
  REPORT_GATEWAY_URL: `http://127.0.0.1:${gatewayPort}/hl7/oru`,
  ID_CARD_READER_URL: `http://127.0.0.1:${idCardPort}/`,
  NHSO_SERVICE_URL: `http://127.0.0.1:${nhsoPort}/`,
  CD_HELPER_URL: `http://127.0.0.1:${helperPort}/cd/`,
  RADIANT_HELPER_URL: `http://127.0.0.1:${helperPort}/radiant/`,
  SCANNER_STATION_URL: `http://127.0.0.1:${helperPort}/scanner/`,
  // The simulator's default channel (apps/simulators/src/line-simulator.ts LINE_SIM_DEFAULTS).
  LINE_LOGIN_CHANNEL_ID: '1650000001',
  LINE_LOGIN_CHANNEL_SECRET: 'sim-line-channel-secret-0123456789',
  LINE_LOGIN_URL: `http://127.0.0.1:${linePort}`,
  LINE_API_URL: `http://127.0.0.1:${linePort}`,
  LINE_MESSAGING_CHANNEL_TOKEN: 'sim-line-messaging-token-0123456789',
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
    rmSync(helperDir, { recursive: true, force: true, maxRetries: 3 });
  } catch (error) {
    console.error(`[e2e] could not delete ${dataDir} or ${helperDir}:`, error);
  }
}

function childRunning() {
  return child.exitCode === null && child.signalCode === null;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    // Playwright signals the whole process group, but a signal sent to this script alone must reach the server too.
    stopSimulators(signal);
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

process.on('exit', () => {
  stopSimulators();
  removeDataDir();
});
