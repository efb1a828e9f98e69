import type { Readable } from 'node:stream';
import type {
  AccountingBranches,
  AccountingCostUi,
  AccountingMoneyUi,
  AdjustMoneyInput,
  CostEntry,
  MoneyEntry,
  MoneyHistory,
  MoneyHistoryQuery,
  ReceiptLookup,
  SubmitCostInput,
  TodayCost,
} from '@rangsi/contract';
import { addDays, bangkokDayOf, daysBetween, satangToBaht } from '@rangsi/domain';
import type { AuditService } from '../../audit/audit.service';
import type { CurrentUser } from '../../auth/current-user';
import { forbidden } from '../../http/domain-error';
import { isUniqueViolation } from '../../db/unique-violation';
import type { FileStore } from '../../storage/file-store';
import { cleanFileName } from '../documents/document-types';
import type { UploadedFile } from './accounting-form';
import { accountingError, badAttachment } from './accounting.errors';
import type { AccountingRepository, CostRow, MoneyRow, StoredAttachment } from './accounting.repository';
import { attachmentTypeOf } from './attachment-type';
import { buildCashup } from './cashup';
import type { CashupData } from '../report-engine/definitions/cashup-report';
import type { ReceiptsPort } from './receipts.port';

export const HISTORY_PAGE = 50;
export const TODAY_COST_LIMIT = 1_000;
/** The cash-up's flags (decision acc44): any accounting desk reads its branch's day. */
const CASHUP_FLAGS = ['BILLING', 'ACCOUNTING_MONEY', 'ACCOUNTING_COST'] as const;
const MAX_RANGE_DAYS = 366;

export interface AccountingServiceDeps {
  repo: AccountingRepository;
  /** The billing module's receipts (decision acc21: transfers of the day; acc24: the cheque's receipt). */
  receipts: ReceiptsPort;
  files: FileStore;
  audit: AuditService;
  now: () => Date;
}

type EntryKind = 'money' | 'cost';

/** Petty cash and exam fees of a branch (spec §3, §4, §5): the rules and transactions; SQL in the repository. */
export class AccountingService {
  constructor(private readonly deps: AccountingServiceDeps) {}

  private today(): string {
    return bangkokDayOf(this.deps.now());
  }

  /**
   * The branch a call acts on: an Accounting user's own; an Administrator's (scope all) as named, else their own.
   * Hospital-, doctor- or unbranched callers have no accounting branch, whatever flags they were given.
   */
  /** The branches the pages offer (decision acc46): every branch to an Administrator, their own to a branch user. */
  async branches(user: CurrentUser): Promise<AccountingBranches> {
    if (user.scope === 'all') {
      const all = await this.deps.repo.allBranches();
      const own = all.find((b) => b.id === user.branchId);
      return { branches: all, defaultBranchId: own?.id ?? all[0]?.id ?? null };
    }
    if (user.scope !== 'branch' || user.branchId === null) throw forbidden();
    const own = await this.deps.repo.branchById(user.branchId);
    return { branches: own ? [own] : [], defaultBranchId: own?.id ?? null };
  }

  async branchOf(user: CurrentUser, requested: number | undefined): Promise<number> {
    if (user.scope === 'all') {
      const id = requested ?? user.branchId;
      if (id === null || id === undefined) throw accountingError('ACC_CHOOSE_BRANCH', { field: 'branchId' });
      if (!(await this.deps.repo.branchExists(id))) throw accountingError('ACC_BRANCH_NOT_FOUND');
      return id;
    }
    if (user.scope !== 'branch' || user.branchId === null) throw forbidden();
    if (requested !== undefined && requested !== user.branchId) throw forbidden();
    return user.branchId;
  }

  async moneyUi(user: CurrentUser, requested: number | undefined): Promise<AccountingMoneyUi> {
    const branchId = await this.branchOf(user, requested);
    const day = this.today();
    const previous = await this.deps.repo.latestBalanceBefore(branchId, day);
    const transfers = await this.deps.receipts.transferReceiptsTotal(branchId, day);
    const entries = await this.deps.repo.moneyEntries(branchId, { day });
    return {
      branchId,
      day,
      yesterdayDay: previous?.day ?? null,
      yesterdayMoney: satangToBaht(previous?.balanceSatang ?? 0),
      todayMoney: satangToBaht(transfers),
      entries: entries.map(moneyEntryOf),
    };
  }

