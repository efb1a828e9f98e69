import { and, asc, count, desc, eq, gte, inArray, lt, lte, or, sql, sum, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  branches,
  costSubmissions,
  lookups,
  moneyAdjustmentItems,
  moneyAdjustments,
  users,
} from '../../db/schema/index';

/** The lookup kind of the exam-fee payment methods (seeded: cash, cheque, transfer). */
export const COST_PAYMENT_METHOD_KIND = 'costPaymentMethod';

export interface StoredAttachment {
  fileKey: string;
  fileName: string;
  fileContentType: string;
  fileSizeBytes: number;
}

export type MoneyRow = typeof moneyAdjustments.$inferSelect & {
  createdByName: string | null;
  items: { name: string; amountSatang: number }[];
};
export type CostRow = typeof costSubmissions.$inferSelect & { createdByName: string | null; methodName: string | null };
export type NewMoneyRow = Omit<typeof moneyAdjustments.$inferInsert, 'id' | 'createdAt'>;
export type NewCostRow = Omit<typeof costSubmissions.$inferInsert, 'id' | 'createdAt'>;

/** A page of petty-cash history: days from..to, newest first, after the (day, revision) cursor when given. */
export interface MoneyPage {
  from: string;
  to: string;
  before: { day: string; revision: number } | null;
  limit: number;
}

