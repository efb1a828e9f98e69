// First start with demo data, timed (`npm run bench:demo-start`; not part of the tests), issue 26 item 5:
//   a fresh DATA_DIR, `tsx apps/server/src/main.ts` as `npm start` runs it; reports when the server listened and
//   when the log said "demo images: all in" (every demo exam that says it has images has them), both from the spawn.
//   Budget: all demo images in within 60 s of the start. Prints one JSON line per run; the machine's load average
//   goes with it (other work on the machine slows every number).
//   npm run bench:demo-start -- --runs 2
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const BUDGET_MS = 60_000;
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '1' }, port: { type: 'string', default: '18393' } },
});
const root = path.resolve(import.meta.dirname, '..');
let over = false;
for (let run = 1; run <= Number(values.runs); run++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-demo-start-'));
  const started = Date.now();
  const load = os.loadavg()[0]!;
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: values.port, DICOM_PORT: '0', LOG_FORMAT: 'json' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const result = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const out: Record<string, unknown> = { run, loadAverage: Math.round(load * 10) / 10 };
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      let nl;
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        let entry: {
          msg?: string;
          exams?: number;
          instances?: number;
          bytes?: number;
          planned?: number;
          retired?: number;
        };
        try {
          entry = JSON.parse(line) as typeof entry;
        } catch {
          continue;
        }
        if (entry.msg === 'listening') out.listeningMs = Date.now() - started;
        if (entry.msg?.startsWith('demo images: planned'))
          Object.assign(out, { planned: entry.planned, retired: entry.retired });
        if (entry.msg === 'demo images: all in') {
          Object.assign(out, {
            allInMs: Date.now() - started,
            exams: entry.exams,
            instances: entry.instances,
            mb: Math.round((entry.bytes ?? 0) / 1e6),
          });
          resolve(out);
        }
      }
    });
    child.on('exit', (code) => reject(new Error(`the server stopped (${code}) before its demo images were in`)));
  });
  child.removeAllListeners('exit');
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
  result.loadAverageAfter = Math.round(os.loadavg()[0]! * 10) / 10;
  result.withinBudget = (result.allInMs as number) <= BUDGET_MS;
  if (!result.withinBudget) over = true;
  console.log(JSON.stringify(result));
}
process.exit(over ? 1 : 0);
