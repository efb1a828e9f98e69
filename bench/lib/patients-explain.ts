// EXPLAIN (ANALYZE, BUFFERS) of the SQL one patient search runs, taken from the server's own service and repository
// code (a Drizzle logger records the statements while PatientsService.search runs), so the plans follow any change.
import { PatientsRepository } from '../../apps/server/src/modules/patients/patients.repository';
import { PatientsService } from '../../apps/server/src/modules/patients/patients.service';
import { explainServiceSearches, type TextPlanSummary } from './explain';
import type { PatientScenario } from './patients-load';
import type { BenchTarget } from './sql-client';

export type PatientPlan = TextPlanSummary;

/**
 * Runs each scenario's search through PatientsService as the route does (its audit line left out), captures the
 * statements, then EXPLAIN (ANALYZE, BUFFERS) of each: once as text (which also warms the cache), then in JSON
 * for the summary. The server must be stopped first on PGlite (one process per data directory).
 */
export async function explainPatientSearches(
  target: BenchTarget,
  list: PatientScenario[],
): Promise<{ version: string; plans: PatientPlan[] }> {
  return explainServiceSearches(target, list, {
    poolSize: 2,
    search: (db, audit) => {
      const service = new PatientsService(new PatientsRepository(db), async () => false, audit);
      return (user, body) => service.search(user, body);
    },
    statementName: (_query, i, count) => (count === 1 ? 'search' : `statement ${i + 1}`),
  });
}
