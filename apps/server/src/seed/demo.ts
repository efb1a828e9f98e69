import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password';
import type { Database } from '../db/client';
import {
  accessionSequences,
  branches,
  customPrices,
  examEvents,
  exams,
  patientContacts,
  patients,
  requestProducts,
  requests,
} from '../db/schema/index';
import { rememberDicomPeers } from '../dicom/dimse/known-peers';
import { DEMO_PASSWORD } from './data/organization';
import { seedDemoAccounting, type AccountingDemoCounts } from './demo-accounting';
import { seedDemoClinical } from './demo-clinical';
import { planExams } from './demo-exams';
import { seedOrganization } from './demo-org';
import { planPatients } from './demo-patients';
import { seedDemoReports } from './demo-reports';
import { buildRows } from './demo-rows';
import { insertChunks } from './insert-chunks';
import { createRng } from './prng';
import { seedReference } from './reference';

export interface DemoOptions {
  patients?: number;
  /** Exams over the last 30 days; the week ahead's appointments come on top. */
  exams?: number;
  now?: Date;
  randomSeed?: number;
  /**
   * A month of billing batches, receipts, petty cash and exam fees (default true). The API tests' template leaves
   * them out, so each billing and accounting test starts from requests nobody has billed.
   */
  accounting?: boolean;
}

export interface DemoSummary {
  /** Branch id by code (RS1, RS2, RS3). */
  branches: Record<string, number>;
  /** Hospital id by code (H1 … H4). */
  hospitals: Record<string, number>;
  /** User id by username. */
  users: Record<string, string>;
  counts: {
    patients: number;
    requests: number;
    exams: number;
    pastExams: number;
    scheduledAhead: number;
    requestProducts: number;
    examEvents: number;
    products: number;
    users: number;
  };
  /** Billing batches, receipts, petty cash and exam fees of the last month (issue 24). */
  accounting: AccountingDemoCounts;
  now: Date;
}

const NO_ACCOUNTING: AccountingDemoCounts = {
  billings: 0,
  billingLines: 0,
  receipts: 0,
  voidedReceipts: 0,
  pettyCashEntries: 0,
  examFees: 0,
};

/**
 * Fills an empty database with a believable month of a three-branch radiology service (spec §3): the same seed and
 * clock always give the same data. It refuses a database that already has branches, rather than mixing in.
 */
export async function seedDemo(db: Database, opts: DemoOptions = {}): Promise<DemoSummary> {
  const now = opts.now ?? new Date();
  const patientCount = opts.patients ?? 300;
  const examCount = opts.exams ?? 3000;
  const seed = opts.randomSeed ?? 20_250_101;
  if (patientCount < 1 || examCount < 1) throw new Error('seedDemo needs at least one patient and one exam');

  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(branches);
  if ((existing?.n ?? 0) > 0)
    throw new Error('seedDemo: the database already has branches; demo data goes into an empty database only');

  await seedReference(db);
  // Separate streams: ids never shift the content, and content changes never shift earlier sections.
  const idRng = createRng(seed ^ 0x1d5eed);
  const orgRng = createRng(seed);
  const patientRng = createRng(seed + 1);
  const examRng = createRng(seed + 2);
  const rowRng = createRng(seed + 3);

  // argon2 is deliberately slow: one hash shared by every demo account.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return db.transaction(async (tx) => {
    const txDb: Database = tx;
    const org = await seedOrganization(txDb, orgRng, idRng, passwordHash, now);
    const plan = planPatients(patientRng, idRng, org, patientCount, now);
    await insertChunks(txDb, patients, plan.rows);
    await insertChunks(txDb, patientContacts, plan.contacts);

    const drafts = planExams({ rng: examRng, idRng, org, patients: plan.patients, pastExams: examCount, now });
    const rows = buildRows(rowRng, org, drafts, now);
    await insertChunks(txDb, requests, rows.requests);
    await insertChunks(txDb, requestProducts, rows.requestProducts);
    await insertChunks(txDb, customPrices, rows.customPrices);
    await insertChunks(txDb, exams, rows.exams, 400);
    await insertChunks(txDb, examEvents, rows.events, 1000);
    await insertChunks(txDb, accessionSequences, rows.sequences);
    await seedDemoReports(txDb, { rng: createRng(seed + 4), org, exams: rows.exams, events: rows.events });
    await seedDemoClinical(txDb);
    const accounting =
      opts.accounting === false
        ? NO_ACCOUNTING
        : await seedDemoAccounting(txDb, { rng: createRng(seed + 5), org, rows, now });
    // The demo's simulated modalities (the exams' stations) may send images and query the worklist out of the box.
    await rememberDicomPeers(txDb, [
      ...new Set(rows.exams.map((e) => e.scheduledStationAeTitle).filter((t): t is string => !!t)),
    ]);

    const scheduledAhead = drafts.filter((r) => r.ahead).reduce((n, r) => n + r.exams.length, 0);
    return {
      branches: Object.fromEntries(org.branches.map((b) => [b.code, b.id])),
      hospitals: Object.fromEntries(org.hospitals.map((h) => [h.code, h.id])),
      users: Object.fromEntries([...org.users.values()].map((u) => [u.username, u.id])),
      counts: {
        patients: plan.rows.length,
        requests: rows.requests.length,
        exams: rows.exams.length,
        pastExams: rows.exams.length - scheduledAhead,
        scheduledAhead,
        requestProducts: rows.requestProducts.length,
        examEvents: rows.events.length,
        products: org.products.length,
        users: org.users.size,
      },
      accounting,
      now,
    };
  });
}
