// EXPLAIN (ANALYZE, BUFFERS) of the SQL one request search runs, taken from the server's own service and repository
// code (a Drizzle logger records the statements while RequestsService.search runs), so the plans follow any change.
import { RequestsRepository } from '../../apps/server/src/modules/requests/requests.repository';
import { RequestWritesRepository } from '../../apps/server/src/modules/requests/request-writes.repository';
import { createExamState } from '../../apps/server/src/modules/exams/exam-state';
import { RequestsService } from '../../apps/server/src/modules/requests/requests.service';
import { explainServiceSearches, type TextPlanSummary } from './explain';
import type { RequestScenario } from './requests-load';
import type { BenchTarget } from './sql-client';

export type RequestPlan = TextPlanSummary;

/** A short name for a captured statement: the table of its outermost FROM (or "count" for a count). */
function statementName(query: string, i: number): string {
  let outer = query;
  for (let prev = ''; prev !== outer;) [prev, outer] = [outer, outer.replace(/\([^()]*\)/g, ' _ ')];
  const from = /\bfrom\s+"?(\w+)"?/i.exec(outer)?.[1] ?? '?';
  return `${i + 1}: ${/count\(\*\)/i.test(query) ? 'count' : from === '_' ? 'page' : from}`;
}

/**
 * Runs each scenario's search through RequestsService as the route does (its audit line left out), captures the
 * statements, then EXPLAIN (ANALYZE, BUFFERS) of each: once as text (which also warms the cache), then in JSON for
 * the summary. The server must be stopped first on PGlite (one process per data directory).
 */
export async function explainRequestSearches(
  target: BenchTarget,
  list: RequestScenario[],
): Promise<{ version: string; plans: RequestPlan[] }> {
  return explainServiceSearches(target, list, {
    poolSize: 4,
    search: (db, audit) => {
      const service = new RequestsService(
        new RequestsRepository(db),
        new RequestWritesRepository(db),
        createExamState(db),
        audit,
      );
      return (user, body) => service.search(user, body);
    },
    statementName,
  });
}
