// DICOM ingest and query benchmark with budgets (`npm run bench:ingest`; not part of the tests), issue 4 "Budgets":
//   the same batch of ≥ 2,000 generated CT instances (several studies and series), sent with the same storescu
//   command to Rangsi (embedded database, fresh DATA_DIR) and to Orthanc (Debian package, storage and index in a
//   temp directory, SyncStorageArea on, inside a private network namespace), over one association and over four
//   parallel ones: instances/s for each and the ratio — budget Rangsi ≥ 1.2× Orthanc in both modes;
//   WADO-RS series metadata of a 500-instance series — budget ≤ 100 ms;
//   QIDO-RS study searches with 100,000 studies in the index — budget p95 ≤ 30 ms.
// The ceiling rows (not budgets) send the same batch to Rangsi's listener and file store in front of a stand-in that
// does not index (lib/ingest-ceiling-server.ts): how fast the receive path alone goes here, an upper bound for the
// real archive on this machine.
// Every archive first gets --warmup instances of other studies (500 by default), untimed, in the mode measured: the
// timed batch then meets each as a running archive would meet it, not in its first seconds (decision IN16).
// Rangsi acknowledges a C-STORE only after the file is fsynced and renamed and its index row committed.
// Prints tables, rewrites its section of docs/performance.md (full runs only), stops what it started, exits 1 when a
// number is over budget or a step failed.
//   npm run bench:ingest -- --instances 500 --runs 1 --no-orthanc --no-docs
//   npm run bench:ingest -- --warmup 0 --no-docs           (archives cold, as before 2026-11-27)
//   npm run bench:ingest -- --no-ingest --no-docs          (queries only)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeIngestCorpus, type IngestCorpus } from './lib/ingest-corpus';
import { commit, machine, markdownTable, type Row, updatePerformanceDoc } from './lib/report';
import { repoRoot, startServer, tsxCli } from './lib/server';
import { median, percentile } from './lib/stats';
import { countFiles, sendAll, waitForPort } from './lib/storescu';
import { logIn } from './lib/worklist-load';
import { measureQueries, seedStudies } from './lib/ingest-query';

const BUDGET = { ratio: 1.2, metadataMs: 100, qidoP95Ms: 30 };
const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '2000' },
    studies: { type: 'string', default: '8' },
    series: { type: 'string', default: '2' },
    size: { type: 'string', default: '140' },
    runs: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '500' },
    'qido-studies': { type: 'string', default: '100000' },
    'no-orthanc': { type: 'boolean', default: false },
    'no-query': { type: 'boolean', default: false },
    'no-ingest': { type: 'boolean', default: false },
    'no-docs': { type: 'boolean', default: false },
    'no-ceiling': { type: 'boolean', default: false },
    port: { type: 'string', default: '18391' },
  },
});
const num = (name: keyof typeof values, min = 1) => {
  const n = Number(String(values[name]).replaceAll('_', ''));
  if (!Number.isFinite(n) || n < min) {
    console.error(`--${name} takes a number ≥ ${min}`);
    process.exit(2);
  }
  return n;
};
const opts = {
  instances: num('instances'),
  studies: num('studies'),
  series: num('series'),
  size: num('size'),
  runs: num('runs'),
  warmup: num('warmup', 0),
  qidoStudies: num('qido-studies'),
  port: num('port'),
};
const full =
  !values['no-orthanc'] &&
  !values['no-query'] &&
  !values['no-ingest'] &&
  opts.instances >= 2000 &&
  opts.runs >= 3 &&
  opts.qidoStudies >= 100_000;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-bench-ingest-'));
const cleanups: (() => Promise<void> | void)[] = [];
async function cleanup(): Promise<void> {
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch (err) {
      console.error(`cleanup: ${(err as Error).message}`);
    }
  }
  fs.rmSync(work, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    void cleanup().finally(() => process.exit(130));
  });
}

