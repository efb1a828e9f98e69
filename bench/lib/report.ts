import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Row {
  metric: string;
  result: string;
  budget: string;
  /** true within budget, false over it, undefined when the row has no budget or was not measured. */
  ok: boolean | undefined;
  detail: string;
}

export function status(row: Row): string {
  if (row.ok === undefined) return row.budget === '—' ? '' : 'not measured';
  return row.ok ? 'ok' : 'OVER BUDGET';
}

export function markdownTable(rows: readonly Row[]): string {
  const lines = ['| metric | result | budget | status | detail |', '| --- | --- | --- | --- | --- |'];
  for (const r of rows) lines.push(`| ${[r.metric, r.result, r.budget, status(r), r.detail].map(cell).join(' | ')} |`);
  return lines.join('\n');
}

/** Text safe in a markdown table cell: pipes escaped, line breaks as spaces. */
export function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

export function machine(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const memGiB = (os.totalmem() / 1024 ** 3).toFixed(0);
  return `${os.availableParallelism()} cores (nproc), ${cpu}, ${memGiB} GiB, Node ${process.version}, ${os.type()} ${os.release()}`;
}

export function commit(cwd: string): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    return dirty ? `${sha} (with uncommitted changes)` : sha;
  } catch {
    return 'no commit';
  }
}

const PREAMBLE = `# Performance

Budgets and the latest measurements. Benchmarks are not tests and are not part of \`npm test\` or CI: run
them by hand on a machine doing nothing else, then commit this file with the change that moved a number.
Each benchmark keeps its own section below; its script rewrites only the text between its markers.
`;

/**
 * Writes `section` between a bench's markers in docs/performance.md (`<!-- bench:NAME:start -->` … `end -->`,
 * NAME the bench's script, run.ts by default), creating the file or the section.
 */
export function updatePerformanceDoc(docPath: string, section: string, bench = 'run.ts'): void {
  const START = `<!-- bench:${bench}:start -->`;
  const END = `<!-- bench:${bench}:end -->`;
  const block = `${START}\n${section.trim()}\n${END}`;
  let text = existsSync(docPath) ? readFileSync(docPath, 'utf8') : PREAMBLE;
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start !== -1 && end > start) {
    text = text.slice(0, start) + block + text.slice(end + END.length);
  } else {
    text = `${text.trimEnd()}\n\n${block}\n`;
  }
  mkdirSync(path.dirname(docPath), { recursive: true });
  writeFileSync(docPath, text.endsWith('\n') ? text : `${text}\n`);
}

/** Now in UTC to the minute, "2025-01-31 14:05", for the report's "Measured … UTC". */
export function utcMinute(): string {
  return new Date().toISOString().replace('T', ' ').slice(0, 16);
}

/** The report's load note: the 1-minute load average at the start, then `perEngine` (each engine's before → after). */
export function loadAverageNote(atStart: number, perEngine: string): string {
  return `1-minute load average ${atStart.toFixed(1)} at the start (${perEngine})`;
}
