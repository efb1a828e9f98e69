import { expect, test } from '@playwright/test';
import { createPatient, patientApiAs } from '../pages/patient-api';
import { PatientFormPage } from '../pages/patient-form-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

// Issue 23 item 14: an administrator opens a patient, then finds that very read in the audit log, filtered by the patient.
test('an admin finds their own read of a patient in the audit log, by HN', async ({ page, baseURL }) => {
  const api = await patientApiAs(baseURL!);
  const patient = await createPatient(api);
  await api.dispose();

  const { home } = await logInAs(page, 'admin');
  const form = new PatientFormPage(page);
  await form.goto(patient.patientId);
  await expect(form.nationalNumber).toHaveValue(patient.nationalNumber);

  // Reached from home like every other section.
  await page.goto('/');
  await home.card('admin/audit').click();
  await expect(page).toHaveURL('/admin/audit');
  await page.getByTestId('audit-patient').fill(patient.hn);
  await page.getByTestId('audit-search').click();

  const row = page.getByTestId('audit-row').filter({ hasText: 'เปิดดูข้อมูลผู้ป่วย' }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('admin');
  await expect(row).toContainText(patient.hn);
  await expect(row).toContainText('(Opened patient)');
  // dd-MM-yyyy HH:mm, never an ISO stamp or an action code.
  await expect(row.locator('td').first()).toHaveText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
  await expect(page.getByTestId('audit-table')).not.toContainText('patient.read');
  // Rows of this patient only.
  const rows = page.getByTestId('audit-row');
  for (let i = 0; i < (await rows.count()); i++) await expect(rows.nth(i)).toContainText(patient.hn);
  await page.screenshot({ path: screenshotPath('admin-audit'), fullPage: true });
});

test('staff have no audit card and the API refuses them', async ({ page }) => {
  const { home } = await logInAs(page, 'staff');
  expect(await home.cardCodes()).not.toContain('admin/audit');
  const res = await page.request.get('/api/audit');
  expect(res.status()).toBe(403);
});
