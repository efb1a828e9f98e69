import { expect, test } from '@playwright/test';
import { WorklistPage } from '../pages/worklist-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

// Spec §2/§4/§5/§9: staff assign a CT exam with urgency ER; the urgency preset fills 0 days 2 hours 0 minutes
// and the count-down column then shows about two hours.
test('staff assigns a CT exam with urgency ER and the countdown shows about 2 hours', async ({ page }) => {
  await logInAs(page, 'staff');
  const worklist = new WorklistPage(page);
  await worklist.goto('/pacs');
  await worklist.chooseModality('CT');
  await worklist.quickRange(14);

  // A CT exam with images that nobody reads yet.
  const arrived = worklist.rowsWithStatus('Arrived').first();
  await expect(arrived).toBeVisible();
  const accession = await worklist.accessionOf(arrived);
  const row = worklist.row(accession);
  await expect(row.getByTestId('viewer-button')).toBeVisible();

  await row.getByTestId('assign-button').click();
  const dialog = worklist.assignDialog;
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('assign-submit')).toBeDisabled();
  // Spec §5: the urgency choice appears only once an assignee is chosen (and the modality is CT).
  await expect(dialog.getByTestId('assign-urgency')).toHaveCount(0);

  await dialog.getByTestId('assign-doctor').click();
  await page.getByTestId('doctor-option').first().click();
  await expect(dialog.getByTestId('assign-submit')).toBeEnabled();
  await expect(dialog.getByTestId('assign-urgency')).toBeVisible();

  await dialog.getByTestId('assign-urgency').click();
  await page.getByTestId('urgency-option-ER').click();
  await expect(dialog.getByTestId('assign-day')).toHaveValue('0');
  await expect(dialog.getByTestId('assign-hour')).toHaveValue('2');
  await expect(dialog.getByTestId('assign-minute')).toHaveValue('0');

  // Spec §5: a negative or non-numeric part is forced to 0.
  await dialog.getByTestId('assign-minute').fill('-5');
  await dialog.getByTestId('assign-minute').blur();
  await expect(dialog.getByTestId('assign-minute')).toHaveValue('0');

  await page.mouse.move(0, 0);
  await page.screenshot({ path: screenshotPath('worklist-assign-dialog'), animations: 'disabled' });

  await dialog.getByTestId('assign-submit').click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveAttribute('data-status', 'Assigned');
  await expect(row.getByTestId('doctor-name')).not.toBeEmpty();
  const countdown = row.getByTestId('countdown');
  await expect(countdown).toHaveText(/^(1 ชม\. 59 นาที|2 ชม\.)/);
  await expect(countdown).toHaveAttribute('data-tone', 'ok');
  await expect(worklist.snackbar).toContainText(accession);
});
