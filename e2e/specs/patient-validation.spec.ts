import { expect, test } from '@playwright/test';
import { patientApiAs, searchPatientsApi, uniqueHn } from '../pages/patient-api';
import { PatientFormPage } from '../pages/patient-form-page';
import { logInAs } from '../support/log-in';

test('the spec §5 messages sit under their fields and nothing is saved', async ({ page, baseURL }) => {
  await logInAs(page, 'staff');
  const form = new PatientFormPage(page);
  await form.gotoNew();
  const hn = uniqueHn();
  await form.hn.fill(hn);

  await form.save.click();
  await expect(form.errorOf('patient-nameTH-first')).toHaveText('กรุณาระบุ');
  await expect(form.errorOf('patient-birthDate')).toHaveText('กรุณาระบุวันเกิดหรืออายุ');
  await expect(form.thaiFirst).toBeFocused();

  // National ID: 13 digits with a check digit.
  await form.thaiFirst.fill('ทดสอบ');
  await form.nationalNumber.fill('1103700000004');
  await form.birthDate.fill('01-01-2999');
  await form.save.click();
  await expect(form.errorOf('patient-nationalNumber')).toContainText('เลขประจำตัวประชาชนไม่ถูกต้อง');
  await expect(form.errorOf('patient-birthDate')).toHaveText('วันเกิดต้องไม่เป็นวันในอนาคต');
  await form.nationalNumber.fill('11037');
  await form.save.click();
  await expect(form.errorOf('patient-nationalNumber')).toHaveText('เลขประจำตัวประชาชนต้องเป็นตัวเลข 13 หลัก');

  // Unknown birth date: the age is what is needed, and it has limits.
  await form.unknownBirthDate.check();
  await form.save.click();
  await expect(form.errorOf('patient-age')).toHaveText('กรุณาระบุวันเกิดหรืออายุ');
  await form.age.fill('151');
  await form.save.click();
  await expect(form.errorOf('patient-age')).toHaveText('อายุต้องเป็นจำนวนเต็ม 0–150 ปี');

  await expect(page).toHaveURL('/patient/new');
  const api = await patientApiAs(baseURL!);
  expect(await searchPatientsApi(api, { hn })).toHaveLength(0);
  await api.dispose();
});
