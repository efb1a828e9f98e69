import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Money as the screens print it: 2 decimals and thousands separators (satang in, text out). */
export function money(satang: number): string {
  return (satang / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A PNG's first bytes and a little more: the server checks attachments by their content (decision acc25). */
export const PNG_FILE = {
  name: 'ใบเสร็จค่าส่งเอกสาร.png',
  mimeType: 'image/png',
  buffer: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2040, 1)]),
};

/** /accounting/money: petty cash. */
export class PettyCashPage {
  readonly root: Locator;
  readonly names: Locator;
  readonly amounts: Locator;
  readonly save: Locator;
  readonly warning: Locator;
  readonly notice: Locator;
  readonly entries: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('money-page');
    this.names = page.getByTestId('expense-name');
    this.amounts = page.getByTestId('expense-amount');
    this.save = page.getByTestId('money-save');
    this.warning = page.getByTestId('money-warning');
    this.notice = page.getByTestId('money-notice');
    this.entries = page.getByTestId('money-entries').getByTestId('money-entry');
  }

  async goto(): Promise<void> {
    await this.page.goto('/accounting/money');
    // The page is its own chunk, loaded on first visit.
    await expect(this.root).toBeVisible({ timeout: 30_000 });
    await expect(this.page.getByTestId('money-yesterday')).toBeVisible();
  }

  figure(name: 'yesterday' | 'today' | 'expenses' | 'balance'): Locator {
    return this.page.getByTestId(`money-${name}`);
  }
}

/** /accounting/cost: exam fees. */
export class ExamFeePage {
  readonly root: Locator;
  readonly save: Locator;
  readonly notice: Locator;
  readonly amount: Locator;
  readonly receipt: Locator;
  readonly receiptError: Locator;
  readonly entries: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('cost-page');
    this.save = page.getByTestId('cost-save');
    this.notice = page.getByTestId('cost-notice');
    this.amount = page.getByTestId('cost-amount');
    this.receipt = page.getByTestId('cost-receipt');
    this.receiptError = page.getByTestId('cost-receipt-error');
    this.entries = page.getByTestId('cost-entry');
  }

  async goto(): Promise<void> {
    await this.page.goto('/accounting/cost');
    // The page is its own chunk, loaded on first visit.
    await expect(this.root).toBeVisible({ timeout: 30_000 });
    await expect(this.page.getByTestId('cost-total-all')).toContainText('รายการ');
  }

  async chooseType(type: 'cash' | 'cheque'): Promise<void> {
    await this.page.getByTestId(`cost-type-${type}`).click();
  }

  async chooseMethod(name: string): Promise<void> {
    await this.page.getByTestId('cost-method').click();
    await this.page.getByRole('option', { name, exact: true }).click();
  }
}

/**
 * A live receipt paid by cheque, made through the billing API as the clerk would: a batch of one unpaid priced request
 * of a hospital of the user's branch, then its receipt. Returns the receipt's printed number and amount.
 */
export async function chequeReceipt(api: APIRequestContext): Promise<{ documentNo: string; amount: number }> {
  const condition = await api.get('/api/uidata/billingCondition');
  if (!condition.ok()) throw new Error(`billingCondition failed: ${condition.status()} ${await condition.text()}`);
  const c = (
    (await condition.json()) as {
      data: { hospitals: { id: number }[]; defaultStartDate: string; defaultEndDate: string };
    }
  ).data;
  for (const h of c.hospitals) {
    const params = new URLSearchParams({
      startDate: c.defaultStartDate,
      endDate: c.defaultEndDate,
      hospitalId: String(h.id),
    });
    const search = await api.get(`/api/billing/search?${params.toString()}`);
    if (!search.ok()) throw new Error(`billing search failed: ${search.status()} ${await search.text()}`);
    const rows = (
      (await search.json()) as {
        data: { rows: { requestId: string; totalPrice: number; paidBillingId: string | null }[] };
      }
    ).data.rows;
    const row = rows.find((r) => r.paidBillingId === null && r.totalPrice > 0);
    if (!row) continue;
    const created = await api.post('/api/billing/create', {
      data: {
        startDate: c.defaultStartDate,
        endDate: c.defaultEndDate,
        hospital: h.id,
        privilageId: null,
        requestIds: [row.requestId],
      },
    });
    if (!created.ok()) throw new Error(`billing create failed: ${created.status()} ${await created.text()}`);
    const { billingId } = ((await created.json()) as { data: { billingId: string } }).data;
    const receipt = await api.post(`/api/billing/${billingId}/receipt/create`, {
      data: {
        requestIds: [row.requestId],
        type: 'cheque',
        bankName: 'ธนาคารกรุงไทย',
        amount: row.totalPrice,
        number: `CHQ-${Date.now()}`,
      },
    });
    if (!receipt.ok()) throw new Error(`receipt create failed: ${receipt.status()} ${await receipt.text()}`);
    const { receiptDocumentId } = ((await receipt.json()) as { data: { receiptDocumentId: string } }).data;
    return { documentNo: receiptDocumentId, amount: Math.round(row.totalPrice * 100) };
  }
  throw new Error('no unpaid priced request in the billing search of any hospital');
}
