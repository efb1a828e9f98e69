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

  // …and Search starts it again from 300. On a loaded machine the click itself can take seconds, during which the
  // new countdown ticks: the seconds read plus the seconds since the click began are back at 300 only after a reset
  // (without one they stay at most 298, as the countdown was at 297 or less).
  const clickedAt = Date.now();
  await worklist.searchButton.click();
  await expect
    .poll(async () => (await worklist.countdownSeconds()) + Math.ceil((Date.now() - clickedAt) / 1000))
    .toBeGreaterThanOrEqual(300);
  await worklist.expectSettled();

  // The choice is remembered on this workstation.
  await page.reload();
  await worklist.expectSettled();
  await expect(worklist.autoRefresh).toBeChecked();
});
