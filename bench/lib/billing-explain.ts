// EXPLAIN (ANALYZE, BUFFERS) of the SQL the billing search and history run, captured from the server's own billing
// and requests code (a Drizzle logger records the statements while BillingService runs), so the plans follow any
// change to either module.
import type { BillingHistoryQuery, BillingSearch } from '@rangsi/contract';
import { BillingRepository } from '../../apps/server/src/modules/billing/billing.repository';
import { BillingService } from '../../apps/server/src/modules/billing/billing.service';
import { DocumentNumbers } from '../../apps/server/src/modules/billing/document-numbers';
import { RequestsRepository } from '../../apps/server/src/modules/requests/requests.repository';
import { RequestWritesRepository } from '../../apps/server/src/modules/requests/request-writes.repository';
import { createExamState } from '../../apps/server/src/modules/exams/exam-state';
import { RequestsService } from '../../apps/server/src/modules/requests/requests.service';
import type { AuditService } from '../../apps/server/src/audit/audit.service';
import { explainServiceSearches, type TextPlanSummary } from './explain';
import type { BenchTarget } from './sql-client';

/** A billing call to explain: a search or a history page, as the billing user sends it. */
export type BillingExplainBody =
  { kind: 'search'; query: BillingSearch } | { kind: 'history'; query: BillingHistoryQuery };
export interface BillingExplainCall {
  id: string;
  user: string;
  body: BillingExplainBody;
}

/** "1: requests", "2: billing_requests": the statement's place and the table of its outermost FROM. */
function statementName(query: string, i: number): string {
  let outer = query;
  for (let prev = ''; prev !== outer;) [prev, outer] = [outer, outer.replace(/\([^()]*\)/g, ' _ ')];
  const from = /\bfrom\s+"?(\w+)"?/i.exec(outer)?.[1] ?? '?';
  return `${i + 1}: ${from}`;
}

/** Runs each call through BillingService as the route does (no audit line), then EXPLAIN (ANALYZE, BUFFERS) of each statement. */
export async function explainBillingCalls(
  target: BenchTarget,
  calls: BillingExplainCall[],
): Promise<TextPlanSummary[]> {
  const { plans } = await explainServiceSearches<BillingExplainBody>(target, calls, {
    poolSize: 4,
    search: (db, audit: AuditService) => {
      const requests = new RequestsService(
        new RequestsRepository(db),
        new RequestWritesRepository(db),
        createExamState(db),
        audit,
      );
      const service = new BillingService(
        new BillingRepository(db),
        requests,
        new DocumentNumbers(() => new Date()),
        audit,
      );
      return (user, body) =>
        body.kind === 'search' ? service.search(user, body.query) : service.history(user, body.query);
    },
    statementName,
  });
  return plans;
}
