import { expect, test } from '@playwright/test';
import { patientApiAs } from '../pages/patient-api';
import { seededPatientAged } from '../pages/request-api';
import { RequestPage } from '../pages/request-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

test('a child’s eGFR: the form asks for height, then estimates it by bedside Schwartz; a typed eGFR wins', async ({
  page,
  baseURL,
}) => {
  const api = await patientApiAs(baseURL!, 'staff');
  const patientId = await seededPatientAged(api, (age) => age >= 1 && age < 18);
  await logInAs(page, 'staff');
  await page.goto(`/request/new/${patientId}`);
  await expect(new RequestPage(page).form).toBeVisible();
  await expect(page.getByTestId('request-patient-name')).not.toBeEmpty();

  const egfr = page.getByTestId('field-egfr');
  await page.getByTestId('field-creatinine').fill('0.5');
  // CKD-EPI is for adults: without a height there is no estimate, and the form says what would give one.
  await expect(page.getByText('ผู้ป่วยเด็ก: กรอกส่วนสูงเพื่อคำนวณ')).toBeVisible();
  await expect(egfr).toHaveAttribute('placeholder', '');
  // 0.413 × 120 cm / 0.5 mg/dL = 99.1
  await page.getByTestId('field-height').fill('120');
  await expect(egfr).toHaveAttribute('placeholder', '99');
  await expect(page.getByText('คำนวณ Bedside Schwartz: 99')).toBeVisible();
  await page.screenshot({ path: screenshotPath('request-egfr-child') });
  await page.getByTestId('field-height').fill('150');
  await expect(egfr).toHaveAttribute('placeholder', '124');
  // A measured eGFR typed by staff replaces the estimate and its helper.
  await egfr.fill('80');
  await expect(page.getByText(/คำนวณ Bedside Schwartz/)).toHaveCount(0);
});
