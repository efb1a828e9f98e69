import { expect, test, type Page } from '@playwright/test';
import { WorklistPage } from '../pages/worklist-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  // Nothing hovered, so no tooltip covers the list.
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
}

// UI guide: every screen gets a screenshot at 1366×768, and someone looks at it.
test('worklist for staff', async ({ page }) => {
  await logInAs(page, 'staff');
  const worklist = new WorklistPage(page);
  await worklist.goto('/pacs');
  await settle(page);
  // No horizontal scroll at 1366×768 for the default columns.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
  await page.screenshot({ path: screenshotPath('worklist-staff') });

  await page.getByTestId('worklist-advanced-toggle').click();
  await expect(page.getByTestId('worklist-advanced')).toBeVisible();
  await settle(page);
  await page.screenshot({ path: screenshotPath('worklist-staff-advanced') });
});

test('worklist for doctor1 with client tabs', async ({ page }) => {
  await logInAs(page, 'doctor1');
  const worklist = new WorklistPage(page);
  await worklist.goto('/pacs');
  await expect(worklist.clientTab).toHaveCount(2);
  await settle(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
  await page.screenshot({ path: screenshotPath('worklist-doctor1') });

  await page.getByTestId('completed-toggle').click();
  await expect(page.getByTestId('worklist-completed-table')).toBeVisible();
  await page.getByTestId('completed-toggle').scrollIntoViewIfNeeded();
  await settle(page);
  await page.screenshot({ path: screenshotPath('worklist-doctor1-completed') });
});

test('worklist for the report editor', async ({ page }) => {
  await logInAs(page, 'editor');
  const worklist = new WorklistPage(page);
  await worklist.goto('/pacs');
  await settle(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
  await page.screenshot({ path: screenshotPath('worklist-editor') });
});

test('no result', async ({ page }) => {
  await logInAs(page, 'staff');
  const worklist = new WorklistPage(page);
  await worklist.goto('/pacs');
  await worklist.searchAccession('NO-SUCH-ACCESSION');
  await expect(worklist.empty).toContainText('ไม่พบข้อมูล');
  await settle(page);
  await page.screenshot({ path: screenshotPath('worklist-empty') });
});
