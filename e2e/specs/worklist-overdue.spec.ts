import { expect, test } from '@playwright/test';
import { bangkokDay, searchAllExams, WorklistPage } from '../pages/worklist-page';
import { logInAs } from '../support/log-in';

// Spec §2: after the expected report date the row shows overdue in red tones, with a label (UI guide: colour is
// never the only signal).
test('an overdue exam shows the red tone and its overdue label', async ({ page }) => {
  await logInAs(page, 'staff');
  // Which exam is overdue depends on when the demo was seeded: ask the API, then look at it on screen.
  const rows = await searchAllExams(page.request, { examFromDate: bangkokDay(14), examToDate: bangkokDay(0) });
  const now = Date.now();
  const overdue = rows.find(
    (r) =>
      r.accessionNumber &&
      r.expectedDate &&
      r.status !== 'Completed' &&
      new Date(r.expectedDate).getTime() < now - 5 * 60_000,
  );
  expect(overdue, 'the demo data has an overdue exam in the last 14 days').toBeDefined();
  const accession = overdue?.accessionNumber ?? '';

  const worklist = new WorklistPage(page);
  await worklist.goto('/pacs');
  await worklist.page.locator('#worklist-examFromDate').fill('');
  await worklist.searchAccession(accession);

  const row = worklist.row(accession);
  await expect(row).toHaveAttribute('data-overdue', 'true');
  const countdown = row.getByTestId('countdown');
  await expect(countdown).toHaveAttribute('data-tone', 'overdue');
  await expect(countdown).toHaveText(/^เกิน \d/);
  // Red tones: the theme's overdue colours on the label and a tinted row.
  await expect(countdown).toHaveCSS('color', 'rgb(198, 40, 40)');
  await expect(countdown).toHaveCSS('background-color', 'rgb(251, 227, 227)');
  await expect(row).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
});

// Spec §2: an exam whose status is Rejected shows the doctor name in red.
test('a rejected exam shows the doctor’s name in red', async ({ page }) => {
  await logInAs(page, 'staff');
  const rows = await searchAllExams(page.request, { examFromDate: bangkokDay(14), examToDate: bangkokDay(0) });
  const rejected = rows.find((r) => r.accessionNumber && r.status === 'Rejected' && r.reviewerId);
  expect(rejected, 'the demo data has a rejected exam with its doctor in the last 14 days').toBeDefined();
  const accession = rejected?.accessionNumber ?? '';

  const worklist = new WorklistPage(page);
  await worklist.goto('/pacs');
  await page.locator('#worklist-examFromDate').fill('');
  await worklist.searchAccession(accession);

  const row = worklist.row(accession);
  await expect(row.getByTestId('status-chip')).toHaveText('ปฏิเสธ');
  const name = row.getByTestId('doctor-name');
  await expect(name).toHaveAttribute('data-rejected', 'true');
  await expect(name).toHaveCSS('color', 'rgb(198, 40, 40)');
});
