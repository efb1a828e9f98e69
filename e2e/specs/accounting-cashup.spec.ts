import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';
import { BillingPage } from '../pages/billing-page';
import { pdfText } from '../pages/report-page';
import { ReportViewerPage } from '../pages/report-viewer-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

// Issue 24 item 9 (b, c) in the screens: the daily cash-up printed and exported from every accounting page, a batch
// exported to XLSX from its dialog, and the branch an Administrator works on (decisions acc44–acc46).

function bangkokToday(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Bangkok',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

test("the Accounting user prints and exports today's cash-up of their branch, and a future day is refused", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await logInAs(page, 'billing');
  await page.goto('/accounting/money');
  const toolbar = page.getByTestId('accounting-toolbar');
  await expect(toolbar).toBeVisible();
  // One branch: named, not offered as a choice.
  await expect(page.getByTestId('accounting-branch')).toHaveCount(0);
  const branches = (
    (await (await page.request.get('/api/accounting/branches')).json()) as {
      data: { branches: { id: number; name: string }[] };
    }
  ).data.branches;
  expect(branches).toHaveLength(1);
  await expect(page.getByTestId('accounting-branch-name')).toHaveText(branches[0]!.name);
  const today = bangkokToday();
  await expect(page.getByTestId('cashup-day-input')).toHaveValue(today.split('-').reverse().join('-'));
  await page.screenshot({ path: screenshotPath('accounting-cashup-toolbar') });

  // Print: the report screen opens on the cash-up of today, and its PDF holds the branch's closing summary.
  const answer = ReportViewerPage.nextReportIn(context, 'accounting_cashup.rpt');
  const [reportWindow] = await Promise.all([context.waitForEvent('page'), page.getByTestId('cashup-print').click()]);
  await expect(reportWindow).toHaveURL(
    new RegExp(`/accounting_report/cashup/accounting_cashup\\.rpt\\?day=${today}&branchId=${branches[0]!.id}$`),
  );
  const viewer = new ReportViewerPage(reportWindow);
  const text = pdfText(await viewer.expectPdf(await answer));
  expect(text).toContain('ปิดยอดประจำวัน');
  expect(text).toContain(branches[0]!.name);
  await viewer.letViewerPaint();
  await reportWindow.screenshot({ path: screenshotPath('accounting-cashup-report') });
  await reportWindow.close();

  // Excel: saved under its Thai name, four sheets, the summary first.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('cashup-xlsx').click()]);
  expect(download.suggestedFilename()).toMatch(/^ปิดยอดประจำวัน-.*\.xlsx$/);
  const bytes = await readFile(await download.path());
  const summary = await readSheet(bytes, 'สรุปปิดยอด');
  expect(summary.flat().join(' ')).toContain(branches[0]!.name);
  for (const sheet of ['ใบเสร็จรับเงิน', 'ค่าตรวจ', 'เงินสดย่อย'])
    expect((await readSheet(bytes, sheet)).length, sheet).toBeGreaterThan(0);

  // A day to come cannot be closed: said under the field, and neither button works.
  const tomorrow = new Date(`${today}T00:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  await page.getByTestId('cashup-day-input').fill(tomorrow.toISOString().slice(0, 10).split('-').reverse().join('-'));
  await expect(page.getByTestId('cashup-day-error')).toContainText('วันที่ต้องไม่เกินวันนี้');
  await expect(page.getByTestId('cashup-xlsx')).toBeDisabled();
  await expect(page.getByTestId('cashup-print')).toHaveAttribute('aria-disabled', 'true');
  await page.screenshot({ path: screenshotPath('accounting-cashup-future-day') });
});

test('a billing batch is exported to XLSX from its dialog, one row per line with its total', async ({ page }) => {
  test.setTimeout(120_000);
  await logInAs(page, 'billing');
  const billing = new BillingPage(page);
  await page.goto('/accounting/billing');
  await billing.chooseHospital('โรงพยาบาลบางกอกการุณย์');
  // The demo's month of batches (issue 24 item 10).
  await billing.historyEntries.first().click();
  const dialog = page.getByTestId('billing-detail');
  await expect(dialog.getByTestId('billing-detail-document')).toHaveText(/^BL\d{4}-/);
  const documentId = (await dialog.getByTestId('billing-detail-document').textContent())!;
  const billingId = /\/accounting\/billing\/([^/?]+)/.exec(page.url())![1]!;
  const detail = (
    (await (await page.request.get(`/api/billing/${billingId}/detail`)).json()) as { data: { requests: unknown[] } }
  ).data;

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('billing-xlsx').click()]);
  expect(download.suggestedFilename()).toMatch(/^ใบวางบิล-.*\.xlsx$/);
  const rows = await readSheet(await readFile(await download.path()));
  const text = rows.flat().join(' ');
  expect(text).toContain(documentId);
  // The lines, then the total, paid and due rows: every line of the batch is there.
  const numbered = rows.filter((r) => /^\d+$/.test(String(r[0])));
  expect(numbered).toHaveLength(detail.requests.length);
});

test('an Administrator chooses the branch whose petty cash and exam fees they open, and the menu keeps it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInAs(page, 'admin');
  await page.goto('/accounting/money');
  const choice = page.getByTestId('accounting-branch');
  await expect(choice).toBeAttached();
  const { branches, defaultBranchId } = (
    (await (await page.request.get('/api/accounting/branches')).json()) as {
      data: { branches: { id: number; name: string }[]; defaultBranchId: number };
    }
  ).data;
  expect(branches.length).toBeGreaterThan(1);
  const other = branches.find((b) => b.id !== defaultBranchId)!;

  await page.locator('#accounting-branch').click();
  await page.getByRole('listbox').getByRole('option', { name: other.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/accounting/money\\?branch=${other.id}$`));
  const ui = (
    (await (await page.request.get(`/api/uidata/accounting_money?branchId=${other.id}`)).json()) as {
      data: { yesterdayMoney: number; entries: unknown[] };
    }
  ).data;
  const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    ui.yesterdayMoney,
  );
  await expect(page.getByTestId('money-yesterday')).toHaveText(money);
  await page.screenshot({ path: screenshotPath('accounting-admin-branch-money') });

  // The menu carries the choice to the exam fees, whose lists are that branch's.
  await page.getByTestId('accounting-menu-cost').click();
  await expect(page).toHaveURL(new RegExp(`/accounting/cost\\?branch=${other.id}$`));
  const fees = (
    (await (await page.request.get(`/api/accounting/todayCost/all?branchId=${other.id}`)).json()) as {
      data: { count: number };
    }
  ).data;
  await expect(page.getByTestId('cost-page')).toBeVisible();
  await expect(page.locator('#accounting-branch')).toContainText(other.name);
  expect(fees.count).toBeGreaterThan(0);
  await expect(page.getByTestId('cost-entry')).toHaveCount(fees.count);
});
