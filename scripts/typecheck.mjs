// Typechecks every workspace with its own tsconfig; one command for the whole repo.
import { spawnSync } from 'node:child_process';
const projects = [
  'packages/domain',
  'packages/contract',
  'apps/server',
  'apps/web',
  'apps/simulators',
  'apps/helper',
  'e2e',
  'bench',
];
let failed = 0;
for (const p of projects) {
  const r = spawnSync('npx', ['tsc', '--noEmit', '-p', `${p}/tsconfig.json`], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed++;
    console.error(`typecheck failed: ${p}`);
  }
}
process.exit(failed ? 1 : 0);
