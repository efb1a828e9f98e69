import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import { openTestDatabase } from '../../test/test-app';

// requests.total_satang is what the billing search and a new batch bill (migration 0017, decision acc05): it must
// follow request_products whoever writes them.
async function rows<T>(database: DatabaseHandle, query: SQL): Promise<T[]> {
  const result: unknown = await database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

describe('requests.total_satang', () => {
  let database: DatabaseHandle;
  const totalOf = async (id: string) =>
    Number((await rows<{ t: string }>(database, sql`select total_satang as t from requests where id = ${id}`))[0]!.t);

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("equals the sum of every request's priced lines after the demo seed", async () => {
    const wrong = await rows<{ n: string }>(
      database,
      sql`
      select count(*) as n from requests r
      where r.total_satang <> coalesce((select sum(rp.unit_price_satang::bigint * rp.quantity) from request_products rp where rp.request_id = r.id), 0)`,
    );
    expect(Number(wrong[0]!.n)).toBe(0);
    const priced = await rows<{ n: string }>(database, sql`select count(*) as n from requests where total_satang > 0`);
    expect(Number(priced[0]!.n)).toBeGreaterThan(0);
  });

  it("follows inserts of many requests' lines in one statement, updates and deletes", async () => {
    const two = await rows<{ id: string }>(database, sql`select id from requests order by id limit 2`);
    const [a, b] = two.map((r) => r.id) as [string, string];
    const products = await rows<{ id: number }>(database, sql`select id from products order by id limit 2`);
    const [p1, p2] = products.map((p) => p.id) as [number, number];
    await database.db.execute(sql`delete from request_products where request_id in (${a}, ${b})`);
    expect([await totalOf(a), await totalOf(b)]).toEqual([0, 0]);

    await database.db.execute(sql`insert into request_products (request_id, product_id, quantity, unit_price_satang)
      values (${a}, ${p1}, 2, 150050), (${a}, ${p2}, 1, 99), (${b}, ${p1}, 1, 2000000000)`);
    expect(await totalOf(a)).toBe(2 * 150050 + 99);
    // A single line past the int range still adds up (bigint).
    await database.db.execute(
      sql`insert into request_products (request_id, product_id, quantity, unit_price_satang) values (${b}, ${p2}, 2, 2000000000)`,
    );
    expect(await totalOf(b)).toBe(6_000_000_000);

    await database.db.execute(
      sql`update request_products set quantity = 3 where request_id = ${a} and product_id = ${p1}`,
    );
    expect(await totalOf(a)).toBe(3 * 150050 + 99);

    // Moving a line from one request to another refreshes both; deleting the last line leaves 0.
    await database.db.execute(sql`delete from request_products where request_id = ${b}`);
    await database.db.execute(
      sql`update request_products set request_id = ${b} where request_id = ${a} and product_id = ${p2}`,
    );
    expect([await totalOf(a), await totalOf(b)]).toEqual([3 * 150050, 99]);
    await database.db.execute(sql`delete from request_products where request_id in (${a}, ${b})`);
    expect([await totalOf(a), await totalOf(b)]).toEqual([0, 0]);
  });
});
