import { expect, request, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/demo-users';

/** The exam worklist at /pacs and /record (spec §2). */
export class WorklistPage {
  readonly root: Locator;
  readonly list: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly empty: Locator;
  readonly searchButton: Locator;
  readonly accessionInput: Locator;
  readonly autoRefresh: Locator;
  readonly autoRefreshCountdown: Locator;
  readonly clientTabs: Locator;
  readonly clientTab: Locator;
  readonly confirmDialog: Locator;
  readonly assignDialog: Locator;
  readonly documentsDialog: Locator;
  readonly snackbar: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('worklist-page');
    this.list = page.getByTestId('worklist-list');
    this.table = page.getByTestId('worklist-table');
    this.rows = this.table.getByTestId('worklist-row');
    this.empty = page.getByTestId('worklist-empty');
    this.searchButton = page.getByTestId('worklist-search-submit');
    this.accessionInput = page.locator('#worklist-accessionNumber');
    this.autoRefresh = page.locator('#worklist-auto-refresh');
    this.autoRefreshCountdown = page.getByTestId('auto-refresh-countdown');
    this.clientTabs = page.getByTestId('client-tabs');
    this.clientTab = this.clientTabs.getByTestId('client-tab');
    this.confirmDialog = page.getByTestId('confirm-dialog');
    this.assignDialog = page.getByTestId('assign-dialog');
    this.documentsDialog = page.getByTestId('documents-dialog');
    this.snackbar = page.getByTestId('worklist-snackbar');
  }

  async goto(path = '/pacs'): Promise<void> {
    await this.page.goto(path);
    await this.expectSettled();
  }

  /**
   * A search has answered: rows or "No result" are on screen and nothing is loading. A doctor's first load is two
   * searches (the second for the first client tab), so this allows more than the default assertion time.
   */
  async expectSettled(): Promise<void> {
    await expect(this.root).toBeVisible({ timeout: 30_000 });
    await expect(this.list).toHaveAttribute('data-busy', 'false', { timeout: 30_000 });
    await expect(this.rows.first().or(this.empty)).toBeVisible();
  }

  /** Rows that have an accession number (registered exams waiting for one have none). */
  get rowsWithAccession(): Locator {
    return this.table.locator('[data-testid="worklist-row"]:not([data-accession=""])');
  }

  row(accession: string): Locator {
    return this.page.locator(`[data-testid="worklist-row"][data-accession="${accession}"]`);
  }

  rowsWithStatus(status: string): Locator {
    return this.table.locator(`[data-testid="worklist-row"][data-status="${status}"]`);
  }

  async search(): Promise<void> {
    await this.searchButton.click();
    await this.expectSettled();
  }

  async searchAccession(accession: string): Promise<void> {
    await this.accessionInput.fill(accession);
    await this.accessionInput.press('Enter');
    await this.expectSettled();
  }

  async quickRange(days: 7 | 14): Promise<void> {
    await this.page.getByTestId(`quick-range-${days}`).click();
    await this.expectSettled();
  }

  async chooseModality(code: string): Promise<void> {
    await this.page.getByTestId('worklist-modality-select').click();
    await this.page.getByTestId(`modality-option-${code}`).click();
  }

  async rowAction(row: Locator, action: string): Promise<void> {
    await row.getByTestId('row-actions').click();
    await this.page.getByTestId(`action-${action}`).click();
  }

  async accessionOf(row: Locator): Promise<string> {
    const accession = await row.getAttribute('data-accession');
    if (!accession) throw new Error('the row has no accession number');
    return accession;
  }

  async countdownSeconds(): Promise<number> {
    return Number(await this.autoRefreshCountdown.getAttribute('data-seconds'));
  }
}

// ---- the worklist's API, for finding rows by what they are (the demo data is relative to 'now') ----

/** Worklist rows as the API answers them (the fields the specs read). */
export interface ExamRow {
  examId: string;
  accessionNumber: string | null;
  status: string;
  modality: string;
  hasImage: boolean;
  expectedDate: string | null;
  reviewerId: string | null;
  hn: string;
  reportCount: number;
  reportAuditStatus: string;
}

interface SearchAnswer {
  success: boolean;
  data: { rows: ExamRow[]; total: number; clients?: { clientId: number; clientName: string; openCount: number }[] };
}

/** An API session of its own (not the page's), for looking at data as another user. */
export async function apiSessionAs(baseURL: string, username: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const answer = await api.post('/Member/LogOn', { data: { username, password: DEMO_PASSWORD } });
  if (!answer.ok()) throw new Error(`API log-on as ${username} failed: ${answer.status()}`);
  return api;
}

/** POST /api/exam/search with the session of `api` (or a page's request context). */
export async function searchExams(
  api: APIRequestContext,
  body: Record<string, unknown> = {},
  page = 1,
): Promise<SearchAnswer['data']> {
  const answer = await api.post(`/api/exam/search?page=${page}`, { data: body });
  if (!answer.ok()) throw new Error(`exam search failed: ${answer.status()} ${await answer.text()}`);
  return ((await answer.json()) as SearchAnswer).data;
}

/** Every row of a search, page by page (at most `maxPages` pages of 50). */
export async function searchAllExams(
  api: APIRequestContext,
  body: Record<string, unknown>,
  maxPages = 20,
): Promise<ExamRow[]> {
  const rows: ExamRow[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const answer = await searchExams(api, body, page);
    rows.push(...answer.rows);
    if (rows.length >= answer.total || answer.rows.length === 0) break;
  }
  return rows;
}

/** yyyy-MM-dd of the Bangkok day `daysAgo` before today. */
export function bangkokDay(daysAgo = 0): string {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Bangkok',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}
