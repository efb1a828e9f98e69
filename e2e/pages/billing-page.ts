import type { APIRequestContext, Locator, Page } from '@playwright/test';

/** The accounting billing screen (/accounting/billing) and its detail dialog (/accounting/billing/{id}). */
export class BillingPage {
  readonly root: Locator;
  readonly menu: Locator;
  readonly startDate: Locator;
  readonly endDate: Locator;
  readonly hospital: Locator;
  readonly hospitalError: Locator;
  readonly privilege: Locator;
  readonly searchButton: Locator;
  readonly rows: Locator;
  readonly selectAll: Locator;
  readonly checkedCount: Locator;
  readonly checkedTotal: Locator;
  readonly createButton: Locator;
  readonly history: Locator;
  readonly historyEntries: Locator;
  readonly aging: Locator;
  readonly detail: BillingDetailDialog;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('billing-page');
    this.menu = page.getByTestId('accounting-menu');
    this.startDate = page.getByTestId('billing-start-input');
    this.endDate = page.getByTestId('billing-end-input');
    this.hospital = page.getByTestId('billing-hospital');
    this.hospitalError = page.getByTestId('billing-hospital-error');
    this.privilege = page.getByTestId('billing-privilege');
    this.searchButton = page.getByTestId('billing-search');
    this.rows = page.getByTestId('billing-row');
    this.selectAll = page.getByTestId('billing-select-all');
    this.checkedCount = page.getByTestId('billing-checked-count');
    this.checkedTotal = page.getByTestId('billing-checked-total');
    this.createButton = page.getByTestId('billing-create');
    this.history = page.getByTestId('billing-history');
    this.historyEntries = page.getByTestId('billing-history-entry');
    this.aging = page.getByTestId('billing-aging');
    this.detail = new BillingDetailDialog(page);
  }

  async chooseHospital(name: string): Promise<void> {
    await this.hospital.click();
    await this.page.getByRole('listbox').getByRole('option', { name }).click();
  }

  async search(fromDdMmYyyy: string, toDdMmYyyy: string): Promise<void> {
    await this.startDate.fill(fromDdMmYyyy);
    await this.endDate.fill(toDdMmYyyy);
    await this.searchButton.click();
  }

  row(requestId: string): Locator {
    return this.page.locator(`[data-testid="billing-row"][data-request-id="${requestId}"]`);
  }
}

export class BillingDetailDialog {
  readonly root: Locator;
  readonly document: Locator;
  readonly unpaidTab: Locator;
  readonly paidTab: Locator;
  readonly lines: Locator;
  readonly error: Locator;
  readonly receiptModeButton: Locator;
  readonly backButton: Locator;
  readonly receiptWarning: Locator;
  readonly receiptSubmit: Locator;
  readonly bank: Locator;
  readonly number: Locator;
  readonly amount: Locator;
  readonly receipts: Locator;
  readonly notice: Locator;
  readonly voidDialog: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('billing-detail');
    this.document = page.getByTestId('billing-detail-document');
    this.unpaidTab = page.getByTestId('billing-tab-unpaid');
    this.paidTab = page.getByTestId('billing-tab-paid');
    this.lines = this.root.getByTestId('billing-detail-line');
    this.error = page.getByTestId('billing-detail-error');
    this.receiptModeButton = page.getByTestId('receipt-mode');
    this.backButton = page.getByTestId('receipt-back');
    this.receiptWarning = page.getByTestId('receipt-warning');
    this.receiptSubmit = page.getByTestId('receipt-submit');
    this.bank = page.getByTestId('receipt-bank');
    this.number = page.getByTestId('receipt-number');
    this.amount = page.getByTestId('receipt-amount');
    this.receipts = page.getByTestId('billing-receipt');
    this.notice = page.getByTestId('billing-notice');
    this.voidDialog = page.getByTestId('void-receipt-dialog');
  }

  line(requestId: string): Locator {
    return this.root.locator(`[data-testid="billing-detail-line"][data-request-id="${requestId}"]`);
  }
}

/** A request of the staff user's branch for a client hospital, appointed on a given day (billing specs' own rows). */
export async function createBillableRequest(
  api: APIRequestContext,
  input: { hospitalId: number; privilegeId: number; productId: number; modality: string; at: string },
): Promise<string> {
  const search = await api.post('/api/request/search', { data: { startDate: '2000-01-01', endDate: '2100-01-01' } });
  const rows = ((await search.json()) as { data: { rows: { patientInfo: { patientId: string } }[] } }).data.rows;
  const patientId = rows.at(-1)!.patientInfo.patientId;
  const answer = await api.post('/api/request/exam', {
    data: {
      patientId,
      hospitalId: input.hospitalId,
      privilageId: input.privilegeId,
      modalities: { [input.modality]: [input.productId] },
      isSchedule: true,
      scheduleDateTime: input.at,
      examStartTime: '10:00',
    },
  });
  if (!answer.ok()) throw new Error(`create request failed: ${answer.status()} ${await answer.text()}`);
  return ((await answer.json()) as { data: { requestId: string } }).data.requestId;
}