  /** A new revision of today's petty cash (never an update: decision acc22); figures computed here, not taken. */
  async adjustMoney(user: CurrentUser, input: AdjustMoneyInput, file: UploadedFile | null): Promise<MoneyEntry> {
    const branchId = await this.branchOf(user, input.branchId);
    const day = this.today();
    const attachment = file ? await this.store(file, 'accounting/money') : null;
    const items = input.items.map((it) => ({ name: it.name, amountSatang: it.amount }));
    const expensesSatang = items.reduce((s, it) => s + it.amountSatang, 0);
    // Read before the transaction: the embedded database runs one transaction at a time on its one connection.
    const todaySatang = await this.deps.receipts.transferReceiptsTotal(branchId, day);
    const saved = await this.deps.repo
      .transaction(async (tx) => {
        await tx.lockBranchMoney(branchId);
        const previous = await tx.latestBalanceBefore(branchId, day);
        const yesterdaySatang = previous?.balanceSatang ?? 0;
        const revision = await tx.nextRevision(branchId, day);
        const balanceSatang = yesterdaySatang + todaySatang - expensesSatang;
        const id = await tx.insertMoney(
          {
            branchId,
            day,
            revision,
            yesterdaySatang,
            todaySatang,
            expensesSatang,
            balanceSatang,
            remark: input.remark,
            ...attachmentColumns(attachment),
            createdBy: user.userId,
          },
          items,
        );
        return { id, revision, balanceSatang };
      })
      .catch(async (err: unknown) => {
        await this.discard(attachment);
        throw err;
      });
    await this.deps.audit.record(
      null,
      {
        action: 'accounting.money.save',
        entityType: 'money_adjustment',
        entityId: String(saved.id),
        detail: {
          branchId,
          day,
          revision: saved.revision,
          lines: items.length,
          expensesSatang,
          balanceSatang: saved.balanceSatang,
          file: Boolean(attachment),
        },
      },
      user,
    );
    const entry = (await this.deps.repo.moneyEntries(branchId, { day })).find((e) => e.id === saved.id);
    return moneyEntryOf(entry!);
  }

  async moneyHistory(user: CurrentUser, q: MoneyHistoryQuery): Promise<MoneyHistory> {
    const branchId = await this.branchOf(user, q.branchId);
    const to = q.to ?? this.today();
    const from = q.from ?? addDays(to, -30);
    if (from > to || daysBetween(from, to) > MAX_RANGE_DAYS) throw accountingError('ACC_RANGE', { field: 'from' });
    const [beforeDay, beforeRevision] = q.before ? q.before.split('.') : [];
    const before = beforeDay ? { day: beforeDay, revision: Number(beforeRevision) } : null;
    const rows = await this.deps.repo.moneyEntries(branchId, { from, to, before, limit: HISTORY_PAGE + 1 });
    const page = rows.slice(0, HISTORY_PAGE);
    const last = page.at(-1);
    return {
      from,
      to,
      entries: page.map(moneyEntryOf),
      nextBefore: rows.length > HISTORY_PAGE && last ? `${last.day}.${last.revision}` : null,
    };
  }

  async costUi(): Promise<AccountingCostUi> {
    return { paymentMethods: await this.deps.repo.paymentMethods() };
  }

