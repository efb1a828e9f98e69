import { expect, test } from '@playwright/test';
import { createPatient, getPatient, patientApiAs } from '../pages/patient-api';
import { PatientFormPage } from '../pages/patient-form-page';
import { DEMO_PASSWORD } from '../support/demo-users';
import { logInAs } from '../support/log-in';

test("editing needs the user's own password; the change is saved", async ({ page, baseURL }) => {
  const api = await patientApiAs(baseURL!);
  const patient = await createPatient(api);
  await logInAs(page, 'staff');
  const form = new PatientFormPage(page);
  await form.goto(patient.patientId);
  await expect(form.title).toContainText(patient.first);
  await expect(form.hn).toHaveValue(patient.hn);
  await expect(form.hn).toBeDisabled();
  await expect(form.tab(5)).toContainText('ประวัติการตรวจ (0)');
  await expect(form.tab(5)).toBeEnabled();

  await form.phoneNumber.fill('0899999999');
  await expect(form.password).toBeVisible();
  await form.save.click();
  await expect(form.errorOf('patient-password')).toHaveText('กรุณาระบุ');

  await form.password.fill('not-my-password');
  await form.save.click();
  await expect(form.errorOf('patient-password')).toHaveText('รหัสผ่านไม่ถูกต้อง');
  expect((await getPatient(api, patient.patientId)).phoneNumber).toBe('0812345678');

  await form.password.fill(DEMO_PASSWORD);
  await form.save.click();
  await expect(form.notice).toHaveText('บันทึกสำเร็จ');
  await expect(page).toHaveURL('/patient');
  expect((await getPatient(api, patient.patientId)).phoneNumber).toBe('0899999999');

  // The exam history tab is there for a saved patient; a new one has it disabled.
  await form.goto(patient.patientId);
  await form.tab(5).click();
  await expect(page.getByTestId('exam-history-empty')).toBeVisible();
  await form.gotoNew();
  await expect(form.tab(5)).toBeDisabled();
  await expect(form.password).toHaveCount(0);
  await api.dispose();
});
