import { expect, test } from '@playwright/test';
import { patientApiAs } from '../pages/patient-api';
import { createUsRequest } from '../pages/request-api';
import { RequestPage } from '../pages/request-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

test('export film: the row icon makes a link with a QR code; a fresh browser without a session opens it', async ({
  page,
  browser,
  baseURL,
}) => {
  const api = await patientApiAs(baseURL!, 'staff');
  const made = await createUsRequest(api);
  await api.dispose();

  await logInAs(page, 'staff');
  const rq = new RequestPage(page);
  await rq.gotoList();
  const row = await rq.findByAccession(made.accessions[0]!);
  await row.getByTestId('request-export').click();
  const dialog = page.getByTestId('export-link-dialog');
  const url = await dialog.getByTestId('export-link-url').textContent();
  expect(url).toMatch(/\/link\/[A-Za-z0-9_-]{24}$/);
  await expect(dialog.getByRole('img', { name: 'QR code ของลิงก์' }).locator('svg')).toBeVisible();
  const patientName = await dialog.getByTestId('export-link-patient').textContent();
  await page.screenshot({ path: screenshotPath('request-export-link') });

  const fresh = await browser.newContext();
  const outsider = await fresh.newPage();
  await outsider.goto(url!);
  await expect(outsider).toHaveURL(url!);
  await expect(outsider.getByTestId('public-link-patient')).toHaveText(patientName!);
  await expect(outsider.getByTestId('public-link-exam')).toHaveCount(1);
  await expect(outsider.getByTestId('public-link-exam')).toContainText(made.accessions[0]!);
  await outsider.screenshot({ path: screenshotPath('request-public-link') });
  // An unknown link says so and shows nothing.
  await outsider.goto(url!.replace(/\/link\/.*/, '/link/AAAAAAAAAAAAAAAAAAAAAAAA'));
  await expect(outsider.getByTestId('public-link-error')).toHaveText('ลิงก์นี้ไม่มีอยู่หรือหมดอายุแล้ว');
  await fresh.close();
});
