import { expect, test, type Page, type Response } from '@playwright/test';
import { bahtText } from '../../packages/domain/src/index';
import { BillingPage, createBillableRequest } from '../pages/billing-page';
import { patientApiAs } from '../pages/patient-api';
import { pdfText } from '../pages/report-page';
import { ReportViewerPage } from '../pages/report-viewer-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

const HOSPITAL = 'โรงพยาบาลบางกอกการุณย์';

/** Two requests of the billing user's branch on a day of 2025 no demo request has (the demo covers the last weeks). */
async function twoRequestsOnADay(baseURL: string): Promise<{ day: string; display: string; requestIds: string[] }> {
  const api = await patientApiAs(baseURL, 'staff');
  const condition = (await (await api.get('/api/uidata/requestCondition')).json()) as {
    data: {
      hospitalPrivilages: { id: number; name: string; children: { id: number }[] }[];
      modalityProducts: { modalityCode: string; products: { productId: number; name: string }[] }[];
    };
  };
  const hospital = condition.data.hospitalPrivilages.find((h) => h.name === HOSPITAL)!;
  const cr = condition.data.modalityProducts.find((m) => m.modalityCode === 'CR')!.products;
  const month = 1 + Math.floor(Math.random() * 6);
  const date = 1 + Math.floor(Math.random() * 28);
  const day = `2025-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
  const requestIds: string[] = [];
  for (const [i, product] of cr.slice(0, 2).entries()) {
    requestIds.push(
      await createBillableRequest(api, {
        hospitalId: hospital.id,
        privilegeId: hospital.children[0]!.id,
        productId: product.productId,
        modality: 'CR',
        at: `${day}T${String(9 + i).padStart(2, '0')}:00:00+07:00`,
      }),
    );
  }
  await api.dispose();
  return { day, display: day.split('-').reverse().join('-'), requestIds };
}

/** The next navigation answer of a new window whose URL passes `matches` (listened on the whole context, before the click). */
function nextWindowAnswer(page: Page, matches: (url: string) => boolean): Promise<Response> {
  return page.context().waitForEvent('response', {
    predicate: (r) => r.request().isNavigationRequest() && matches(r.url()),
    timeout: 30_000,
  });
}

// Issue 24 items 3, 4 and 11 (billing part): filter → batch → statement → detail → paid/unpaid → receipt → void.
test("billing staff batch a hospital's requests, take a transfer with a receipt in Thai words, and void it", async ({
  page,
  context,
  baseURL,
}) => {
  // One long walk through every billing state, on a machine shared with other runs.
  test.setTimeout(180_000);
  const { day, display, requestIds } = await twoRequestsOnADay(baseURL!);
  const { home } = await logInAs(page, 'billing');

  // Home → accounting opens the first permitted page, billing.
  await home.card('accounting').click();
  await expect(page).toHaveURL('/accounting/billing');
  const billing = new BillingPage(page);
  await expect(billing.root).toBeVisible();
  await expect(page.getByTestId('accounting-menu-billing')).toHaveAttribute('aria-current', 'page');
  // The server's default range (decision acc02) starts the form.
  await expect(billing.startDate).toHaveValue(/^01-\d{2}-\d{4}$/);

  // Spec §5: the hospital is required; the red message goes once one is chosen.
  await billing.searchButton.click();
  await expect(billing.hospitalError).toHaveText('กรุณาเลือกโรงพยาบาล');
  await page.screenshot({ path: screenshotPath('accounting-billing-hospital-required') });
  await billing.chooseHospital(HOSPITAL);
  await expect(billing.hospitalError).toBeHidden();
  await expect(page.getByTestId('billing-history-empty').or(billing.historyEntries.first())).toBeVisible();
  await billing.privilege.click();
  await expect(page.getByRole('listbox').getByRole('option', { name: 'ทุกสิทธิ (All privileges)' })).toBeVisible();
  await page.getByRole('listbox').getByRole('option', { name: 'ทุกสิทธิ (All privileges)' }).click();

  // Rows of that day: unpaid ones checked, select-all touching them only.
  await billing.search(display, display);
  await expect(billing.rows).toHaveCount(2);
  for (const id of requestIds) await expect(billing.row(id).getByTestId('billing-row-check')).toBeChecked();
  await expect(billing.checkedCount).toHaveText('2');
  const total = (await billing.checkedTotal.textContent())!;
  expect(total).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  await billing.selectAll.uncheck();
  await expect(billing.checkedCount).toHaveText('0');
  await expect(billing.createButton).toBeDisabled();
  await billing.selectAll.check();
  await expect(billing.checkedCount).toHaveText('2');
  await page.screenshot({ path: screenshotPath('accounting-billing-results') });

  // Create batch: the statement opens in a new window as a PDF, the detail over the screen, the batch on top of the history.
  // The statement is printed by Chromium on the server: on a busy machine that takes longer than the helper's 30 s.
  const statement = context.waitForEvent('response', {
    predicate: (r) => r.request().method() === 'POST' && r.url().endsWith('/ReportViewer/billing_statement.rpt'),
    timeout: 90_000,
  });
  const [popup] = await Promise.all([context.waitForEvent('page'), billing.createButton.click()]);
  await expect(popup).toHaveURL(/\/billing_report\/[0-9a-f-]{36}$/);
  const billingId = popup.url().split('/').pop()!;
  await new ReportViewerPage(popup).expectPdf(await statement);
  await popup.close();
  await expect(page).toHaveURL(`/accounting/billing/${billingId}`);
  const detail = billing.detail;
  await expect(detail.root).toBeVisible();
  const documentId = (await detail.document.textContent())!;
  expect(documentId).toMatch(/^BL\d{4}-RS1-\d{5}$/);
  await expect(billing.historyEntries.first()).toHaveAttribute('data-billing-id', billingId);
  await expect(billing.historyEntries.first().getByTestId('billing-history-document')).toHaveText(documentId);
  await expect(detail.unpaidTab).toContainText('2');
  await expect(detail.lines).toHaveCount(2);
  await page.screenshot({ path: screenshotPath('accounting-billing-detail-unpaid') });

  // Mark one line paid: only that line spins while the call is out.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/billing/*/paid/*', async (route) => {
    await held;
    await route.continue();
  });
  const [first, second] = requestIds as [string, string];
  await detail.line(first).getByTestId('billing-mark-paid').click();
  await expect(detail.line(first).getByTestId('billing-line-spinner')).toBeVisible();
  await expect(detail.line(second).getByTestId('billing-line-spinner')).toHaveCount(0);
  await expect(detail.line(second).getByTestId('billing-mark-paid')).toBeEnabled();
  release();
  await expect(detail.lines).toHaveCount(1);
  await detail.paidTab.click();
  await expect(detail.line(first).getByTestId('billing-detail-paid-by')).toContainText('บันทึกชำระเอง');
  await page.screenshot({ path: screenshotPath('accounting-billing-detail-paid') });
  await detail.line(first).getByTestId('billing-mark-unpaid').click();
  await expect(page.getByTestId('billing-detail-paid-empty')).toBeVisible();
  await detail.unpaidTab.click();
  await expect(detail.lines).toHaveCount(2);

  // Receipt mode: the paid tab is disabled; the two spec §5 warnings.
  await detail.receiptModeButton.click();
  await expect(detail.paidTab).toBeDisabled();
  await detail.receiptSubmit.click();
  await expect(detail.receiptWarning).toHaveText('กรุณาเลือกรายการที่ต้องการออกใบเสร็จ');
  await page.getByTestId('receipt-select-all').check();
  await expect(detail.amount).toHaveValue(total.replace(/,/g, ''));
  await detail.receiptSubmit.click();
  await expect(detail.receiptWarning).toHaveText('กรุณาระบุข้อมูลการชำระเงิน');
  await page.screenshot({ path: screenshotPath('accounting-billing-receipt-warning') });
  // Back leaves receipt mode; coming in again starts empty.
  await detail.backButton.click();
  await expect(detail.paidTab).toBeEnabled();
  await detail.receiptModeButton.click();
  await page.getByTestId('receipt-select-all').check();

  // A transfer, less than the lines (withholding tax): the receipt PDF says the amount received in Thai words.
  await page.getByTestId('receipt-type-transfer').click();
  await detail.bank.fill('ธนาคารกสิกรไทย');
  await detail.number.fill('TRF-250001');
  await detail.amount.fill('500.25');
  // The notice lives 1000 ms (spec §9): watched from before the click, in the page, so a busy machine cannot miss it.
  const noticeShown = detail.notice.waitFor({ state: 'visible', timeout: 30_000 });
  const receiptAnswer = nextWindowAnswer(page, (url) => /\/api\/billing\/[^/]+\/receipt\/[^/]+\/file$/.test(url));
  const [receiptWindow] = await Promise.all([context.waitForEvent('page'), detail.receiptSubmit.click()]);
  const answer = await receiptAnswer;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  await expect(receiptWindow).toHaveURL(new RegExp(`/api/billing/${billingId}/receipt/[0-9a-f-]{36}/file$`));
  const pdf = await page.request.get(receiptWindow.url());
  expect(pdf.status()).toBe(200);
  const text = pdfText(await pdf.body());
  expect(text).toContain(bahtText(50025));
  expect(bahtText(50025)).toBe('ห้าร้อยบาทยี่สิบห้าสตางค์');
  await receiptWindow.close();

  // Success: the notice for 1000 ms, out of receipt mode, lines paid by the receipt (which cannot be marked unpaid).
  await noticeShown;
  await expect(detail.notice).toBeHidden({ timeout: 3000 });
  await expect(detail.receiptModeButton).toBeDisabled(); // nothing left unpaid
  await expect(detail.backButton).toBeHidden();
  await expect(detail.receipts).toHaveCount(1);
  const receiptNo = (await detail.receipts.first().getByTestId('billing-receipt-file').textContent())!;
  expect(receiptNo).toMatch(/^RC\d{4}-RS1-\d{5}$/);
  await detail.paidTab.click();
  await expect(detail.lines).toHaveCount(2);
  for (const id of requestIds) {
    await expect(detail.line(id).getByTestId('billing-detail-paid-by')).toContainText(receiptNo);
    await expect(detail.line(id).getByTestId('billing-mark-unpaid')).toBeDisabled();
  }
  await expect(billing.historyEntries.first().getByTestId('billing-history-paid')).toBeVisible();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: screenshotPath('accounting-billing-detail-paid-by-receipt') });
  // Behind the dialog the results follow: paid lines unchecked, named with their batch, and not selectable.
  await expect(billing.row(first)).toHaveAttribute('data-paid', 'true');
  await expect(billing.row(first).getByTestId('billing-row-check')).not.toBeChecked();
  await expect(billing.row(first).getByTestId('billing-row-check')).toBeDisabled();
  await expect(billing.row(first).getByTestId('billing-row-paid')).toContainText(documentId);

  // Void with a reason: the receipt stays struck through with the reason, the lines are unpaid again.
  await detail.receipts.first().getByTestId('billing-receipt-void').click();
  await expect(page.getByTestId('void-confirm')).toBeDisabled();
  await page.getByTestId('void-reason').fill('โอนผิดบัญชี ธนาคารคืนเงิน');
  await page.screenshot({ path: screenshotPath('accounting-billing-void-dialog') });
  await page.getByTestId('void-confirm').click();
  await expect(detail.voidDialog).toBeHidden();
  await expect(detail.receipts.first()).toHaveAttribute('data-voided', 'true');
  await expect(detail.receipts.first().getByTestId('billing-receipt-voided')).toContainText('โอนผิดบัญชี ธนาคารคืนเงิน');
  await expect(page.getByTestId('billing-detail-paid-empty')).toBeVisible();
  await detail.unpaidTab.click();
  await expect(detail.lines).toHaveCount(2);
  await expect(billing.historyEntries.first().getByTestId('billing-history-receipt')).toHaveAttribute(
    'data-voided',
    'true',
  );
  await page.screenshot({ path: screenshotPath('accounting-billing-detail-voided') });

  // Closing goes back to the screen; the rows now name their batch, and the ages count them (> 90 days).
  await page.getByTestId('billing-detail-close').click();
  await expect(page).toHaveURL('/accounting/billing');
  await expect(billing.aging.locator('[data-bucket="90+"] td').nth(1)).not.toHaveText('0');
  await expect(billing.row(first).getByTestId('billing-row-batch')).toHaveText(documentId);
  await expect(billing.row(first).getByTestId('billing-row-check')).toBeChecked();
  await page.screenshot({ path: screenshotPath('accounting-billing-history'), fullPage: true });
  expect(day).toMatch(/^2025-/);
});

// Issue 24 item 2: the side menu from the MENU_ACCOUNTING_* flags, and a page the user may not open says so.
test('the accounting menu opens each permitted page, and others are refused in words, never the placeholder', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await logInAs(page, 'billing');
  await page.goto('/accounting');
  await expect(page).toHaveURL('/accounting/billing');
  for (const [code, testId] of [
    ['money', 'money-page'],
    ['cost', 'cost-page'],
    ['billing', 'billing-page'],
  ] as const) {
    await page.getByTestId(`accounting-menu-${code}`).click();
    await expect(page).toHaveURL(`/accounting/${code}`);
    await expect(page.getByTestId(testId)).toBeVisible();
    await expect(page.getByTestId(`accounting-menu-${code}`)).toHaveAttribute('aria-current', 'page');
  }

  const staffContext = await browser.newContext({ baseURL });
  const staff = await staffContext.newPage();
  await logInAs(staff, 'staff');
  for (const path of ['/accounting/billing', '/accounting']) {
    await staff.goto(path);
    await expect(staff.getByTestId('page-forbidden')).toContainText('ไม่มีสิทธิ์เข้าถึง');
    await expect(staff.getByTestId('page-forbidden')).toContainText('บัญชีและการเงิน');
    await expect(staff.getByTestId('billing-page')).toHaveCount(0);
  }
  await staff.goto('/accounting/billing');
  await expect(staff.getByTestId('page-forbidden')).toBeVisible();
  // The header names the section even outside the user's menu, never by its code.
  await expect(staff.getByTestId('header-section')).toHaveText('บัญชีและการเงิน');
  await staff.screenshot({ path: screenshotPath('accounting-forbidden') });
  await staffContext.close();
});
