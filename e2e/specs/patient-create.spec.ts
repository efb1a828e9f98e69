import { expect, test } from '@playwright/test';
import {
  getPatient,
  patientApiAs,
  randomNationalId,
  searchPatientsApi,
  uniqueHn,
  uniqueThaiWord,
} from '../pages/patient-api';
import { PatientFormPage } from '../pages/patient-form-page';
import { PatientSearchPage } from '../pages/patient-search-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

test('create a patient with the real address picker; Save says บันทึกสำเร็จ (spec: Sucess) and goes to /patient', async ({
  page,
  baseURL,
}) => {
  await logInAs(page, 'staff');
  const form = new PatientFormPage(page);
  await form.gotoNew();
  const hn = uniqueHn();
  const first = uniqueThaiWord();
  const nationalId = randomNationalId();
  await form.hn.fill(hn);
  await form.nationalNumber.fill(nationalId);
  await form.choosePrefix(form.thaiPrefix, 'นาย');
  await form.thaiFirst.fill(first);
  await form.thaiLast.fill('ทดสอบระบบ');
  await form.englishFirst.fill('Tester');
  await form.birthDate.fill('02-03-2530');
  await form.birthDate.blur();
  await expect(form.birthDate).toHaveValue('02-03-1987');

  // Province → district → sub-district → postcode (thai-address-universal).
  const province = page.locator('#patient-currentAddress-province');
  await province.fill('เชียงใหม่');
  await page.getByRole('option', { name: 'เชียงใหม่', exact: true }).click();
  const district = page.locator('#patient-currentAddress-district');
  await district.fill('เมืองเชียงใหม่');
  await page.getByRole('option', { name: 'เมืองเชียงใหม่', exact: true }).click();
  const subDistrict = page.locator('#patient-currentAddress-subDistrict');
  await subDistrict.fill('ศรีภูมิ');
  await page.getByRole('option', { name: 'ศรีภูมิ', exact: true }).click();
  await expect(page.locator('#patient-currentAddress-postCode')).toHaveValue('50200');

  await page.mouse.move(1300, 100);
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    await document.fonts.ready;
  });
  await page.screenshot({ path: screenshotPath('patient-form-personal') });

  await form.save.click();
  await expect(form.notice).toHaveText('บันทึกสำเร็จ');
  await expect(page).toHaveURL('/patient');
  await expect(new PatientSearchPage(page).root).toBeVisible();

  const api = await patientApiAs(baseURL!);
  const [row] = await searchPatientsApi(api, { hn });
  expect(row?.name).toBe(`นาย${first} ทดสอบระบบ`);
  expect(row?.gender).toBe('Male');
  const saved = await getPatient(api, row!.patientId);
  expect(saved.currentAddress).toMatchObject({
    province: 'เชียงใหม่',
    district: 'เมืองเชียงใหม่',
    subDistrict: 'ศรีภูมิ',
    postCode: '50200',
  });
  expect(saved.currentAndRecordAddressIsSame).toBe(true);
  await api.dispose();
});

test('typing Thai first and last names fills the romanized English names after the pause', async ({
  page,
  baseURL,
}) => {
  const api = await patientApiAs(baseURL!);
  // The endpoint first, so that a broken one fails here with its answer rather than as a field left empty.
  const probe = await api.get(`/api/patient/romanization?thaiText=${encodeURIComponent('สมชาย')}`);
  expect(probe.status(), await probe.text()).toBe(200);
  expect(await probe.json()).toMatchObject({ success: true, data: 'Somchai' });
  await api.dispose();

  await logInAs(page, 'staff');
  const form = new PatientFormPage(page);
  await form.gotoNew();
  await form.thaiFirst.pressSequentially('สมชาย', { delay: 30 });
  await expect(form.englishFirst).toHaveValue('Somchai');
  await form.thaiLast.pressSequentially('ประยุทธ์', { delay: 30 });
  await expect(form.englishLast).toHaveValue('Prayut');
  // Typed by hand: no longer filled for us.
  await form.englishFirst.fill('Sam');
  await form.thaiFirst.fill('');
  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/patient/romanization') && decodeURIComponent(r.url()).includes('สมหญิง'),
  );
  await form.thaiFirst.pressSequentially('สมหญิง', { delay: 30 });
  await answered;
  await expect(form.englishFirst).toHaveValue('Sam');
});
