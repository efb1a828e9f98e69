import type { LightMyRequestResponse } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/test-app';

/** The parts of the demo database the billing tests use, read once per file. */
export interface BillingFixture {
  rs1: number;
  rs2: number;
  /** Hospitals: H1 and H2 of RS1, H3 of RS2. */
  h1: number;
  h2: number;
  h3: number;
  /** Live requests of H1 (not deleted, not on Hold), oldest first, with their Bangkok appointment day. */
  h1Requests: { id: string; day: string; privilegeId: number | null }[];
  h2Request: string;
  h3Request: string;
}

export interface BillingTestContext {
  sut: TestContext;
  fx: BillingFixture;
  cookies: Record<string, string>;
  rows<T>(query: SQL): Promise<T[]>;
  one<T>(query: SQL): Promise<T>;
  get(user: string | null, url: string): Promise<LightMyRequestResponse>;
  post(user: string | null, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  count(table: 'billings' | 'billing_requests' | 'receipts' | 'receipt_lines' | 'document_numbers'): Promise<number>;
}

/**
 * The app on a fresh demo database, logged in as billing (RS1 Accounting), billing2 (an Accounting user of RS2 made
 * here), admin, staff and hospital; `env` overrides settings (PROMPTPAY_BILLER_ID).
 */
export async function openBillingTest(opts: { env?: Record<string, string> } = {}): Promise<BillingTestContext> {
  const sut = await createTestApp(opts);
  const rows = async <T>(query: SQL): Promise<T[]> => {
    const result: unknown = await sut.database.db.execute(query);
    return (result as { rows: T[] }).rows;
  };
  const one = async <T>(query: SQL): Promise<T> => {
    const [row] = await rows<T>(query);
    if (!row) throw new Error('no row');
    return row;
  };
  await sut.database.db.execute(sql`insert into users (username, password_hash, display_name, role_name, branch_id)
    select 'billing2', password_hash, 'บัญชี สาขา 2', 'Accounting', (select id from branches where code = 'RS2') from users where username = 'billing'`);
  const cookies: Record<string, string> = {};
  for (const u of ['billing', 'billing2', 'admin', 'staff', 'hospital']) cookies[u] = await sut.login(u);
  const branch = async (code: string) =>
    (await one<{ id: number }>(sql`select id from branches where code = ${code}`)).id;
  const hospital = async (code: string) =>
    (await one<{ id: number }>(sql`select id from hospitals where code = ${code}`)).id;
  const [rs1, rs2, h1, h2, h3] = [
    await branch('RS1'),
    await branch('RS2'),
    await hospital('H1'),
    await hospital('H2'),
    await hospital('H3'),
  ];
  const live = (h: number, limit: number) =>
    rows<{ id: string; day: string; privilege_id: number | null }>(sql`
    select id, to_char(appointment_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as day, privilege_id from requests
     where hospital_id = ${h} and deleted_at is null and status <> 'Hold' order by appointment_at, id limit ${limit}`);
  const fx: BillingFixture = {
    rs1,
    rs2,
    h1,
    h2,
    h3,
    h1Requests: (await live(h1, 40)).map((r) => ({ id: r.id, day: r.day, privilegeId: r.privilege_id })),
    h2Request: (await live(h2, 1))[0]!.id,
    h3Request: (await live(h3, 1))[0]!.id,
  };
  const headers = (user: string | null) => (user ? { cookie: cookies[user]! } : {});
  return {
    sut,
    fx,
    cookies,
    rows,
    one,
    get: (user, url) => sut.app.inject({ method: 'GET', url, headers: headers(user) }),
    post: (user, url, payload) =>
      sut.app.inject({
        method: 'POST',
        url,
        headers: headers(user),
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    count: async (table) => (await one<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`)).n,
  };
}

/** A batch of these H1 requests over their days, as the billing user; its ids. */
export async function createBatch(
  t: BillingTestContext,
  requestIds: string[],
  user = 'billing',
): Promise<{ billingId: string; documentId: string }> {
  const days = t.fx.h1Requests
    .filter((r) => requestIds.includes(r.id))
    .map((r) => r.day)
    .sort();
  const res = await t.post(user, '/api/billing/create', {
    startDate: days[0],
    endDate: days.at(-1),
    hospital: t.fx.h1,
    privilageId: null,
    requestIds,
  });
  if (res.statusCode !== 200) throw new Error(`create batch: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { billingId: string; documentId: string } }>().data;
}
