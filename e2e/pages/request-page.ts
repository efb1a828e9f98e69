import { expect, type Locator, type Page } from '@playwright/test';

/** The request list at /request and the request form (spec §2 Request screens). */
export class RequestPage {
  readonly table: Locator;
  readonly rows: Locator;
  readonly accessionInput: Locator;
  readonly searchButton: Locator;
  readonly notice: Locator;
  readonly form: Locator;
  readonly saved: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('request-table');
    this.rows = this.table.getByTestId('request-row');
    this.accessionInput = page.locator('#request-search-accessionNumber');
    this.searchButton = page.getByTestId('request-search-submit');
    this.notice = page.getByTestId('request-notice');
    this.form = page.getByTestId('request-form-page');
    this.saved = page.getByTestId('request-saved');
  }

  async gotoList(): Promise<void> {
    await this.page.goto('/request');
    await expect(this.page.getByTestId('request-list-page')).toBeVisible();
  }

  /**
   * Searches the last `days` Bangkok days (the list opens on today): the demo seed's requests stay in view when a run
   * crosses Bangkok midnight after the seed.
   */
  async searchLastDays(days: number): Promise<void> {
    const day = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Bangkok',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    })
      .format(new Date(Date.now() - days * 86_400_000))
      .replaceAll('/', '-');
    await this.page.locator('#request-search-startDate').fill(day);
    const answered = this.page.waitForResponse(
      (r) => r.url().endsWith('/api/request/search') && r.request().method() === 'POST',
    );
    await this.searchButton.click();
    await answered;
  }

  /** Searches the list by accession number and waits for the answer. */
  async findByAccession(accession: string): Promise<Locator> {
    await this.accessionInput.fill(accession);
    const answered = this.page.waitForResponse(
      (r) => r.url().endsWith('/api/request/search') && r.request().method() === 'POST',
    );
    await this.searchButton.click();
    await answered;
    await expect(this.rows).toHaveCount(1);
    return this.rows.first();
  }

  /** Picks an option of an MUI select by its label. */
  /** Types a time (spec §9: HH:mm, 24-hour) into the time field with that test id and leaves the field. */
  async typeTime(testId: 'exam-start' | 'exam-end' | 'schedule-time', typed: string): Promise<void> {
    const field = this.page.getByTestId(testId);
    await field.fill(typed);
    await field.press('Tab');
  }

  async choose(label: string, option: string | number): Promise<void> {
    await this.form.getByRole('combobox', { name: label, exact: true }).click();
    const listbox = this.page.getByRole('listbox');
    if (typeof option === 'number') await listbox.getByRole('option').nth(option).click();
    else await listbox.getByRole('option', { name: option, exact: true }).click();
    await expect(listbox).toHaveCount(0);
  }
}
