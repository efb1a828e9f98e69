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
