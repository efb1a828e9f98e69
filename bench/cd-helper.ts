// Rangsi Helper CD benchmark (`npm run bench:cd-helper`; not part of the tests), issue 28 budget: from start to a
// finished ISO of a 300-slice CT ≤ 15 s. Measures the helper's own part on real files: a 300-slice 512×512 16-bit CT
// series (pydicom, ~0.5 MiB a file) with its DICOMDIR (dcmmkdir), zipped as the server's STD-GEN-CD export is; then
// the helper's whole job through its HTTP API against a loopback stand-in of the server (check, download, safe unzip,
// ISO with xorriso), and the unzip and the ISO alone. It prints the numbers; it does not write docs/performance.md.
//   npm run bench:cd-helper -- --runs 3
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildIso } from '../apps/helper/src/disc/iso-builder';
import { silentLogger } from '../apps/helper/src/log';
import { startHelper } from '../apps/helper/src/start';
import { helperClient } from '../apps/helper/src/testing/call-helper';
import { startExportServer } from '../apps/helper/src/testing/export-server';
import { makeExportZip } from '../apps/helper/src/testing/export-zip';
import { safeUnzip } from '../apps/helper/src/unpack/safe-unzip';

const SLICES = 300;
const BUDGET_MS = 15_000;
const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cd-helper-'));
const ms = (t0: number) => Math.round(performance.now() - t0);
try {
  let t0 = performance.now();
  const zip = await makeExportZip(tmp, SLICES, 512);
  console.log(
    `fixture: ${SLICES} CT files, zip ${(fs.statSync(zip).size / 1024 ** 2).toFixed(1)} MiB, made in ${ms(t0)} ms`,
  );

  const server = await startExportServer({ zip, token: 'bench', preparingChecks: 0 });
  const helper = await startHelper({
    server: server.origin,
    port: 0,
    cdDir: path.join(tmp, 'cd'),
    viewerDir: tmp,
    scanDir: tmp,
    log: silentLogger,
  });
  const client = helperClient(helper.url, server.origin);
  const rows: Array<{ job: number; unzip: number; iso: number }> = [];
  for (let run = 1; run <= runs; run++) {
    const examId = randomUUID();
    t0 = performance.now();
    await client.post('cd/download', { examId, token: 'bench', label: 'BENCH' });
    let job: Record<string, unknown> | undefined;
    // Asked every 20 ms so the measure is the job's, not the poll's.
    for (;;) {
      job = (await client.get(`cd/download/check?examId=${examId}`)).body.data;
      if (job.result !== null) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const jobMs = ms(t0);
    if (job.result !== true) throw new Error(`the job failed: ${String(job.message)}`);
    await client.post('cd/clear', { examId });

    const dest = path.join(tmp, `unzip-${run}`);
    t0 = performance.now();
    await safeUnzip(zip, dest);
    const unzipMs = ms(t0);
    t0 = performance.now();
    await buildIso(helper.config.isoTool!, dest, path.join(tmp, `iso-${run}.iso`), 'BENCH', { timeoutMs: 60_000 });
    const isoMs = ms(t0);
    rows.push({ job: jobMs, unzip: unzipMs, iso: isoMs });
    console.log(
      `run ${run}: whole job ${jobMs} ms (check + download + unzip + ISO); unzip ${unzipMs} ms; ISO ${isoMs} ms`,
    );
    fs.rmSync(dest, { recursive: true, force: true });
  }
  await helper.close();
  await server.close();
  const worst = Math.max(...rows.map((r) => r.job));
  console.log(`worst whole job ${worst} ms, budget ${BUDGET_MS} ms: ${worst <= BUDGET_MS ? 'within' : 'OVER'}`);
  process.exitCode = worst <= BUDGET_MS ? 0 : 1;
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
