import { expect, test } from '@playwright/test';
import { PatientFormPage } from '../pages/patient-form-page';
import { logInAs } from '../support/log-in';

test('choosing a prefix in one language sets the other and the gender', async ({ page }) => {
  await logInAs(page, 'staff');
  const form = new PatientFormPage(page);
  await form.gotoNew();
  await expect(form.gender).toHaveText('ไม่ระบุ');

  await form.choosePrefix(form.thaiPrefix, 'นาง');
  await expect(form.englishPrefix).toHaveValue('Mrs.');
  await expect(form.gender).toHaveText('หญิง');

  await form.choosePrefix(form.englishPrefix, 'Mr.');
  await expect(form.thaiPrefix).toHaveValue('นาย');
  await expect(form.gender).toHaveText('ชาย');

  // A title without a gender pairs the prefix and leaves the gender alone.
  await form.choosePrefix(form.thaiPrefix, 'ดร.');
  await expect(form.englishPrefix).toHaveValue('Dr.');
  await expect(form.gender).toHaveText('ชาย');

  // English "Miss" stands for several Thai prefixes; the first general one is taken.
  await form.choosePrefix(form.englishPrefix, 'Miss');
  await expect(form.thaiPrefix).toHaveValue('นางสาว');
  await expect(form.gender).toHaveText('หญิง');
});
