import { expect, test } from '@playwright/test';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

// Issue 26 item 6: a wrong address says the page does not exist, a page outside the user's rights says so; neither
// is ever a "coming soon" placeholder.
test('a wrong address is the 404 page, with the way home', async ({ page }) => {
  await logInAs(page, 'staff');
  await page.goto('/nonexistent');
  const notFound = page.getByTestId('page-not-found');
  await expect(notFound).toContainText('ไม่พบหน้านี้');
  await expect(page.getByText('กำลังพัฒนา')).toHaveCount(0);
  await page.goto('/request/somewhere/deep');
  await expect(notFound).toBeVisible();
  await page.screenshot({ path: screenshotPath('page-not-found') });
  await notFound.getByRole('link', { name: 'กลับหน้าหลัก' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a section outside the user’s rights is the 403 page, naming it', async ({ page }) => {
  await logInAs(page, 'staff');
  for (const [path, name] of [
    ['/accounting', 'บัญชีและการเงิน'],
    ['/admin/audit', 'บันทึกการเข้าถึงข้อมูล'],
    ['/accounting_report', 'รายงานบัญชี'],
  ] as const) {
    await page.goto(path);
    const forbidden = page.getByTestId('page-forbidden');
    await expect(forbidden, path).toContainText('ไม่มีสิทธิ์เข้าถึง');
    await expect(forbidden, path).toContainText(name);
  }
  await page.screenshot({ path: screenshotPath('page-forbidden') });
});

test('a doctor opening the request list is refused on the page, in English when English is chosen', async ({
  page,
}) => {
  await logInAs(page, 'doctor1');
  await page.goto('/request');
  await expect(page.getByTestId('page-forbidden')).toContainText('ใบส่งตรวจ');
  await page.evaluate(() => localStorage.setItem('rangsi.language', 'en'));
  await page.reload();
  await expect(page.getByTestId('page-forbidden')).toContainText('Access denied');
  await expect(page.getByTestId('page-forbidden')).toContainText('Requests');
});