  /** An exam-fee entry; a cheque takes its receipt's amount, and a receipt is recorded once (decision acc24). */
  async submitCost(user: CurrentUser, input: SubmitCostInput, file: UploadedFile | null): Promise<CostEntry> {
    const branchId = await this.branchOf(user, input.branchId);
    const today = this.today();
    const day = input.date ?? today;
    if (day > today) throw accountingError('ACC_FUTURE_DATE', { field: 'date' });
    if (!(await this.deps.repo.paymentMethodExists(input.methodId)))
      throw accountingError('ACC_METHOD', { field: 'methodId' });
    let amountSatang = input.amountSatang;
    let receipt: { id: string; documentNo: string } | null = null;
    if (input.type === 'cheque') {
      const found = await this.deps.receipts.liveReceiptById(branchId, input.receiptId);
      if (!found) throw accountingError('ACC_BAD_RECEIPT', { field: 'receiptId' });
      if (found.type !== 'cheque') throw accountingError('ACC_RECEIPT_NOT_CHEQUE', { field: 'receiptId' });
      amountSatang = found.amountSatang;
      receipt = { id: found.receiptId, documentNo: found.receiptDocumentId };
    }
    const attachment = file ? await this.store(file, 'accounting/cost') : null;
    const id = await this.deps.repo
      .insertCost({
        branchId,
        type: input.type,
        methodId: input.methodId,
        amountSatang: amountSatang!,
        referenceCode: input.referenceCode,
        receiptId: receipt?.id ?? null,
        receiptDocumentNo: receipt?.documentNo ?? null,
        remark: input.remark,
        day,
        ...attachmentColumns(attachment),
        createdBy: user.userId,
      })
      .catch(async (err: unknown) => {
        await this.discard(attachment);
        if (isUniqueViolation(err, 'cost_submissions_receipt_uq'))
          throw accountingError('RECEIPT_ALREADY_RECORDED', { field: 'receiptId' });
        throw err;
      });
    await this.deps.audit.record(
      null,
      {
        action: 'accounting.cost.save',
        entityType: 'cost_submission',
        entityId: String(id),
        detail: {
          branchId,
          day,
          type: input.type,
          methodId: input.methodId,
          amountSatang,
          receiptId: receipt?.id ?? null,
          file: Boolean(attachment),
        },
      },
      user,
    );
    return costEntryOf((await this.deps.repo.costById(branchId, id))!);
  }

  async todayCost(
    user: CurrentUser,
    type: 'cash' | 'cheque' | 'all',
    requested: number | undefined,
  ): Promise<TodayCost> {
    const branchId = await this.branchOf(user, requested);
    const day = this.today();
    const rows = await this.deps.repo.costEntries(branchId, day, type, TODAY_COST_LIMIT);
    const totals = await this.deps.repo.costTotals(branchId, day, type);
    return {
      day,
      type,
      entries: rows.map(costEntryOf),
      count: totals.count,
      total: satangToBaht(totals.totalSatang),
      truncated: totals.count > rows.length,
    };
  }

  async receipt(user: CurrentUser, documentNo: string, requested: number | undefined): Promise<ReceiptLookup> {
    const branchId = await this.branchOf(user, requested);
    const found = await this.deps.receipts.liveReceiptByDocumentNo(branchId, documentNo.trim());
    if (!found) throw accountingError('ACC_RECEIPT_NOT_FOUND');
    const { amountSatang, ...rest } = found;
    return { ...rest, amount: satangToBaht(amountSatang) };
  }

  /**
   * A branch's day for the cash-up report and its XLSX (decision acc44): the day's receipts through billing's port, its
   * exam fees and petty cash from here. Today by default, never a future day; the caller's branch (an Administrator
   * names one). Read only: the report engine and the export route audit the print.
   */
  async cashup(user: CurrentUser, q: { day?: string | undefined; branchId?: number | undefined }): Promise<CashupData> {
    if (!CASHUP_FLAGS.some((p) => user.permissions.has(p))) throw forbidden();
    const branchId = await this.branchOf(user, q.branchId);
    const day = q.day ?? this.today();
    if (day > this.today()) throw accountingError('ACC_FUTURE_DATE', { field: 'day' });
    const [branchName, receipts, fees, feesByMethod, money, previous] = await Promise.all([
      this.deps.repo.branchName(branchId),
      this.deps.receipts.receiptsOfDay(branchId, day),
      this.deps.repo.costEntries(branchId, day, 'all', TODAY_COST_LIMIT),
      this.deps.repo.costTotalsByMethod(branchId, day),
      this.deps.repo.moneyEntries(branchId, { day }),
      this.deps.repo.latestBalanceBefore(branchId, day),
    ]);
    return buildCashup(
      {
        branchId,
        branchName: branchName ?? '',
        day,
        receipts,
        fees,
        feesByMethod,
        money,
        yesterdayDay: previous?.day ?? null,
      },
      TODAY_COST_LIMIT,
    );
  }

  /** Records an XLSX export of a cash-up (the PDF is audited by the report engine as report.print). */
  async auditCashupExport(user: CurrentUser, data: CashupData): Promise<void> {
    await this.deps.audit.record(
      null,
      {
        action: 'accounting.cashup.export',
        entityType: 'branch',
        entityId: String(data.branchId),
        detail: { day: data.day, format: 'xlsx' },
      },
      user,
    );
  }

