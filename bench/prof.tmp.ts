import { performance } from 'node:perf_hooks';
import { explainBillingCalls } from './lib/billing-explain';
import { openCapturing, benchUser } from './lib/explain';
import { BillingRepository } from '../apps/server/src/modules/billing/billing.repository';
import { BillingService } from '../apps/server/src/modules/billing/billing.service';
import { DocumentNumbers } from '../apps/server/src/modules/billing/document-numbers';
import { RequestsRepository } from '../apps/server/src/modules/requests/requests.repository';
import { RequestsService } from '../apps/server/src/modules/requests/requests.service';
import type { AuditService } from '../apps/server/src/audit/audit.service';
import { BillingSearchResultSchema } from '@rangsi/contract';
const url = process.argv[2]!;
const target = { databaseUrl: url, dataDir: '/tmp/x' };
const { db, captured, raw, close } = await openCapturing(target, 2);
const [h] = (await raw("select id from hospitals where code='H1'", [])) as { id: number }[];
const q = { startDate: '2025-11-29', endDate: '2026-11-29', hospitalId: h!.id };
const audit = { record: async () => undefined } as unknown as AuditService;
const svc = new BillingService(new BillingRepository(db), new RequestsService(new RequestsRepository(db), audit), new DocumentNumbers(() => new Date()), audit);
const user = await benchUser(raw, 'billing');
for (let i = 0; i < 0; i++) {
  captured.length = 0;
  const t0 = performance.now();
  const r = await svc.search(user, q);
  const t1 = performance.now();
  const parsed = BillingSearchResultSchema.parse(r);
  const t2 = performance.now();
  const json = JSON.stringify({ success: true, data: parsed });
  const t3 = performance.now();
  console.log(`service ${(t1 - t0).toFixed(1)} ms, zod parse ${(t2 - t1).toFixed(1)} ms, stringify ${(t3 - t2).toFixed(1)} ms, ${json.length} bytes, ${captured.length} statements`);
}
await close();
for (const p of await explainBillingCalls(target, [{ id: 'year', user: 'billing', body: { kind: 'search', query: q } }, { id: 'hist', user: 'billing', body: { kind: 'history', query: { hospitalId: h!.id } } }])) {
  console.log(`${p.scenario} ${p.query}: ${p.executionMs.toFixed(1)} ms (plan ${p.planningMs.toFixed(1)}) ${p.shape}; ${p.scans.join('; ')}`);
}
for (const p of await explainBillingCalls(target, [{ id: 'year', user: 'billing', body: { kind: 'search', query: q } }, { id: 'hist', user: 'billing', body: { kind: 'history', query: { hospitalId: h!.id } } }])) {
  if (p.executionMs > 5) { console.log(`== ${p.scenario} ${p.query}`); for (const l of p.text) console.log(l); }
}
