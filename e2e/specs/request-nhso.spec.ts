import { expect, test } from '@playwright/test';
import { createPatient, patientApiAs } from '../pages/patient-api';
import { catalogue } from '../pages/request-api';
import { RequestPage } from '../pages/request-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

test('health-coverage (NHSO) dialog: latest authentication, a claim type, confirm-save; the claim code is stored on the request', async ({
  page,
  baseURL,
}) => {
  const api = await patientApiAs(baseURL!, 'staff');
  const patient = await createPatient(api);
  const cat = await catalogue(api);
  const us = cat.products.find((p) => p.modalityCode === 'US' && p.productGroup === 'ตรวจ')!;

  await logInAs(page, 'staff');
  const rq = new RequestPage(page);
  await page.goto(`/request/new/${patient.patientId}`);
  await page.getByTestId('nhso-open').click();
  const dialog = page.getByTestId('nhso-dialog');
  await expect(dialog.getByText('UCS สิทธิหลักประกันสุขภาพแห่งชาติ')).toBeVisible();
  await dialog.getByLabel('Self Isolation').check();
  await page.screenshot({ path: screenshotPath('request-nhso-dialog') });
  await dialog.getByTestId('nhso-confirm').click();
  await expect(dialog).toHaveCount(0);
  const code = (await page.getByTestId('nhso-claim-code').textContent())!.match(/PP\d{10}/)![0];

  await rq.choose('โรงพยาบาล', 1);
  await page.getByTestId('modality-tab-US').click();
  await page.getByTestId(`product-${us.productId}`).check();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/request/exam'));
  await page.getByTestId('request-submit').click();
  const { data } = (await (await saved).json()) as { data: { requestId: string } };
  const detail = (await (await api.get(`/api/request/${data.requestId}`)).json()) as {
    data: { nhsoClaimCode: string; additionalFields: { nhso_auth_code?: string } };
  };
  expect(detail.data.nhsoClaimCode).toBe(code);
  expect(detail.data.additionalFields.nhso_auth_code).toBe(code);
  await api.dispose();
});
