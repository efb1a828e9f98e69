import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The radiology report window /report/{examId}?examBranchId= (spec §2 Report screens, issue 8). */
export class ReportWindow {
  readonly root: Locator;
  readonly tabs: Locator;
  readonly editor: Locator;
  readonly finishButton: Locator;
  readonly finishDialog: Locator;
  readonly templatePicker: Locator;
  readonly autosave: Locator;
  readonly finishedReports: Locator;
  readonly finishedView: Locator;
  readonly pdfFrame: Locator;
  readonly pdfDownload: Locator;
  readonly newEntry: Locator;
  readonly rejectedBanner: Locator;
  readonly acceptDialog: Locator;
  readonly error: Locator;
  readonly critical: Locator;
  readonly previewButton: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('report-page');
    this.tabs = page.getByTestId('report-tab');
    this.editor = page.getByTestId('report-editor');
    this.finishButton = page.getByTestId('report-finish');
    this.finishDialog = page.getByTestId('finish-dialog');
    this.templatePicker = page.getByTestId('template-picker');
    this.autosave = page.getByTestId('autosave-status');
    this.finishedReports = page.getByTestId('finished-report');
    this.finishedView = page.getByTestId('finished-view');
    this.pdfFrame = page.getByTestId('report-pdf-frame');
    this.pdfDownload = page.getByTestId('report-pdf-download');
    this.newEntry = page.getByTestId('report-new');
    this.rejectedBanner = page.getByTestId('report-rejected');
    this.acceptDialog = page.getByTestId('accept-dialog');
    this.error = page.getByTestId('report-error');
    this.critical = page.getByTestId('report-critical');
    this.previewButton = page.getByTestId('report-preview');
  }

  field(section: 'addendum' | 'clinicalInformation' | 'technique' | 'findings' | 'impression'): Locator {
    return this.page.getByTestId(`report-field-${section}`);
  }

  finishedVersion(n: number): Locator {
    return this.page.locator(`[data-testid="finished-report"][data-version="${n}"]`);
  }

  async pickTemplate(name: string): Promise<void> {
    await this.templatePicker.click();
    await this.templatePicker.fill(name.slice(0, 8));
    await this.page.locator(`[data-testid="template-option"][data-template-name="${name}"]`).click();
  }

  /** Waits until the draft the screen shows is stored. */
  async expectSaved(): Promise<void> {
    await expect(this.autosave).toHaveAttribute('data-status', 'saved', { timeout: 15_000 });
  }

  async finish(): Promise<void> {
    await this.finishButton.click();
    await expect(this.finishDialog).toBeVisible();
    await this.finishDialog.getByTestId('confirm-yes').click();
    await expect(this.finishDialog).toBeHidden({ timeout: 30_000 });
    await expect(this.finishedView).toBeVisible({ timeout: 30_000 });
  }

  /** The shown version's PDF has loaded in its frame (a seeded version is printed on its first opening). */
  async expectPdfShown(): Promise<void> {
    await expect(this.pdfFrame).toHaveAttribute('data-loaded', 'true', { timeout: 30_000 });
    // Only for the screenshots that follow: Chromium's PDF viewer paints the page just after the frame's load.
    await this.page.waitForTimeout(700);
  }

  /** The shown version's PDF, downloaded the way a user does (the download button). */
  async downloadPdf(): Promise<Buffer> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.pdfDownload.click()]);
    const file = join(mkdtempSync(join(tmpdir(), 'report-pdf-')), download.suggestedFilename() || 'report.pdf');
    await download.saveAs(file);
    return readFileSync(file);
  }
}

/** The text of a PDF, as pdftotext (poppler) extracts it. */
export function pdfText(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'report-pdftext-')), 'r.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}

/** The user id behind an API session. */
export async function userIdOf(api: APIRequestContext): Promise<string> {
  const res = await api.get('/api/me');
  return ((await res.json()) as { data: { userId: string } }).data.userId;
}
