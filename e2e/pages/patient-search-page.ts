import { expect, type Locator, type Page } from '@playwright/test';

/** /patient: the patient search (spec §2). */
export class PatientSearchPage {
  readonly root: Locator;
  readonly name: Locator;
  readonly phoneNumber: Locator;
  readonly nationalNumber: Locator;
  readonly hn: Locator;
  readonly submit: Locator;
  readonly addNew: Locator;
  readonly importButton: Locator;
  readonly byCard: Locator;
  readonly rows: Locator;
  readonly total: Locator;
  readonly empty: Locator;
  readonly criteriaError: Locator;
  readonly notice: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('patient-search-page');
    this.name = page.locator('#patient-search-name');
    this.phoneNumber = page.locator('#patient-search-phoneNumber');
    this.nationalNumber = page.locator('#patient-search-nationalNumber');
    this.hn = page.locator('#patient-search-hn');
    this.submit = page.getByTestId('patient-search-submit');
    this.addNew = page.getByTestId('patient-add-new');
    this.importButton = page.getByTestId('patient-import');
    this.byCard = page.getByTestId('patient-search-card');
    this.rows = page.getByTestId('patient-row');
    this.total = page.getByTestId('patient-search-total');
    this.empty = page.getByTestId('patient-search-empty');
    this.criteriaError = page.getByTestId('patient-search-criteria-error');
    this.notice = page.getByTestId('patient-notice');
  }

  async goto(): Promise<void> {
    await this.page.goto('/patient');
    await expect(this.root).toBeVisible();
  }

  async search(fields: { name?: string; phoneNumber?: string; nationalNumber?: string; hn?: string }): Promise<void> {
    for (const key of ['name', 'phoneNumber', 'nationalNumber', 'hn'] as const) await this[key].fill(fields[key] ?? '');
    await this.hn.press('Enter');
    await expect(this.total).toHaveText(/^พบ \d+ รายการ$/);
    await expect(this.root.getByRole('progressbar')).toHaveCount(0);
  }

  row(hn: string): Locator {
    return this.rows.filter({ has: this.page.getByTestId('patient-row-hn').getByText(hn, { exact: true }) });
  }
}
