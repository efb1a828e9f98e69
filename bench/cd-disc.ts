/// <reference lib="dom" />
// CD download benchmark with its budget (`npm run bench:cd`; not part of the tests), issue 28 "Budgets": from pressing
// Download DICOM to CD Folder on the worklist to a finished ISO of a 300-slice CT ≤ 15 s on this machine, with the
// progress shown while it runs. The real server (PGlite), the real Rangsi Helper (apps/helper, xorriso) and Debian's
// Chromium: a generated 300-slice 512×512 16-bit CT (the demo phantom) stored by STOW-RS and matched to an exam; each
// run is a fresh export (the server prepares the STD-GEN-CD zip again: a new study each run), and the stages the
// dialog shows are timed from the click. Rewrites its section of docs/performance.md (unless --no-docs), stops what
// it started, exits 1 when over budget.
//   npm run build && npm run bench:cd -- --runs 3
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { chromium, request, type Page } from '@playwright/test';
import { startHelper } from '../apps/helper/src/start';
import { generateCt, uidFrom } from '../apps/server/src/seed/images/index';
import { LoginPage } from '../e2e/pages/login-page';
import { examsWithoutImages, matchStudies, stow } from '../e2e/pages/viewer-setup';
import { commit, machine, markdownTable, type Row, updatePerformanceDoc, utcMinute } from './lib/report';
import { repoRoot, startServer } from './lib/server';
import { median } from './lib/stats';

const SLICES = 300;
const BUDGET_MS = 15_000;
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '18497' },
    'no-docs': { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(values.runs));
const port = Number(values.port);
const helperPort = port + 1;

interface RunResult {
  totalMs: number;
  /** When each stage was first seen on screen, in ms from the click. */
  stages: Record<string, number>;
  isoMb: number;
}

async function storeCt(baseUrl: string, run: number): Promise<string> {
  const api = await request.newContext({ baseURL: baseUrl });
  const logOn = await api.post('/Member/LogOn', { data: { username: 'staff', password: 'rangsi-demo' } });
  if (!logOn.ok()) throw new Error(`log-on failed: ${logOn.status()}`);
  const exam = (await examsWithoutImages(api))[run];
  if (!exam?.accessionNumber) throw new Error('not enough exams without images in the demo seed');
  const studyInstanceUid = uidFrom(`cd-bench-${Date.now()}-${run}`);
  const slices = [
    ...generateCt({
      patient: { name: 'BENCH^CD', id: 'BENCH-CD' },
      study: { studyInstanceUid, accessionNumber: exam.accessionNumber, date: '20261202', time: '090000' },
      slices: SLICES,
      size: 512,
      localizer: false,
    }),
  ].map((i) => i.bytes);
  for (let i = 0; i < slices.length; i += 100) await stow(api, slices.slice(i, i + 100));
  await matchStudies(api, [studyInstanceUid], exam.examId);
  await api.dispose();
  return exam.accessionNumber;
}

/** Presses the action and watches the dialog: each stage's first sighting, then COMPLETED. */
async function measure(page: Page, baseUrl: string, accession: string): Promise<RunResult> {
  await page.goto(`${baseUrl}/pacs`);
  await page.locator('#worklist-accessionNumber').fill(accession);
  await page.locator('#worklist-accessionNumber').press('Enter');
  const row = page.locator(`[data-testid="worklist-row"][data-accession="${accession}"]`);
  await row.getByTestId('row-actions').click();
  const start = performance.now();
  await page.getByTestId('action-downloadCd').click();
  const dialog = page.getByTestId('workstation-download-dialog');
  const stages: Record<string, number> = {};
  for (;;) {
    const phase = await dialog.getAttribute('data-phase');
    const stage = await dialog
      .getByTestId('workstation-download-progress')
      .getAttribute('data-stage', { timeout: 50 })
      .catch(() => null);
    if (stage && stages[stage] === undefined) stages[stage] = Math.round(performance.now() - start);
    if (phase === 'completed' || phase === 'error') {
      if (phase === 'error') throw new Error(await dialog.innerText());
      break;
    }
    await page.waitForTimeout(50);
  }
  const totalMs = Math.round(performance.now() - start);
  const iso = (await dialog.getByTestId('workstation-download-result').locator('code').last().textContent())!;
  await dialog.getByTestId('workstation-download-close').click();
  return { totalMs, stages, isoMb: statSync(iso).size / 1024 / 1024 };
}

async function main(): Promise<void> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'rangsi-cd-bench-'));
  const logFile = path.join(tmp, 'server.log');
  console.log(`starting the server (log in ${logFile}) and the Rangsi Helper`);
  const server = await startServer({
    port,
    dataDir: path.join(tmp, 'data'),
    logFile,
    timeoutMs: 300_000,
    env: { CD_HELPER_URL: `http://127.0.0.1:${helperPort}/cd/` },
  });
  const helper = await startHelper({
    server: server.baseUrl,
    port: helperPort,
    cdDir: path.join(tmp, 'cd'),
    viewerDir: path.join(tmp, 'viewer'),
    scanDir: path.join(tmp, 'scans'),
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, baseURL: server.baseUrl });
    const page = await context.newPage();
    await new LoginPage(page).goto();
    await new LoginPage(page).logIn('staff');
    await page.waitForURL((url) => !url.pathname.startsWith('/Member'));

    const results: RunResult[] = [];
    for (let r = 0; r < runs; r++) {
      console.log(`run ${r + 1}/${runs}: storing ${SLICES} slices of 512×512`);
      const accession = await storeCt(server.baseUrl, r);
      const result = await measure(page, server.baseUrl, accession);
      console.log(`  ${result.totalMs} ms`, result.stages, `${result.isoMb.toFixed(0)} MB`);
      results.push(result);
    }
    const total = median(results.map((r) => r.totalMs));
    const stageNames = ['waiting', 'downloading', 'unpacking', 'image'];
    const stageText = stageNames
      .map((s) => `${s} from ${median(results.map((r) => r.stages[s] ?? NaN))} ms`)
      .join(', ');
    const rows: Row[] = [
      {
        metric: `Download DICOM to CD Folder, ${SLICES}-slice CT to a finished ISO (median of ${runs})`,
        result: `${(total / 1000).toFixed(1)} s`,
        budget: `≤ ${BUDGET_MS / 1000} s`,
        ok: total <= BUDGET_MS,
        detail: `stages first seen: ${stageText}; ISO ${results[0]!.isoMb.toFixed(0)} MB; runs ${results.map((r) => r.totalMs).join(', ')} ms`,
      },
    ];
    const table = markdownTable(rows);
    console.log(table);
    if (!values['no-docs']) {
      updatePerformanceDoc(
        path.join(repoRoot, 'docs', 'performance.md'),
        `## CD download (bench/cd-disc.ts)\n\nMeasured ${utcMinute()} UTC on ${machine()}, commit ${commit(repoRoot)}: the real server on PGlite, the real Rangsi Helper with xorriso, Debian's Chromium pressing the worklist action; each run a new ${SLICES}-slice 512×512 CT (a fresh STD-GEN-CD export).\n\n${table}`,
        'cd-disc.ts',
      );
    }
    if (!rows.every((r) => r.ok !== false)) process.exitCode = 1;
  } finally {
    await browser.close();
    await helper.close();
    await server.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
