import { expect, test } from '@playwright/test';
import { PatientFormPage } from '../pages/patient-form-page';
import { logInAs } from '../support/log-in';

function bangkokDayYearsAgo(years: number): string {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Bangkok',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(new Date())
    .split('-');
  return `${d}-${m}-${Number(y) - years}`;
}

test('age in whole years; unknown birth date clears the date and enables age; unticking sets the date from the age', async ({
  page,
}) => {
  await logInAs(page, 'staff');
  const form = new PatientFormPage(page);
  await form.gotoNew();

  // Birthday tomorrow, 30 years ago: still 29 (spec §5: reduced by one before the birthday).
  const tomorrow30 = await page.evaluate(() => {
    const [y, m, d] = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Bangkok',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
      .format(new Date(Date.now() + 86_400_000))
      .split('-');
    return `${d}-${m}-${Number(y) - 30}`;
  });
  await form.birthDate.fill(tomorrow30);
  await expect(form.age).toHaveValue('29');
  await expect(form.age).toBeDisabled();

  await form.unknownBirthDate.check();
  await expect(form.birthDate).toHaveValue('');
  await expect(form.birthDate).toBeDisabled();
  await expect(form.age).toBeEnabled();
  await expect(form.age).toHaveValue('29');

  await form.age.fill('40');
  await form.unknownBirthDate.uncheck();
  await expect(form.birthDate).toBeEnabled();
  await expect(form.birthDate).toHaveValue(bangkokDayYearsAgo(40));
  await expect(form.age).toHaveValue('40');
  await expect(form.age).toBeDisabled();
});
