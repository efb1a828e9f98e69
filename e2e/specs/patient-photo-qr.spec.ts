import { expect, test } from '@playwright/test';
import { createPatient, patientApiAs, samplePng, searchPatientsApi } from '../pages/patient-api';
import { PatientFormPage } from '../pages/patient-form-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';
import { failOnCspViolations, watchCspViolations } from '../support/csp-violations';

failOnCspViolations();

test('a photo taken on a phone through the QR page reaches the patient', async ({ page, browser, baseURL }) => {
  const api = await patientApiAs(baseURL!);
  const patient = await createPatient(api);
  await logInAs(page, 'staff');
  const form = new PatientFormPage(page);
  await form.goto(patient.patientId);
  await expect(form.photo).toHaveCount(0);

  await page.getByTestId('photo-phone').click();
  const dialog = page.getByTestId('phone-capture-dialog');
  const qr = dialog.getByTestId('phone-capture-qr');
  await expect(qr).toBeVisible();
  const url = await qr.getAttribute('data-url');
  expect(url).toMatch(new RegExp(`^${baseURL}/capture/qr/[0-9a-f-]{36}$`));
  await page.evaluate(async () => document.fonts.ready);
  await page.screenshot({ path: screenshotPath('patient-photo-qr-dialog') });

  // The phone: another browser context, no session, a phone-sized screen.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'th-TH',
  });
  const phoneCsp = watchCspViolations(phone);
  const phonePage = await phone.newPage();
  await phonePage.goto(url!);
  await expect(phonePage.getByTestId('capture-ready')).toBeVisible();
  await phonePage
    .getByTestId('capture-file-input')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: samplePng() });
  await expect(phonePage.getByTestId('capture-preview')).toBeVisible();
  await phonePage.screenshot({ path: screenshotPath('capture-phone-preview') });
  await phonePage.getByTestId('capture-send').click();
  await expect(phonePage.getByTestId('capture-done')).toBeVisible();

  // The dialog's poll (every 1000 ms) brings the photo; using it saves it on the patient.
  await expect(dialog.getByTestId('phone-capture-photo')).toBeVisible();
  await dialog.getByTestId('phone-capture-use').click();
  await expect(dialog).toHaveCount(0);
  await expect(form.notice).toHaveText('บันทึกรูปผู้ป่วยแล้ว');
  await expect(form.photo).toBeVisible();
  const image = await api.get(`/api/patient/image/${patient.patientId}`);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toContain('image/jpeg');

  // Single use: the same link is gone now.
  await phonePage.goto(url!);
  await expect(phonePage.getByTestId('capture-invalid')).toContainText('หมดอายุหรือถูกใช้ไปแล้ว');
  expect(phoneCsp, 'Content-Security-Policy violations on the phone').toEqual([]);
  await phone.close();

  // Closing the dialog before a photo came asks to confirm cancelling.
  await page.getByTestId('photo-phone').click();
  await expect(dialog.getByTestId('phone-capture-qr')).toBeVisible();
  await page.keyboard.press('Escape');
  const confirm = page.getByTestId('phone-capture-cancel');
  await expect(confirm).toContainText('ยกเลิกการถ่ายรูป?');
  await confirm.getByRole('button', { name: 'ถ่ายต่อ' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'ยกเลิก', exact: true }).click();
  await page.getByTestId('phone-capture-cancel').getByTestId('confirm-yes').click();
  await expect(dialog).toHaveCount(0);
  await api.dispose();
});

test('upload a photo for a new patient: saved with the patient', async ({ page, baseURL }) => {
  await logInAs(page, 'staff');
  const form = new PatientFormPage(page);
  await form.gotoNew();
  await expect(page.getByTestId('photo-phone')).toBeDisabled();
  await page.getByTestId('photo-file').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: samplePng() });
  await expect(form.photo).toBeVisible();
  const hn = `PH${Date.now()}`;
  await form.hn.fill(hn);
  await form.thaiFirst.fill('มีรูป');
  await form.unknownBirthDate.check();
  await form.age.fill('33');
  await form.save.click();
  await expect(page).toHaveURL('/patient');
  const api = await patientApiAs(baseURL!);
  const [row] = await searchPatientsApi(api, { hn });
  expect(row?.age).toBe(33);
  expect((await api.get(`/api/patient/image/${row!.patientId}`)).status()).toBe(200);
  await api.dispose();
});