/** The SQL of the accounting module's tables: money_adjustments, money_adjustment_items, cost_submissions. */
export class AccountingRepository {
  constructor(private readonly db: Database) {}

  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (tx: AccountingRepository) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => work(new AccountingRepository(tx)));
  }

  async branchExists(id: number): Promise<boolean> {
    return (await this.branchName(id)) !== null;
  }

  /** Every branch, by name: an Administrator's choices on the accounting pages. */
  async allBranches(): Promise<{ id: number; name: string; nameEn: string }[]> {
    return this.db
      .select({ id: branches.id, name: branches.name, nameEn: branches.nameEn })
      .from(branches)
      .orderBy(asc(branches.name), asc(branches.id));
  }

  async branchById(id: number): Promise<{ id: number; name: string; nameEn: string } | null> {
    const [row] = await this.db
      .select({ id: branches.id, name: branches.name, nameEn: branches.nameEn })
      .from(branches)
      .where(eq(branches.id, id))
      .limit(1);
    return row ?? null;
  }

  async branchName(id: number): Promise<string | null> {
    const [row] = await this.db.select({ name: branches.name }).from(branches).where(eq(branches.id, id)).limit(1);
    return row?.name ?? null;
  }

  /**
   * Serialises the petty-cash saves of one branch until the transaction ends, so two clerks saving at once get
   * revisions n and n+1 computed from the same figures rather than a unique-key failure.
   */
  async lockBranchMoney(branchId: number): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext('money_adjustments'), ${branchId})`);
  }

  /** The day's figure of the latest day before `day` that has an entry: its latest revision's balance. */
  async latestBalanceBefore(branchId: number, day: string): Promise<{ day: string; balanceSatang: number } | null> {
    const [row] = await this.db
      .select({ day: moneyAdjustments.day, balanceSatang: moneyAdjustments.balanceSatang })
      .from(moneyAdjustments)
      .where(and(eq(moneyAdjustments.branchId, branchId), lt(moneyAdjustments.day, day)))
      .orderBy(desc(moneyAdjustments.day), desc(moneyAdjustments.revision))
      .limit(1);
    return row ?? null;
  }

  async nextRevision(branchId: number, day: string): Promise<number> {
    const [row] = await this.db
      .select({ last: sql<number | null>`max(${moneyAdjustments.revision})` })
      .from(moneyAdjustments)
      .where(and(eq(moneyAdjustments.branchId, branchId), eq(moneyAdjustments.day, day)));
    return Number(row?.last ?? 0) + 1;
  }

  async insertMoney(row: NewMoneyRow, items: { name: string; amountSatang: number }[]): Promise<number> {
    const [saved] = await this.db.insert(moneyAdjustments).values(row).returning({ id: moneyAdjustments.id });
    const id = saved!.id;
    if (items.length)
      await this.db
        .insert(moneyAdjustmentItems)
        .values(items.map((it, i) => ({ adjustmentId: id, lineNo: i + 1, ...it })));
    return id;
  }

  /** Entries of one branch: of one day (newest revision first), or one history page. */
  async moneyEntries(branchId: number, where: { day: string } | MoneyPage): Promise<MoneyRow[]> {
    const conditions: SQL[] = [eq(moneyAdjustments.branchId, branchId)];
    let limit = 1_000;
    if ('day' in where) conditions.push(eq(moneyAdjustments.day, where.day));
    else {
      conditions.push(gte(moneyAdjustments.day, where.from), lte(moneyAdjustments.day, where.to));
      if (where.before) {
        const b = where.before;
        conditions.push(
          or(
            lt(moneyAdjustments.day, b.day),
            and(eq(moneyAdjustments.day, b.day), lt(moneyAdjustments.revision, b.revision)),
          )!,
        );
      }
      limit = where.limit;
    }
    const rows = await this.db
      .select({ entry: moneyAdjustments, createdByName: users.displayName })
      .from(moneyAdjustments)
      .leftJoin(users, eq(users.id, moneyAdjustments.createdBy))
      .where(and(...conditions))
      .orderBy(desc(moneyAdjustments.day), desc(moneyAdjustments.revision))
      .limit(limit);
    const items =
      rows.length === 0
        ? []
        : await this.db
            .select()
            .from(moneyAdjustmentItems)
            .where(
              inArray(
                moneyAdjustmentItems.adjustmentId,
                rows.map((r) => r.entry.id),
              ),
            )
            .orderBy(asc(moneyAdjustmentItems.adjustmentId), asc(moneyAdjustmentItems.lineNo));
    return rows.map((r) => ({
      ...r.entry,
      createdByName: r.createdByName,
      items: items
        .filter((it) => it.adjustmentId === r.entry.id)
        .map((it) => ({ name: it.name, amountSatang: it.amountSatang })),
    }));
  }

  async moneyById(branchId: number, id: number): Promise<typeof moneyAdjustments.$inferSelect | null> {
    const [row] = await this.db
      .select()
      .from(moneyAdjustments)
      .where(and(eq(moneyAdjustments.id, id), eq(moneyAdjustments.branchId, branchId)))
      .limit(1);
    return row ?? null;
  }

  async paymentMethods(): Promise<{ id: number; name: string }[]> {
    return this.db
      .select({ id: lookups.id, name: lookups.name })
      .from(lookups)
      .where(and(eq(lookups.kind, COST_PAYMENT_METHOD_KIND), eq(lookups.isActive, true)))
      .orderBy(asc(lookups.sortOrder), asc(lookups.id));
  }

  async paymentMethodExists(id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: lookups.id })
      .from(lookups)
      .where(and(eq(lookups.id, id), eq(lookups.kind, COST_PAYMENT_METHOD_KIND), eq(lookups.isActive, true)))
      .limit(1);
    return Boolean(row);
  }

  async insertCost(row: NewCostRow): Promise<number> {
    const [saved] = await this.db.insert(costSubmissions).values(row).returning({ id: costSubmissions.id });
    return saved!.id;
  }

  private costCondition(branchId: number, day: string, type: 'cash' | 'cheque' | 'all'): SQL {
    const c = and(eq(costSubmissions.branchId, branchId), eq(costSubmissions.day, day));
    return type === 'all' ? c! : and(c, eq(costSubmissions.type, type))!;
  }

  /** Exam fees of a branch's day (of one type or all), newest first, at most `limit`. */
  async costEntries(branchId: number, day: string, type: 'cash' | 'cheque' | 'all', limit: number): Promise<CostRow[]> {
    return this.costRows(this.costCondition(branchId, day, type), limit);
  }

  async costTotals(
    branchId: number,
    day: string,
    type: 'cash' | 'cheque' | 'all',
  ): Promise<{ count: number; totalSatang: number }> {
    const [row] = await this.db
      .select({ count: count(), total: sum(costSubmissions.amountSatang) })
      .from(costSubmissions)
      .where(this.costCondition(branchId, day, type));
    return { count: Number(row?.count ?? 0), totalSatang: Number(row?.total ?? 0) };
  }

  /** A day's exam fees of a branch counted and summed per type and payment method (the cash-up). */
  async costTotalsByMethod(
    branchId: number,
    day: string,
  ): Promise<{ type: string; methodName: string | null; count: number; totalSatang: number }[]> {
    const rows = await this.db
      .select({
        type: costSubmissions.type,
        methodName: lookups.name,
        count: count(),
        total: sum(costSubmissions.amountSatang),
      })
      .from(costSubmissions)
      .leftJoin(lookups, eq(lookups.id, costSubmissions.methodId))
      .where(this.costCondition(branchId, day, 'all'))
      .groupBy(costSubmissions.type, lookups.name)
      .orderBy(asc(costSubmissions.type), asc(lookups.name));
    return rows.map((r) => ({
      type: r.type,
      methodName: r.methodName,
      count: Number(r.count),
      totalSatang: Number(r.total ?? 0),
    }));
  }

  async costById(branchId: number, id: number): Promise<CostRow | null> {
    const [row] = await this.costRows(and(eq(costSubmissions.id, id), eq(costSubmissions.branchId, branchId))!, 1);
    return row ?? null;
  }

  private async costRows(where: SQL, limit: number): Promise<CostRow[]> {
    const rows = await this.db
      .select({ entry: costSubmissions, createdByName: users.displayName, methodName: lookups.name })
      .from(costSubmissions)
      .leftJoin(users, eq(users.id, costSubmissions.createdBy))
      .leftJoin(lookups, eq(lookups.id, costSubmissions.methodId))
      .where(where)
      .orderBy(desc(costSubmissions.createdAt), desc(costSubmissions.id))
      .limit(limit);
    return rows.map((r) => ({ ...r.entry, createdByName: r.createdByName, methodName: r.methodName }));
  }
}