  /** An entry's attachment, of the caller's branch only (another branch's entry is as unknown as a missing one). */
  async openFile(
    user: CurrentUser,
    kind: EntryKind,
    id: number,
    requested: number | undefined,
  ): Promise<{ stream: Readable } & StoredAttachment> {
    const branchId = await this.branchOf(user, requested);
    const row =
      kind === 'money' ? await this.deps.repo.moneyById(branchId, id) : await this.deps.repo.costById(branchId, id);
    if (!row) throw accountingError('ACC_ENTRY_NOT_FOUND');
    const file = attachmentOf(row);
    if (!file) throw accountingError('NO_ATTACHMENT');
    await this.deps.audit.record(
      null,
      {
        action: `accounting.${kind}.file`,
        entityType: kind === 'money' ? 'money_adjustment' : 'cost_submission',
        entityId: String(id),
      },
      user,
    );
    return { ...file, stream: await this.deps.files.open(file.fileKey) };
  }

  /** Checks the content (decision acc25), then stores: a refused file leaves nothing behind. */
  private async store(file: UploadedFile, prefix: string): Promise<StoredAttachment> {
    const type = attachmentTypeOf(file.bytes);
    if (!type) throw badAttachment('ATTACHMENT_BAD_TYPE');
    const stored = await this.deps.files.putBytes(file.bytes, { prefix });
    return {
      fileKey: stored.key,
      fileName: cleanFileName(file.fileName),
      fileContentType: type,
      fileSizeBytes: stored.sizeBytes,
    };
  }

  /** A file stored for a save that then failed: removed, so no file is left that no entry names. */
  private async discard(attachment: StoredAttachment | null): Promise<void> {
    if (attachment) await this.deps.files.remove(attachment.fileKey).catch(() => undefined);
  }
}

function attachmentColumns(a: StoredAttachment | null) {
  return {
    fileKey: a?.fileKey ?? null,
    fileName: a?.fileName ?? null,
    fileContentType: a?.fileContentType ?? null,
    fileSizeBytes: a?.fileSizeBytes ?? null,
  };
}

function attachmentOf(row: {
  fileKey: string | null;
  fileName: string | null;
  fileContentType: string | null;
  fileSizeBytes: number | null;
}): StoredAttachment | null {
  if (!row.fileKey) return null;
  return {
    fileKey: row.fileKey,
    fileName: row.fileName ?? 'file',
    fileContentType: row.fileContentType ?? 'application/octet-stream',
    fileSizeBytes: row.fileSizeBytes ?? 0,
  };
}

/** The file's link names its branch: an Administrator opens entries of a branch that is not their own. */
function fileOf(kind: EntryKind, id: number, row: Parameters<typeof attachmentOf>[0] & { branchId: number }) {
  const a = attachmentOf(row);
  return a
    ? {
        fileName: a.fileName,
        contentType: a.fileContentType,
        sizeBytes: a.fileSizeBytes,
        url: `/api/accounting/${kind}/${id}/file?branchId=${row.branchId}`,
      }
    : null;
}

function moneyEntryOf(r: MoneyRow): MoneyEntry {
  return {
    id: r.id,
    branchId: r.branchId,
    day: r.day,
    revision: r.revision,
    yesterdayMoney: satangToBaht(r.yesterdaySatang),
    todayMoney: satangToBaht(r.todaySatang),
    expenses: satangToBaht(r.expensesSatang),
    balance: satangToBaht(r.balanceSatang),
    remark: r.remark,
    items: r.items.map((it) => ({ name: it.name, amount: satangToBaht(it.amountSatang) })),
    file: fileOf('money', r.id, r),
    createdBy: r.createdByName ?? '',
    createdAt: r.createdAt.toISOString(),
  };
}

function costEntryOf(r: CostRow): CostEntry {
  return {
    id: r.id,
    branchId: r.branchId,
    day: r.day,
    type: r.type === 'cheque' ? 'cheque' : 'cash',
    methodId: r.methodId,
    methodName: r.methodName,
    amount: satangToBaht(r.amountSatang),
    referenceCode: r.referenceCode,
    remark: r.remark,
    receipt: r.receiptId ? { receiptId: r.receiptId, receiptDocumentId: r.receiptDocumentNo } : null,
    file: fileOf('cost', r.id, r),
    createdBy: r.createdByName ?? '',
    createdAt: r.createdAt.toISOString(),
  };
}
