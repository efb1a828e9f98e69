import { expect, test } from '@playwright/test';
import { WorklistPage } from '../pages/worklist-page';
import { logInAs } from '../support/log-in';

// Spec §4/§9 Auto refresh: a visible countdown from 300 s, ticking each second, restarted by every search.
test('the auto-refresh countdown ticks and resets to 300 on Search', async ({ page }) => {
  await logInAs(page, 'staff');
  const worklist = new WorklistPage(page);
  await worklist.goto('/pacs');

  await expect(worklist.autoRefreshCountdown).toHaveCount(0);
  await worklist.autoRefresh.check();
  await expect(worklist.autoRefreshCountdown).toBeVisible();
  await expect(worklist.autoRefreshCountdown).toContainText(/\d+/);

  // It ticks…
  await expect.poll(() => worklist.countdownSeconds(), { timeout: 10_000 }).toBeLessThanOrEqual(297);
  await expect(worklist.autoRefreshCountdown).toContainText(String(await worklist.countdownSeconds()));

  // …and Search starts it again from 300.
  await worklist.searchButton.click();
  await expect.poll(() => worklist.countdownSeconds()).toBeGreaterThanOrEqual(299);
  await worklist.expectSettled();

  // The choice is remembered on this workstation.
  await page.reload();
  await worklist.expectSettled();
  await expect(worklist.autoRefresh).toBeChecked();
});
