import { expect, test } from '@playwright/test';
import { bangkokDay, searchExams, WorklistPage } from '../pages/worklist-page';
import { logInAs } from '../support/log-in';

// Spec §2: the URL hash holds an accession number and its row is highlighted; the accession chip goes to
// /pacs#{accession} for users with MENU_PACS.
test('a /pacs#<accession> link highlights its row and brings it into view', async ({ page }) => {
  await logInAs(page, 'staff');
  const worklist = new WorklistPage(page);
  await worklist.goto('/pacs');

  const target = worklist.rowsWithAccession.nth(30);
  const accession = await worklist.accessionOf(target);
  // A fresh page load, as when the link comes from another screen or a bookmark.
  await page.goto('/');
  await page.goto(`/pacs#${accession}`);
  await worklist.expectSettled();

  const row = worklist.row(accession);
  await expect(row).toHaveAttribute('data-highlighted', 'true');
  await expect(row).toBeInViewport();
  await expect(worklist.page.locator('[data-highlighted="true"]')).toHaveCount(1);
});

test('the accession chip links to /pacs#<accession>', async ({ page }) => {
  await logInAs(page, 'staff');
  const worklist = new WorklistPage(page);
  await worklist.goto('/record');

  const row = worklist.rowsWithAccession.nth(3);
  const accession = await worklist.accessionOf(row);
  await row.getByTestId('accession-chip').click();
  await expect(page).toHaveURL(`/pacs#${accession}`);
  await worklist.expectSettled();
  await expect(worklist.row(accession)).toHaveAttribute('data-highlighted', 'true');
});

test('a hash naming an exam outside the default dates is looked up and highlighted', async ({ page }) => {
  await logInAs(page, 'staff');
  // Older than the default 3-day window, so not on the first page.
  const { rows } = await searchExams(page.request, { examFromDate: bangkokDay(14), examToDate: bangkokDay(8) });
  const old = rows.find((r) => r.accessionNumber);
  expect(old, 'the demo data has exams 8–14 days old').toBeDefined();
  const accession = old?.accessionNumber ?? '';

  const worklist = new WorklistPage(page);
  await page.goto(`/pacs#${accession}`);
  await worklist.expectSettled();
  await expect(worklist.row(accession)).toHaveAttribute('data-highlighted', 'true');
  await expect(worklist.accessionInput).toHaveValue(accession);
});
