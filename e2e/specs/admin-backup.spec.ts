import { expect, test } from '@playwright/test';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

// Issue 23 item 13: the administrator backs up from the screen; the archive appears in the list with its date and size.
test('an admin backs up now from the backup screen and the new archive is listed', async ({ page }) => {
  const { home } = await logInAs(page, 'admin');
  await home.card('admin/backup').click();
  await expect(page).toHaveURL('/admin/backup');
  const rowsBefore = await page.getByTestId('backup-row').count();

  await page.getByTestId('backup-now').click();
  // The list polls while the server copies; the button comes back when the archive is done.
  await expect(page.getByTestId('backup-row')).toHaveCount(rowsBefore + 1, { timeout: 90_000 });
  await expect(page.getByTestId('backup-now')).toBeEnabled();
  const row = page.getByTestId('backup-row').first();
  await expect(row.locator('td').first()).toHaveText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
  await expect(row).toContainText(/rangsi-backup-\d{8}-\d{6}Z\.zip/);
  await expect(row.locator('td').last()).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2} (MB|GB)$/);
  await page.screenshot({ path: screenshotPath('admin-backup'), fullPage: true });
});

test('staff have no backup card and the API refuses them', async ({ page }) => {
  const { home } = await logInAs(page, 'staff');
  expect(await home.cardCodes()).not.toContain('admin/backup');
  expect((await page.request.get('/api/admin/backups')).status()).toBe(403);
  expect((await page.request.post('/api/admin/backup')).status()).toBe(403);
});
