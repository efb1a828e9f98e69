import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accessionSequences, customPrices, requestProducts, requests } from '../../db/schema/index';

export type NewRequest = typeof requests.$inferInsert;
/** The columns a save sets on an existing request; `version` and `updatedAt` are the repository's. */
export type RequestChange = Omit<Partial<NewRequest>, 'id' | 'version' | 'updatedAt'>;

export interface RequestLine {
  productId: number;
  quantity: number;
  dose: string | null;
  unitPriceSatang: number;
}

/**
 * Every write of `requests`, `request_products`, `custom_prices` and `accession_sequences` (the requests module owns
 * them). The methods that take `tx` run inside the caller's transaction, opened with `transaction`.
 */
export class RequestWritesRepository {
  constructor(private readonly db: Database) {}

  /** One transaction; every write of a save goes through its `tx` (PGlite has one connection). */
  transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx));
  }

  async insertRequest(tx: Database, values: NewRequest): Promise<void> {
    await tx.insert(requests).values(values);
  }

  /** The change, only if the request is live and still at `version`; false on a lost race. */
  async updateIfVersion(tx: Database, id: string, version: number, change: RequestChange, at: Date): Promise<boolean> {
    const [updated] = await tx
      .update(requests)
      .set({ ...change, updatedAt: at, version: sql`${requests.version} + 1` })
      .where(and(eq(requests.id, id), eq(requests.version, version), isNull(requests.deletedAt)))
      .returning({ id: requests.id });
    return Boolean(updated);
  }

  /** Soft-deletes a live request; false when it was deleted already. */
  async softDelete(tx: Database, id: string, by: { userId: string; reason: string; at: Date }): Promise<boolean> {
    const [done] = await tx
      .update(requests)
      .set({ deletedAt: by.at, deletedBy: by.userId, deleteReason: by.reason })
      .where(and(eq(requests.id, id), isNull(requests.deletedAt)))
      .returning({ id: requests.id });
    return Boolean(done);
  }

  /** A held request goes back to Active (its custom price was decided). */
  async activate(tx: Database, id: string, at: Date): Promise<void> {
    await tx
      .update(requests)
      .set({ status: 'Active', statusRemark: null, updatedAt: at, version: sql`${requests.version} + 1` })
      .where(eq(requests.id, id));
  }

  async insertLines(tx: Database, requestId: string, lines: RequestLine[]): Promise<void> {
    if (lines.length === 0) return;
    await tx.insert(requestProducts).values(lines.map((l) => ({ requestId, ...l })));
  }

  async deleteLines(tx: Database, requestId: string): Promise<void> {
    await tx.delete(requestProducts).where(eq(requestProducts.requestId, requestId));
  }

  async setLinePrice(tx: Database, requestId: string, productId: number, unitPriceSatang: number): Promise<void> {
    await tx
      .update(requestProducts)
      .set({ unitPriceSatang })
      .where(and(eq(requestProducts.requestId, requestId), eq(requestProducts.productId, productId)));
  }

  async proposeCustomPrice(tx: Database, values: typeof customPrices.$inferInsert): Promise<void> {
    await tx.insert(customPrices).values(values);
  }

  async withdrawCustomPrice(tx: Database, id: number): Promise<void> {
    await tx.update(customPrices).set({ status: 'Withdrawn' }).where(eq(customPrices.id, id));
  }

  /** An Administrator's decision on a Pending proposal; false when it was not Pending any more. */
  async decideCustomPrice(
    tx: Database,
    id: number,
    decision: 'Approved' | 'Rejected',
    by: { userId: string; at: Date },
  ): Promise<boolean> {
    const [done] = await tx
      .update(customPrices)
      .set({ status: decision, decidedBy: by.userId, decidedAt: by.at })
      .where(and(eq(customPrices.id, id), eq(customPrices.status, 'Pending')))
      .returning({ id: customPrices.id });
    return Boolean(done);
  }

  /**
   * Takes the next n numbers of a branch's day in one statement. The row lock it takes holds until the transaction
   * ends, so concurrent saves queue here and never get the same number; a rolled-back save gives its numbers back
   * unused, and a committed one is never handed out again.
   */
  async allocateSequence(tx: Database, branchId: number, day: string, n: number): Promise<number> {
    const [row] = await tx
      .insert(accessionSequences)
      .values({ branchId, day, lastValue: n })
      .onConflictDoUpdate({
        target: [accessionSequences.branchId, accessionSequences.day],
        set: { lastValue: sql`${accessionSequences.lastValue} + ${n}` },
      })
      .returning({ last: accessionSequences.lastValue });
    return row!.last - n + 1;
  }
}
