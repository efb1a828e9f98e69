import fs from 'node:fs';
import path from 'node:path';
import { run } from './dcmtk';

export interface FindAnswer {
  /** Top-level attributes by tag ("0010,0010"), values as printed by findscu (trailing padding removed). */
  top: Map<string, string>;
  /** Attributes of the first ScheduledProcedureStepSequence item. */
  sps: Map<string, string>;
}

/** findscu -W with -k keys; parses the pending answers it prints, and whether the final status was Success. */
export async function findscuWorklist(
  port: number,
  keys: string[],
  callingAe?: string,
): Promise<{ ok: boolean; final: string; answers: FindAnswer[]; output: string }> {
  return findscu(port, ['-W', ...(callingAe ? ['-aet', callingAe] : []), '-aec', 'RANGSI'], keys);
}

/** findscu -S (Study Root) as `callingAe`, with -k keys. */
export async function findscuStudyRoot(
  port: number,
  callingAe: string,
  keys: string[],
): Promise<{ ok: boolean; final: string; answers: FindAnswer[]; output: string; code: number | null }> {
  return findscu(port, ['-S', '-aet', callingAe, '-aec', 'RANGSI'], keys);
}

/** findscu -P (Patient Root) as `callingAe`, with -k keys. */
export async function findscuPatientRoot(
  port: number,
  callingAe: string,
  keys: string[],
): Promise<{ ok: boolean; final: string; answers: FindAnswer[]; output: string; code: number | null }> {
  return findscu(port, ['-P', '-aet', callingAe, '-aec', 'RANGSI'], keys);
}

async function findscu(
  port: number,
  model: string[],
  keys: string[],
): Promise<{ ok: boolean; final: string; answers: FindAnswer[]; output: string; code: number | null }> {
  const args = ['-v', ...model];
  for (const k of keys) args.push('-k', k);
  const r = await run('findscu', [...args, '127.0.0.1', String(port)]);
  const output = r.stdout + r.stderr;
  const answers: FindAnswer[] = [];
  let current: FindAnswer | null = null;
  for (const line of output.split('\n')) {
    if (/Find Response: \d+ \(Pending/.test(line)) {
      current = { top: new Map(), sps: new Map() };
      answers.push(current);
      continue;
    }
    const m = /^I: ( *)\(([0-9a-f]{4},[0-9a-f]{4})\) [A-Z]{2} (?:\[(.*)\]|\(no value available\)|\()/.exec(line);
    if (!m || !current) continue;
    const value = (m[3] ?? '').replace(/[ \0]+$/, '');
    (m[1]!.length > 0 ? current.sps : current.top).set(m[2]!, value);
  }
  const final = /Received Final Find Response \((.+)\)/.exec(output)?.[1] ?? 'none';
  return { ok: r.code === 0 && final === 'Success', final, answers, output, code: r.code };
}

/**
 * findscu (-S Study Root or -P Patient Root) with -X: each answer written to a file in `dir`, read back by dcmdump -Un,
 * so that UIDs stay numbers and binary values (US) are printed too. Each answer: tag ("0008,0061") → value.
 */
export async function findscuExtracted(
  port: number,
  callingAe: string,
  model: '-S' | '-P',
  keys: string[],
  dir: string,
): Promise<{ final: string; answers: Map<string, string>[]; output: string }> {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const args = ['-v', model, '-aet', callingAe, '-aec', 'RANGSI', '-X', '-od', dir];
  for (const k of keys) args.push('-k', k);
  const r = await run('findscu', [...args, '127.0.0.1', String(port)]);
  const output = r.stdout + r.stderr;
  const answers: Map<string, string>[] = [];
  for (const name of fs.readdirSync(dir).sort()) {
    const dump = await run('dcmdump', ['-q', '-Un', '+L', path.join(dir, name)]);
    const top = new Map<string, string>();
    for (const line of dump.stdout.split('\n')) {
      const m = /^\(([0-9a-f]{4},[0-9a-f]{4})\) [A-Z]{2} (?:\[(.*)\]|\(no value available\)|(\S+))\s+#/.exec(line);
      if (m && m[1]!.slice(0, 4) !== '0002') top.set(m[1]!, m[2] ?? m[3] ?? '');
    }
    answers.push(top);
  }
  const final = /Received Final Find Response \((.+)\)/.exec(output)?.[1] ?? 'none';
  return { final, answers, output };
}
