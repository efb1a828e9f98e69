// CPU time used by a process tree (Linux /proc): on a machine shared with other work, latency stretches with the
// load but the CPU a request costs does not, so the bench reports both.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

interface Stat {
  ppid: number;
  ticks: number;
}

function readStat(pid: number): Stat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: split after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // After the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
    const n = (i: number) => Number(fields[i] ?? 0);
    return { ppid: n(1), ticks: n(11) + n(12) + n(13) + n(14) };
  } catch {
    return undefined;
  }
}

/**
 * CPU milliseconds (user + system) of `root` and all its descendants, including children that already exited
 * and were waited for. Undefined when /proc is not there (not Linux).
 */
export function treeCpuMs(root: number | undefined): number | undefined {
  if (root === undefined) return undefined;
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return undefined;
  }
  const children = new Map<number, number[]>();
  const stats = new Map<number, Stat>();
  for (const e of entries) {
    const pid = Number(e);
    const s = readStat(pid);
    if (!s) continue;
    stats.set(pid, s);
    const list = children.get(s.ppid) ?? [];
    list.push(pid);
    children.set(s.ppid, list);
  }
  if (!stats.has(root)) return undefined;
  let ticks = 0;
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    ticks += stats.get(pid)?.ticks ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return (ticks * 1000) / clockTicks();
}

/** The postmaster's pid from a data directory. */
export function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A reader of the CPU milliseconds so far of the app server's process tree plus, when the bench runs PostgreSQL, the
 * postmaster's (its backends are its children; PGlite runs inside the server process). Undefined when either is
 * unknown, so a run without both reports no CPU rather than too little.
 */
export function cpuOfServerAndDatabase(
  serverPid: number | undefined,
  postgres: boolean,
  postmaster: number | undefined,
): () => number | undefined {
  return () => {
    const a = treeCpuMs(serverPid);
    const b = postgres ? treeCpuMs(postmaster) : 0;
    return a === undefined || b === undefined ? undefined : a + b;
  };
}
