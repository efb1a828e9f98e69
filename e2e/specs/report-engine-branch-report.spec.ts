import { expect, test } from '@playwright/test';
import { ReportViewerPage } from '../pages/report-viewer-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';
import { failOnCspViolations } from '../support/csp-violations';

failOnCspViolations();

// Spec §2 Report screens, §7 Reports: /branch_report/daily opens in a new window from home; the report's parameters
// start filled, and the PDF arrives in the frame by the hidden url-encoded form's POST to /ReportViewer/{name}.
test('admin opens the daily branch report from home and the PDF loads in the frame', async ({ page, context }) => {
  const { home } = await logInAs(page, 'admin');
  const item = home.card('branch_report').getByTestId('home-subitem-branch_report/daily');
  const first = ReportViewerPage.nextReportIn(context, 'branch_report_daily.rpt');
  const [popup] = await Promise.all([context.waitForEvent('page'), item.click()]);
  const viewer = new ReportViewerPage(popup);
  await expect(popup).toHaveURL('/branch_report/daily');
  const pdf = await viewer.expectPdf(await first);
  expect(pdf.length).toBeGreaterThan(10_000);
  await expect(viewer.tab('branch_report_daily.rpt')).toHaveAttribute('aria-selected', 'true');
  await expect(viewer.form.locator('#report-field-branchId')).toBeVisible();
  await expect(popup).toHaveTitle(/รายงานประจำวันของสาขา/);

  // A wrong day is caught under its field before anything is posted.
  await viewer.form.locator('#report-field-startDate').fill('31-02-2026');
  await viewer.showButton.click();
  await expect(viewer.form).toContainText('วันที่ไม่ถูกต้อง');

  // A range the server refuses (over 92 days): the frame shows its Thai error page, not raw JSON.
  await viewer.form.locator('#report-field-startDate').fill('01-01-2020');
  const refused = viewer.nextReport('branch_report_daily.rpt');
  await viewer.showButton.click();
  expect((await refused).status()).toBe(400);
  await expect(popup.frameLocator('[data-testid="report-frame"]').getByRole('alert')).toContainText(
    'ช่วงเวลาของรายงานต้องไม่เกิน 92 วัน',
  );

  // Another branch and the first fortnight of this month: the frame gets the new PDF.
  const month = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Bangkok', month: '2-digit', year: 'numeric' })
    .format(new Date())
    .replace('/', '-');
  await viewer.form.locator('#report-field-startDate').fill(`01-${month}`);
  await viewer.form.locator('#report-field-endDate').fill(`14-${month}`);
  await viewer.form.locator('#report-field-branchId').click();
  await popup.getByRole('listbox').getByRole('option').nth(1).click();
  const again = viewer.nextReport('branch_report_daily.rpt');
  await viewer.showButton.click();
  const response = await again;
  await viewer.expectPdf(response);
  const [mm, yyyy] = month.split('-');
  expect(response.request().postData()).toContain(`startDate=${yyyy}-${mm}-01&endDate=${yyyy}-${mm}-14`);
  await viewer.letViewerPaint();
  await popup.screenshot({ path: screenshotPath('report-branch-daily') });
});

test('the center report keeps the query string when a tab changes the route', async ({ page }) => {
  await logInAs(page, 'admin');
  const viewer = new ReportViewerPage(page);
  const first = viewer.nextReport('center_report_branches.rpt');
  await page.goto('/center_report?startDate=2026-01-01');
  await viewer.expectPdf(await first);
  expect((await first).request().postData()).toContain('startDate=2026-01-01');
  const second = viewer.nextReport('center_report_hospitals.rpt');
  await viewer.tab('center_report_hospitals.rpt').click();
  await expect(page).toHaveURL('/center_report/center_report_hospitals.rpt?startDate=2026-01-01');
  await viewer.expectPdf(await second);
  await expect(viewer.tab('center_report_hospitals.rpt')).toHaveAttribute('aria-selected', 'true');
  await viewer.letViewerPaint();
  await page.screenshot({ path: screenshotPath('report-center-hospitals') });
});
