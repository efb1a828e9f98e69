import { expect, test } from '@playwright/test';
import { chequeReceipt, ExamFeePage, money, PettyCashPage, PNG_FILE } from '../pages/accounting-cash';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

// Issue 24 items 5, 6 and 11: petty cash and exam fees as the Accounting demo user, with every §5 warning of them.

test('petty cash: the §5 warning, a live balance, a save that resets the form and lists a new revision', async ({
  page,
}) => {
  // A long flow of saves and refetches: room for a loaded machine.
  test.setTimeout(150_000);
  await logInAs(page, 'billing');
  const cash = new PettyCashPage(page);
  await cash.goto();
  await expect(cash.names).toHaveCount(1);
  await page.screenshot({ path: screenshotPath('accounting-money-empty') });

  // §5: no expense line above 0.
  await cash.save.click();
  await expect(cash.warning).toContainText('กรุณากรอกข้อมูล');
  await cash.names.first().fill('ค่าส่งเอกสาร');
  await cash.amounts.first().fill('0');
  await cash.save.click();
  await expect(cash.warning).toContainText('กรุณากรอกข้อมูล');
  await page.screenshot({ path: screenshotPath('accounting-money-warning') });

  const ui = (
    (await (await page.request.get('/api/uidata/accounting_money')).json()) as {
      data: { yesterdayMoney: number; todayMoney: number; entries: unknown[] };
    }
  ).data;
  const opening = Math.round(ui.yesterdayMoney * 100) + Math.round(ui.todayMoney * 100);
  await expect(cash.figure('yesterday')).toHaveText(money(Math.round(ui.yesterdayMoney * 100)));
  await expect(cash.figure('today')).toHaveText(money(Math.round(ui.todayMoney * 100)));

  // At most 2 decimals: the third is not taken. Enter in the last amount adds a line and moves to its name.
  await cash.amounts.first().fill('');
  await cash.amounts.first().pressSequentially('120.505');
  await expect(cash.amounts.first()).toHaveValue('120.50');
  await expect(cash.warning).toHaveCount(0);
  await cash.amounts.first().press('Enter');
  await expect(cash.names).toHaveCount(2);
  await expect(cash.names.nth(1)).toBeFocused();
  await page.keyboard.type('ค่ากาแฟรับรองลูกค้า');
  // Enter in a name moves on to its amount (it does not save the form half typed).
  await page.keyboard.press('Enter');
  await expect(cash.amounts.nth(1)).toBeFocused();
  await page.keyboard.type('80.25');
  await expect(cash.figure('expenses')).toHaveText('200.75');
  await expect(cash.figure('balance')).toHaveText(money(opening - 20075));

  // Attachments: other types are refused in the browser; an image shows its name and size.
  await page
    .getByTestId('money-file-input')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByTestId('money-file-error')).toContainText('JPEG, PNG หรือ PDF');
  await page.getByTestId('money-file-input').setInputFiles(PNG_FILE);
  await expect(page.getByTestId('money-file-chosen')).toContainText(PNG_FILE.name);
  await expect(page.getByTestId('money-file-chosen')).toContainText('2.0 KB');
  await expect(page.getByTestId('money-file-error')).toHaveCount(0);
  await page.getByTestId('money-remark').fill('เบิกจากเงินสดย่อยหน้าร้าน');

  await cash.save.click();
  await expect(cash.notice).toHaveText('บันทึกสำเร็จ');
  // Reset: one empty line, no remark, no file.
  await expect(cash.names).toHaveCount(1);
  await expect(cash.names.first()).toHaveValue('');
  await expect(cash.amounts.first()).toHaveValue('');
  await expect(page.getByTestId('money-remark')).toHaveValue('');
  await expect(page.getByTestId('money-file-chosen')).toHaveCount(0);
  await expect(page.getByTestId('money-saved-balance')).toHaveText(money(opening - 20075));
  // The revision is listed with who saved it, its balance and its attachment.
  await expect(cash.entries).toHaveCount(ui.entries.length + 1);
  const first = cash.entries.first();
  await expect(first).toContainText('ค่ากาแฟรับรองลูกค้า');
  await expect(first.getByTestId('money-entry-balance')).toHaveText(money(opening - 20075));
  await expect(first.getByTestId('attachment-link')).toContainText(PNG_FILE.name);
  await expect(first.locator('td').nth(1)).toHaveText(/^\d{2}:\d{2}$/);
  await page.screenshot({ path: screenshotPath('accounting-money-saved'), fullPage: true });

  // A correction is a new revision; the earlier one is kept and listed under it.
  await cash.names.first().fill('ค่าส่งเอกสาร (แก้ไข)');
  await cash.amounts.first().fill('100');
  await cash.save.click();
  await expect(cash.entries).toHaveCount(ui.entries.length + 2);
  await expect(cash.entries.first().getByTestId('money-entry-balance')).toHaveText(money(opening - 10000));
  await expect(cash.entries.nth(1).getByTestId('money-entry-balance')).toHaveText(money(opening - 20075));

  // History: every revision of the days asked for.
  await page.getByTestId('money-tab-history').click();
  await expect(page.getByTestId('money-history-table').getByTestId('money-entry').first()).toContainText(
    'ค่าส่งเอกสาร (แก้ไข)',
  );
  await page.screenshot({ path: screenshotPath('accounting-money-history') });
});

