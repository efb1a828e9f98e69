import { spawn } from 'node:child_process';
import path from 'node:path';

/** How an outside program ended when it did not succeed: its own words (last lines of stderr) and why. */
export class ProgramError extends Error {
  constructor(
    readonly program: string,
    readonly reason: 'missing' | 'failed' | 'timeout' | 'aborted',
    readonly stderr: string,
    readonly exitCode: number | null,
  ) {
    super(`${path.basename(program)} ${reason}${exitCode === null ? '' : ` (exit ${exitCode})`}`);
  }
}

export interface RunOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  /** Each complete line the program writes on stdout, as it comes. */
  onLine?: (line: string) => void;
}

const STDERR_KEEP = 4096;

/**
 * Runs a program with an argument array (never a shell: nothing it is given is interpreted) and resolves with its
 * stdout when it exits 0. A program that outlives its time-out, or whose signal aborts, is killed (SIGKILL: a stuck
 * device driver may ignore SIGTERM).
 */
export function runProgram(program: string, args: string[], options: RunOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'], env: options.env ?? process.env });
    let stdout = '';
    let pending = '';
    let stderr = '';
    let ended: ProgramError['reason'] | null = null;
    const kill = (why: 'timeout' | 'aborted') => {
      ended ??= why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => kill('timeout'), options.timeoutMs);
    const onAbort = () => kill('aborted');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (!options.onLine) return;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const l of lines) options.onLine(l);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEEP);
    });
    const done = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (err: NodeJS.ErrnoException) => {
      done();
      reject(new ProgramError(program, err.code === 'ENOENT' ? 'missing' : 'failed', err.code ?? '', null));
    });
    child.on('close', (code) => {
      done();
      if (pending && options.onLine) options.onLine(pending);
      if (ended) reject(new ProgramError(program, ended, stderr.trim(), code));
      else if (code === 0) resolve(stdout);
      else reject(new ProgramError(program, 'failed', stderr.trim(), code));
    });
  });
}

/** The last few lines a program wrote on stderr: what the user is shown of its own words. */
export function lastLines(text: string, count = 3): string {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-count)
    .join('\n');
}
