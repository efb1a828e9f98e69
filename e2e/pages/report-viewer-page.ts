import { type BrowserContext, expect, type Locator, type Page, type Response } from '@playwright/test';

/** The full-window report screens (/branch_report, /doctor_report, /center_report, …, the sticker): tabs, form, PDF frame. */
export class ReportViewerPage {
  readonly root: Locator;
  readonly frame: Locator;
  readonly form: Locator;
  readonly showButton: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('report-viewer');
    this.frame = page.getByTestId('report-frame');
    this.form = page.getByTestId('report-parameters');
    this.showButton = page.getByTestId('report-show');
  }

  tab(reportName: string): Locator {
    return this.page.getByTestId(`report-tab-${reportName.replace(/\.[^.]*$/, '')}`);
  }

  /** The next answer of POST /ReportViewer/{reportName} (what the hidden form posts into the frame). */
  nextReport(reportName: string): Promise<Response> {
    return this.page.waitForResponse((r) => isReportPost(r, reportName), { timeout: 30_000 });
  }

  /**
   * The same, for a report window that is still to be opened: a popup can post its form before a listener put on the
   * popup page exists, so this one listens on the whole context from before the click.
   */
  static nextReportIn(context: BrowserContext, reportName: string): Promise<Response> {
    return context.waitForEvent('response', { predicate: (r) => isReportPost(r, reportName), timeout: 30_000 });
  }

  /**
   * The frame's answer was the PDF, inline; returns its bytes. Chromium hands a PDF navigation to its viewer, so the
   * response body Playwright sees is the viewer's wrapper: the same form is posted again (same session) for the bytes.
   */
  async expectPdf(response: Response): Promise<Buffer> {
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['content-disposition']).toMatch(/^inline;/);
    const request = response.request();
    expect(request.headers()['content-type']).toBe('application/x-www-form-urlencoded');
    await expect(this.frame).toBeVisible();
    const again = await this.page.request.post(request.url(), {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: request.postData() ?? '',
    });
    expect(again.status()).toBe(200);
    const body = await again.body();
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    return body;
  }

  /** For screenshots only: Chromium's PDF viewer paints in its own process some time after the frame's load event. */
  async letViewerPaint(): Promise<void> {
    await this.page.waitForTimeout(1500);
  }
}

function isReportPost(response: Response, reportName: string): boolean {
  return response.request().method() === 'POST' && new URL(response.url()).pathname === `/ReportViewer/${reportName}`;
}
