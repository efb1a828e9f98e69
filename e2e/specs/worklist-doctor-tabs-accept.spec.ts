import { expect, test } from '@playwright/test';
import { WorklistPage } from '../pages/worklist-page';
import { logInAs } from '../support/log-in';

// Spec §2: a Doctor reading for more than one client gets a tab per client with its open records, most first,
// the first selected. Spec §4 Acceptance: the reviewer confirms (No/Yes) and Yes accepts the case.
test('doctor1 sees a tab per client with open counts, most first, and the first selected', async ({ page }) => {
  await logInAs(page, 'doctor1');
  const worklist = new WorklistPage(page);
  await worklist.goto('/pacs');

  await expect(worklist.clientTab).toHaveCount(2);
  const counts = await worklist.clientTab.evaluateAll((tabs) =>
    tabs.map((tab) => Number(tab.getAttribute('data-open-count'))),
  );
  expect(counts[0]).toBeGreaterThan(0);
  expect(counts[0]).toBeGreaterThanOrEqual(counts[1] ?? 0);
  for (const [i, tab] of (await worklist.clientTab.all()).entries()) {
    await expect(tab.getByTestId('client-tab-name')).not.toBeEmpty();
    await expect(tab.getByTestId('client-tab-count')).toHaveText(String(counts[i]));
  }
  await expect(worklist.clientTab.first()).toHaveAttribute('aria-selected', 'true');

  // The second tab lists the other client's exams.
  const firstTabRow = await worklist.accessionOf(worklist.rows.first());
  await worklist.clientTab.nth(1).click();
  await expect(worklist.clientTab.nth(1)).toHaveAttribute('aria-selected', 'true');
  await worklist.expectSettled();
  await expect(worklist.row(firstTabRow)).toHaveCount(0);

  // Completed records wait in the collapsed section.
  await expect(page.getByTestId('completed-toggle')).toContainText('Show completed records');
});

test('doctor1 accepts an assigned exam through the confirmation', async ({ page }) => {
  await logInAs(page, 'doctor1');
  const worklist = new WorklistPage(page);
  await worklist.goto('/pacs');

  const assigned = worklist.rowsWithStatus('Assigned').first();
  await expect(assigned).toBeVisible();
  const accession = await worklist.accessionOf(assigned);
  const row = worklist.row(accession);
  await expect(row.getByTestId('status-chip')).toHaveText('มอบหมายแล้ว');

  // "No" leaves the case as it was.
  await worklist.rowAction(row, 'accept');
  await expect(worklist.confirmDialog).toBeVisible();
  await worklist.confirmDialog.getByTestId('confirm-no').click();
  await expect(worklist.confirmDialog).toBeHidden();
  await expect(row).toHaveAttribute('data-status', 'Assigned');

  await worklist.rowAction(row, 'accept');
  await expect(worklist.confirmDialog).toContainText(accession);
  await worklist.confirmDialog.getByTestId('confirm-yes').click();

  await expect(worklist.confirmDialog).toBeHidden();
  await expect(row).toHaveAttribute('data-status', 'Accepted');
  await expect(row.getByTestId('status-chip')).toHaveText('กำลังอ่านผล');
  await expect(worklist.snackbar).toContainText(accession);
  // Accepted: the accept action is gone from the row's menu.
  await row.getByTestId('row-actions').click();
  await expect(page.getByTestId('action-accept')).toHaveCount(0);
  await expect(page.getByTestId('action-reject')).toBeVisible();
});

test('opening the report of an assigned exam asks for acceptance first, then opens it', async ({ page, context }) => {
  await logInAs(page, 'doctor1');
  const worklist = new WorklistPage(page);
  await worklist.goto('/pacs');

  const assigned = worklist.rowsWithStatus('Assigned').first();
  await expect(assigned).toBeVisible();
  const accession = await worklist.accessionOf(assigned);
  const examId = (await assigned.getAttribute('data-exam-id')) ?? '';
  const row = worklist.row(accession);

  await row.getByTestId('report-button').click();
  await expect(worklist.confirmDialog).toHaveAttribute('data-action', 'accept');
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    worklist.confirmDialog.getByTestId('confirm-yes').click(),
  ]);

  await expect(row).toHaveAttribute('data-status', 'Accepted');
  await expect(popup).toHaveURL(new RegExp(`/report/${examId}\\?examBranchId=\\d+$`));
  await popup.close();

  // Accepted now: the report opens straight away.
  const [again] = await Promise.all([context.waitForEvent('page'), row.getByTestId('report-button').click()]);
  await expect(again).toHaveURL(new RegExp(`/report/${examId}`));
  await expect(worklist.confirmDialog).toBeHidden();
});