test('exam fee: each §5 warning, a cash fee saved, and an unknown receipt number refused', async ({ page }) => {
  test.setTimeout(150_000);
  await logInAs(page, 'billing');
  const fee = new ExamFeePage(page);
  await fee.goto();
  await page.screenshot({ path: screenshotPath('accounting-cost-empty') });
  // The demo may already hold today's cash fees: the saved one adds to them.
  const cashBefore = (
    (await (await page.request.get('/api/accounting/todayCost/cash')).json()) as { data: { total: number } }
  ).data.total;

  await fee.save.click();
  await expect(page.getByTestId('cost-type-error')).toContainText('กรุณาเลือกประเภท');
  await fee.chooseType('cash');
  await fee.save.click();
  // The method is still missing.
  await expect(page.getByTestId('cost-type-error')).toContainText('กรุณาเลือกประเภท');
  await fee.chooseMethod('เงินสด');
  await fee.save.click();
  await expect(page.getByTestId('cost-type-error')).toHaveCount(0);
  await expect(page.getByTestId('cost-amount-error')).toContainText('กรุณาระบุจำนวนเงิน');

  await fee.chooseType('cheque');
  await fee.save.click();
  await expect(fee.receiptError).toContainText('กรุณาระบุเลขที่ใบเสร็จให้ถูกต้อง');
  await page.screenshot({ path: screenshotPath('accounting-cost-warning') });
  await fee.receipt.fill('RC-NO-SUCH-0001');
  await fee.receipt.press('Enter');
  await expect(fee.receiptError).toContainText('ไม่พบเลขที่ใบเสร็จ');
  await expect(fee.receipt).toBeEditable();

  // A future date is refused in the browser.
  await fee.chooseType('cash');
  await fee.amount.pressSequentially('1250.505');
  await expect(fee.amount).toHaveValue('1250.50');
  await page.getByTestId('cost-date-input').fill('31-12-2999');
  await fee.save.click();
  await expect(page.getByTestId('cost-date-error')).toContainText('วันที่ต้องไม่เกินวันนี้');
  await page.getByTestId('cost-date-input').fill('');
  await page.getByTestId('cost-reference').fill('REF-CASH-001');
  await page.getByTestId('cost-remark').fill('ค่าตรวจ CT ผู้ป่วยนอก');
  const before = await fee.entries.count();
  await fee.save.click();
  await expect(fee.notice).toHaveText('บันทึกสำเร็จ');
  await expect(fee.amount).toHaveValue('');
  await expect(page.getByTestId('cost-reference')).toHaveValue('');
  await expect(fee.entries).toHaveCount(before + 1);
  await expect(fee.entries.first()).toContainText('1,250.50');
  await expect(fee.entries.first()).toContainText('เงินสด');
  await expect(fee.entries.first()).toContainText('REF-CASH-001');
  await expect(page.getByTestId('cost-total-cash')).toContainText(money(Math.round(cashBefore * 100) + 125_050));
  await page.screenshot({ path: screenshotPath('accounting-cost-saved-cash'), fullPage: true });
});

test('exam fee by cheque: the receipt number looked up, locked with its amount, unlocked by edit, then saved', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await logInAs(page, 'billing');
  const receipt = await chequeReceipt(page.request);
  const fee = new ExamFeePage(page);
  await fee.goto();
  await fee.chooseType('cheque');
  await fee.chooseMethod('เช็ค');
  await fee.receipt.fill(receipt.documentNo);
  await page.getByTestId('cost-receipt-check').click();
  await expect(fee.receipt).not.toBeEditable();
  await expect(fee.amount).toHaveValue(money(receipt.amount));
  await expect(fee.receiptError).toHaveCount(0);

  // Edit unlocks the field and clears the receipt (and its amount).
  await page.getByTestId('cost-receipt-edit').click();
  await expect(fee.receipt).toBeEditable();
  await expect(fee.amount).toHaveValue('');
  await fee.receipt.press('Enter');
  await expect(fee.receipt).not.toBeEditable();
  await expect(fee.amount).toHaveValue(money(receipt.amount));
  await expect(page.getByTestId('cost-receipt-edit')).toBeVisible();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: screenshotPath('accounting-cost-cheque-locked') });

  await fee.save.click();
  await expect(fee.notice).toHaveText('บันทึกสำเร็จ');
  await expect(fee.receipt).toHaveCount(0);
  const row = fee.entries.filter({ hasText: receipt.documentNo });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('เช็ค');
  await expect(row).toContainText(money(receipt.amount));
  await page.screenshot({ path: screenshotPath('accounting-cost-saved-cheque'), fullPage: true });
});