type Mode = { name: string; dirs: (c: IngestCorpus) => string[] };
/** Sent to every archive, in the mode measured, before the timed batch (decision IN16): none when --warmup 0. */
let warm: IngestCorpus | null = null;
const warmCount = () => warm?.instances ?? 0;
const MODES: Mode[] = [
  { name: '1 association', dirs: (c) => [c.root] },
  { name: '4 parallel associations', dirs: (c) => c.groups },
];

/** One run against Rangsi: a fresh server on a fresh embedded database; instances/s. */
async function rangsiRun(corpus: IngestCorpus, mode: Mode, run: number): Promise<number> {
  const dataDir = path.join(work, `rangsi-${mode.dirs(corpus).length}-${run}`);
  const dicomPort = opts.port + 1;
  const server = await startServer({
    port: opts.port,
    dataDir,
    logFile: path.join(work, 'rangsi.log'),
    timeoutMs: 120_000,
    env: {
      DICOM_PORT: String(dicomPort),
      DICOM_HOST: '127.0.0.1',
      DICOM_ALLOWED_AE_TITLES: 'STORESCU',
      SEED: 'none',
      DEMO_IMAGES: 'off',
      LOG_LEVEL: 'warn',
    },
  });
  cleanups.push(() => server.stop());
  try {
    await waitForPort(dicomPort, 30_000);
    if (warm) await sendAll('RANGSI', '127.0.0.1', dicomPort, mode.dirs(warm));
    const ms = await sendAll('RANGSI', '127.0.0.1', dicomPort, mode.dirs(corpus));
    const stored = countFiles(path.join(dataDir, 'files', 'dicom'));
    if (stored !== corpus.instances + warmCount())
      throw new Error(`Rangsi stored ${stored} of ${corpus.instances + warmCount()} instances`);
    return (corpus.instances / ms) * 1000;
  } finally {
    cleanups.pop();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

type Ceiling = 'write' | 'parse';
const CEILINGS: { variant: Ceiling; label: string }[] = [
  { variant: 'write', label: 'receive + durable write, no parse, no index' },
  { variant: 'parse', label: 'receive + durable write + parse, no index' },
];

/** One run against the stand-in receiver (no index): instances/s. */
async function ceilingRun(corpus: IngestCorpus, mode: Mode, variant: Ceiling, run: number): Promise<number> {
  const dataDir = path.join(work, `ceiling-${variant}-${mode.dirs(corpus).length}-${run}`);
  const port = opts.port + 2;
  const child = spawn(process.execPath, [tsxCli, path.join(repoRoot, 'bench', 'lib', 'ingest-ceiling-server.ts')], {
    cwd: repoRoot,
    env: { ...process.env, CEILING: variant, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  cleanups.push(stop);
  try {
    await waitForPort(port, 60_000);
    if (warm) await sendAll('RANGSI', '127.0.0.1', port, mode.dirs(warm));
    const ms = await sendAll('RANGSI', '127.0.0.1', port, mode.dirs(corpus));
    const stored = countFiles(path.join(dataDir, 'files', 'dicom'));
    if (stored !== corpus.instances + warmCount())
      throw new Error(`the ceiling receiver stored ${stored} of ${corpus.instances + warmCount()} instances`);
    return (corpus.instances / ms) * 1000;
  } finally {
    cleanups.pop();
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function orthancAvailable(): string | null {
  if (spawnSync('which', ['Orthanc']).status !== 0) return 'Orthanc is not installed (apt-get install orthanc)';
  if (spawnSync('unshare', ['-n', 'true']).status !== 0) return 'unshare -n is not permitted here (needs root)';
  return null;
}

/** One run against Orthanc in its own network namespace; instances/s. */
function orthancRun(corpus: IngestCorpus, mode: Mode): number {
  const script = path.join(repoRoot, 'bench', 'lib', 'orthanc-run.sh');
  // The warm-up folders go in the environment, joined by ':' (the generated paths hold none).
  const env = { ...process.env, WARM_DIRS: warm ? mode.dirs(warm).join(':') : '' };
  const r = spawnSync('unshare', ['-n', 'bash', script, work, ...mode.dirs(corpus)], { encoding: 'utf8', env });
  if (r.status !== 0) throw new Error(`Orthanc run failed (exit ${r.status}): ${(r.stderr || r.stdout).slice(-500)}`);
  const elapsed = Number(/elapsed_ms (\d+)/.exec(r.stdout)?.[1]);
  const stored = Number(/stored (\d+)/.exec(r.stdout)?.[1]);
  if (stored !== corpus.instances + warmCount())
    throw new Error(`Orthanc stored ${stored} of ${corpus.instances + warmCount()} instances`);
  return (corpus.instances / elapsed) * 1000;
}

const rows: Row[] = [];
let failed = false;
try {
  console.log(
    `generating ${opts.instances} CT instances (${opts.studies} studies × ${opts.series} series, ${opts.size}×${opts.size} 16-bit) …`,
  );
  const corpus = writeIngestCorpus(path.join(work, 'corpus'), {
    instances: opts.instances,
    studies: opts.studies,
    seriesPerStudy: opts.series,
    groups: 4,
    size: opts.size,
  });
  console.log(`${corpus.instances} instances, ${(corpus.bytes / 1e6).toFixed(1)} MB`);
  // Other studies than the batch's, so that the timed batch is new to every archive.
  if (opts.warmup > 0)
    warm = writeIngestCorpus(path.join(work, 'warmup'), {
      instances: opts.warmup,
      studies: 4,
      seriesPerStudy: 1,
      groups: 4,
      size: opts.size,
    });
  const orthancMissing = values['no-orthanc'] ? 'skipped (--no-orthanc)' : orthancAvailable();

  for (const mode of values['no-ingest'] ? [] : MODES) {
    const rangsi: number[] = [];
    const orthanc: number[] = [];
    const ceilings = new Map<Ceiling, number[]>(values['no-ceiling'] ? [] : CEILINGS.map((c) => [c.variant, []]));
    // Interleaved, so that a change in the machine's state during the bench moves every column alike.
    for (let run = 1; run <= opts.runs; run += 1) {
      rangsi.push(await rangsiRun(corpus, mode, run));
      if (!orthancMissing) orthanc.push(orthancRun(corpus, mode));
      for (const [variant, speeds] of ceilings) speeds.push(await ceilingRun(corpus, mode, variant, run));
      const extra = [...ceilings]
        .map(([variant, speeds]) => `, ceiling (${variant}) ${speeds.at(-1)!.toFixed(0)} inst/s`)
        .join('');
      console.log(
        `${mode.name}, run ${run}: Rangsi ${rangsi.at(-1)!.toFixed(0)} inst/s${orthanc.length ? `, Orthanc ${orthanc.at(-1)!.toFixed(0)} inst/s` : ''}${extra}`,
      );
    }
    const r = median(rangsi);
    const o = orthanc.length ? median(orthanc) : null;
    rows.push({
      metric: `C-STORE, ${mode.name}: Rangsi`,
      result: `${r.toFixed(0)} inst/s`,
      budget: '—',
      ok: undefined,
      detail: `median of ${opts.runs}: ${rangsi.map((v) => v.toFixed(0)).join(', ')}`,
    });
    rows.push({
      metric: `C-STORE, ${mode.name}: Orthanc 1.10`,
      result: o === null ? 'not measured' : `${o.toFixed(0)} inst/s`,
      budget: '—',
      ok: undefined,
      detail: o === null ? orthancMissing! : `median of ${opts.runs}: ${orthanc.map((v) => v.toFixed(0)).join(', ')}`,
    });
    rows.push({
      metric: `C-STORE, ${mode.name}: Rangsi / Orthanc`,
      result: o === null ? '—' : `${(r / o).toFixed(2)}×`,
      budget: `≥ ${BUDGET.ratio}×`,
      ok: o === null ? undefined : r / o >= BUDGET.ratio,
      detail: '',
    });
    for (const c of CEILINGS) {
      const speeds = ceilings.get(c.variant);
      if (!speeds) continue;
      const m = median(speeds);
      rows.push({
        metric: `C-STORE, ${mode.name}: ceiling, ${c.label}`,
        result: `${m.toFixed(0)} inst/s`,
        budget: '—',
        ok: undefined,
        detail: `median of ${opts.runs}: ${speeds.map((v) => v.toFixed(0)).join(', ')}${o === null ? '' : `; ${(m / o).toFixed(2)}× Orthanc`}`,
      });
    }
  }

  if (!values['no-query']) {
    console.log(`query part: ${opts.qidoStudies} studies in the index, one 500-instance series …`);
    const dataDir = path.join(work, 'rangsi-query');
    await seedStudies(dataDir, opts.qidoStudies);
    const dicomPort = opts.port + 1;
    const server = await startServer({
      port: opts.port,
      dataDir,
      logFile: path.join(work, 'rangsi.log'),
      timeoutMs: 300_000,
      env: {
        DICOM_PORT: String(dicomPort),
        DICOM_HOST: '127.0.0.1',
        DICOM_ALLOWED_AE_TITLES: 'STORESCU',
        SEED: 'demo',
        DEMO_IMAGES: 'off',
        LOG_LEVEL: 'warn',
      },
    });
    cleanups.push(() => server.stop());
    await waitForPort(dicomPort, 30_000);
    const series = writeIngestCorpus(path.join(work, 'series500'), {
      instances: 500,
      studies: 1,
      seriesPerStudy: 1,
      groups: 1,
      size: 64,
    });
    await sendAll('RANGSI', '127.0.0.1', dicomPort, [series.root]);
    const cookie = await logIn(server.baseUrl, 'admin', 'rangsi-demo');
    const q = await measureQueries(server.baseUrl, cookie);
    rows.push({
      metric: 'WADO-RS series metadata, 500 instances',
      result: `${median(q.metadataMs).toFixed(1)} ms median, ${percentile(q.metadataMs, 95).toFixed(1)} ms p95`,
      budget: `≤ ${BUDGET.metadataMs} ms`,
      ok: percentile(q.metadataMs, 95) <= BUDGET.metadataMs,
      detail: `${q.metadataMs.length} requests, ${q.metadataInstances} instances answered`,
    });
    for (const s of q.searches) {
      const p95 = percentile(s.ms, 95);
      rows.push({
        metric: `QIDO-RS studies: ${s.name}`,
        result: `p50 ${median(s.ms).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`,
        budget: `p95 ≤ ${BUDGET.qidoP95Ms} ms`,
        ok: p95 <= BUDGET.qidoP95Ms,
        detail: `${s.ms.length} requests as ${s.user}, ${s.matches} studies per answer, ${opts.qidoStudies} studies indexed`,
      });
    }
    cleanups.pop();
    await server.stop();
  }
} catch (err) {
  failed = true;
  console.error(`bench failed: ${err instanceof Error ? err.stack : String(err)}`);
} finally {
  await cleanup();
}

const table = markdownTable(rows);
console.log(`\n${table}`);
if (full && !failed) {
  updatePerformanceDoc(
    path.join(repoRoot, 'docs', 'performance.md'),
    [
      '## DICOM ingest and queries (`npm run bench:ingest`)',
      '',
      `Measured ${new Date().toISOString().slice(0, 10)} at ${commit(repoRoot)} on ${machine()}; ${opts.instances} generated CT instances`,
      `(${opts.studies} studies × ${opts.series} series, ${opts.size}×${opts.size} 16-bit, explicit VR little endian), sent with`,
      `\`storescu -q -nh +sd +r -R -xe\` (TCP_NODELAY=1) to each archive started fresh${opts.warmup ? ' and warmed up with' : ', cold'}`,
      `${opts.warmup ? `${opts.warmup} instances of other studies sent the same way (untimed)` : '(no warm-up)'}; median of the runs, the archives`,
      "interleaved run by run. The ceiling rows are not budgets: Rangsi's own listener and file store in front of a stand-in",
      'that does not index (`bench/lib/ingest-ceiling-server.ts`), acknowledging once the file is fsynced: how fast the',
      'receive path alone goes on this machine, an upper bound for the real archive.',
      '',
      table,
    ].join('\n'),
    'ingest.ts',
  );
  console.log('docs/performance.md updated');
}
if (failed || rows.some((r) => r.ok === false)) process.exit(1);
