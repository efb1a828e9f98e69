import { expect, test } from '@playwright/test';
import { createPatient, patientApiAs } from '../pages/patient-api';
import { PatientFormPage } from '../pages/patient-form-page';
import { PatientSearchPage } from '../pages/patient-search-page';
import { resetCardReader, setCardReader, SIM_CARD } from '../pages/patient-simulators';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

test.afterEach(async () => {
  await resetCardReader();
});

test("reading a card whose ID is not the patient's shows the mismatch; an unreadable card says so", async ({
  page,
  baseURL,
}) => {
  const api = await patientApiAs(baseURL!);
  const patient = await createPatient(api);
  await api.dispose();
  await logInAs(page, 'staff');
  const form = new PatientFormPage(page);
  await form.goto(patient.patientId);

  await form.readCard.click();
  const message = page.getByTestId('card-error-message');
  await expect(message).toHaveText(
    `เลขประจำตัวประชาชนในบัตร (${SIM_CARD.pid}) ไม่ตรงกับข้อมูลในระบบ (${patient.nationalNumber})`,
  );
  await page.screenshot({ path: screenshotPath('patient-card-mismatch') });
  await page.getByTestId('card-error-dialog').getByRole('button').click();
  await expect(form.nationalNumber).toHaveValue(patient.nationalNumber);

  await setCardReader({ readable: false });
  await form.readCard.click();
  await expect(message).toHaveText('ไม่สามารถอ่านข้อมูลจากบัตรประชาชนได้ กรุณาเสียบบัตรใหม่แล้วลองอีกครั้ง');
});

test('reader not installed: install prompt, then it goes on once the helper answers (smartcard protocol)', async ({
  page,
}) => {
  await setCardReader({ installed: false, variant: 'smartcard' });
  await logInAs(page, 'staff');
  const form = new PatientFormPage(page);
  await form.gotoNew();
  await form.readCard.click();
  const prompt = page.getByTestId('card-install-dialog');
  await expect(prompt).toContainText('ไม่พบโปรแกรมอ่านบัตรประชาชน');
  await setCardReader({ installed: true });
  await expect(prompt).toHaveCount(0);
  await expect(form.nationalNumber).toHaveValue(SIM_CARD.pid);
  await expect(form.thaiFirst).toHaveValue(SIM_CARD.firstNameTH);
  await expect(page.getByTestId('photo-card')).toBeVisible();
});

test('card search with no match registers from the card (importbycard)', async ({ page }) => {
  await logInAs(page, 'staff');
  const search = new PatientSearchPage(page);
  await search.goto();
  await search.byCard.click();
  await expect(page).toHaveURL('/patient/new');
  const form = new PatientFormPage(page);
  await expect(form.nationalNumber).toHaveValue(SIM_CARD.pid);
  await expect(form.thaiFirst).toHaveValue(SIM_CARD.firstNameTH);
  await expect(form.thaiLast).toHaveValue(SIM_CARD.lastNameTH);
  await expect(form.englishFirst).toHaveValue(SIM_CARD.firstNameEN);
  await expect(form.birthDate).toHaveValue('14-03-1992');
  await expect(form.gender).toHaveText('หญิง');
  await expect(page.locator('#patient-currentAddress-province')).toHaveValue('กรุงเทพมหานคร');

  // Using the card photo for a new patient asks, then saves the patient with it and opens the saved record.
  await page.getByTestId('photo-card').click();
  await page.getByTestId('card-photo-confirm').getByTestId('confirm-yes').click();
  await expect(page).toHaveURL(/\/patient\/[0-9a-f-]{36}$/);
  await expect(form.photo).toBeVisible();

  // Now the card is found by its ID: the search shows the patient instead.
  await search.goto();
  await search.byCard.click();
  await expect(search.rows).toHaveCount(1);
  await expect(page).toHaveURL('/patient');
});
