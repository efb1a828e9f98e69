import { expect, test } from '@playwright/test';
import { patientApiAs, searchPatientsApi } from '../pages/patient-api';
import { PatientFormPage } from '../pages/patient-form-page';
import { PatientSearchPage } from '../pages/patient-search-page';
import { resetGateway, setGateway, SIM_GATEWAY_PATIENT } from '../pages/patient-simulators';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

test.afterEach(async () => {
  await resetGateway();
});

test('HN import from the gateway: not found, slow, then found and saved', async ({ page, baseURL }) => {
  await logInAs(page, 'staff');
  const search = new PatientSearchPage(page);
  await search.goto();
  await search.search({ hn: SIM_GATEWAY_PATIENT.hn });
  await expect(search.empty).toBeVisible();
  await search.importButton.click();
  await expect(page).toHaveURL('/patient/import');
  const dialog = page.getByTestId('hn-import-dialog');
  await expect(dialog).toBeVisible();
  const hnInput = dialog.locator('#hn-import-hn');

  // Not found: the gateway's own message.
  await hnInput.fill('NOPE-1');
  await dialog.getByTestId('hn-import-submit').click();
  await expect(dialog.getByTestId('hn-import-message')).toHaveText('ไม่พบ HN NOPE-1 ในระบบโรงพยาบาล');
  await page.screenshot({ path: screenshotPath('patient-hn-import-not-found') });

  // Slow gateway: given up after about 5 seconds, with a message.
  await setGateway({ delayMs: 8000 });
  await hnInput.fill(SIM_GATEWAY_PATIENT.hn);
  await dialog.getByTestId('hn-import-submit').click();
  await expect(dialog.getByTestId('hn-import-message')).toContainText('ไม่ตอบกลับภายใน 5 วินาที', { timeout: 8000 });
  await setGateway({ delayMs: 0 });

  await dialog.getByTestId('hn-import-submit').click();
  await expect(dialog).toHaveCount(0);
  const form = new PatientFormPage(page);
  await expect(form.thaiFirst).toHaveValue(SIM_GATEWAY_PATIENT.first);
  await expect(form.thaiLast).toHaveValue(SIM_GATEWAY_PATIENT.last);
  await expect(form.hn).toHaveValue(SIM_GATEWAY_PATIENT.hn);
  await expect(form.nationalNumber).toHaveValue(SIM_GATEWAY_PATIENT.nationalNumber);
  await expect(form.englishFirst).toHaveValue('Somchai');
  await expect(form.birthDate).toHaveValue('02-07-1968');
  await expect(page.locator('#patient-currentAddress-province')).toHaveValue('เชียงใหม่');

  await form.save.click();
  await expect(form.notice).toHaveText('บันทึกสำเร็จ');
  await expect(page).toHaveURL('/patient');
  const api = await patientApiAs(baseURL!);
  const rows = await searchPatientsApi(api, { hn: SIM_GATEWAY_PATIENT.hn });
  expect(rows).toHaveLength(1);

  // Importing the same HN again points at the patient already registered.
  await page.goto('/patient/import');
  await dialog.locator('#hn-import-hn').fill(SIM_GATEWAY_PATIENT.hn);
  await dialog.getByTestId('hn-import-submit').click();
  await expect(dialog.getByTestId('hn-import-message')).toContainText('มีในระบบแล้ว');
  await api.dispose();
});

test('Import is offered only when the gateway says it can look patients up by HN (GET features)', async ({ page }) => {
  await setGateway({ features: 'HL7_ORU' });
  await logInAs(page, 'staff');
  const search = new PatientSearchPage(page);
  await search.goto();
  await search.search({ hn: 'HIS-NONE-1' });
  await expect(search.empty).toBeVisible();
  await expect(search.importButton).toHaveCount(0);

  // Once the gateway names the feature, a fresh page offers it again.
  await setGateway({ features: 'HL7_ORU,PATIENT_HN_IMPORT' });
  await page.reload();
  await search.search({ hn: 'HIS-NONE-1' });
  await expect(search.importButton).toBeVisible();
});
