// EXPLAIN ANALYZE of the SQL one worklist search runs, taken from the server's own repository code (a Drizzle
// logger records the statements while the repository runs them), so the plans follow any change to that code.
import type { ExamSearch } from '@rangsi/contract';
import { examScopeCondition } from '../../apps/server/src/auth/data-scope/exam-scope';
import { ExamsRepository } from '../../apps/server/src/modules/exams/exams.repository';
import { benchUser, explainJson, openCapturing, type PlanSummary, serverVersion, summarize } from './explain';
import type { BenchTarget } from './sql-client';
import type { Scenario } from './worklist-load';

/**
 * Runs each scenario's search through ExamsRepository as ExamsService does (conditions with the user's scope,
 * the page of ids and the count, a doctor's per-client counts, the rows of the page), then EXPLAIN (ANALYZE,
 * BUFFERS) of every statement, twice, keeping the second (warm) run. The server must be stopped first on PGlite.
 */
export async function explainScenarios(
  target: BenchTarget,
  list: Scenario[],
): Promise<{ version: string; plans: PlanSummary[] }> {
  const { db, captured, raw, close } = await openCapturing(target, 2);
  const out: PlanSummary[] = [];
  let version = '?';
  try {
    version = await serverVersion(raw);
    const repo = new ExamsRepository(db);
    for (const s of list) {
      const user = await benchUser(raw, s.user);
      const f = s.body as ExamSearch;
      const base = repo.searchConditions(f, examScopeCondition(user));
      captured.length = 0;
      const { ids } = await repo.searchPage(base, 1);
      const names = ['page', 'count'];
      if (user.roleName === 'Doctor') {
        await repo.openCountsByClient(base);
        names.push('clients');
      }
      await repo.hydrate(ids);
      if (ids.length > 0) names.push('rows');
      const statements = [...captured];
      for (const [i, c] of statements.entries()) {
        await explainJson(raw, c);
        out.push(summarize(s.id, names[i] ?? `statement ${i + 1}`, await explainJson(raw, c)));
      }
    }
  } finally {
    await close();
  }
  return { version, plans: out };
}
