import { expect, test } from '@playwright/test';
import { patientApiAs } from '../pages/patient-api';
import { catalogue, createRequest, seededPatient, seededPatientId } from '../pages/request-api';
import { RequestPage } from '../pages/request-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

async function makeRequest(baseURL: string, custom: boolean, patientId?: string) {
  const api = await patientApiAs(baseURL, 'staff');
  const cat = await catalogue(api);
  const us = cat.products.find((p) => p.modalityCode === 'US' && p.productGroup === 'ตรวจ')!;
  const made = await createRequest(api, {
    patientId: patientId ?? (await seededPatientId(api)),
    hospitalId: cat.hospitalId,
    privilageId: cat.privilegeId,
    modalities: { US: [us.productId] },
    examStartTime: '09:00',
    ...(custom ? { customProductPrice: { items: [{ productId: us.productId, price: 999.5 }] } } : {}),
  });
  await api.dispose();
  return made;
}

test('a held request with a custom price: the Administrator sees the approval column and approves it', async ({
  page,
  baseURL,
}) => {
  const made = await makeRequest(baseURL!, true);
  expect(made.status).toBe('Hold');
  await logInAs(page, 'admin');
  const rq = new RequestPage(page);
  await rq.gotoList();
  await expect(rq.table.getByRole('columnheader', { name: 'ราคาพิเศษ' })).toBeVisible();
  const row = await rq.findByAccession(made.accessions[0]!);
  await expect(row).toHaveCSS('opacity', '0.5');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: screenshotPath('request-list-admin-hold') });
  await row.getByTestId('custom-price-approve').click();
  await expect(rq.notice).toHaveText('อนุมัติราคาพิเศษแล้ว');
  await expect(row).toHaveAttribute('data-status', 'Active');
  await expect(row).toHaveCSS('opacity', '1');
  await expect(row.getByTestId('request-invoice')).toBeEnabled();
});

test('bulk delete asks for a reason, states the count, and removes the rows', async ({ page, baseURL }) => {
  const api = await patientApiAs(baseURL!, 'staff');
  const patient = await seededPatient(api);
  await api.dispose();
  const a = await makeRequest(baseURL!, false, patient.patientId);
  const b = await makeRequest(baseURL!, false, patient.patientId);
  await logInAs(page, 'staff');
  const rq = new RequestPage(page);
  await rq.gotoList();
  // Today's requests of this patient: both new ones are there.
  await page.locator('#request-search-hn').fill(patient.hn);
  await rq.searchButton.click();
  const rowA = page.locator(`[data-request-id="${a.requestId}"]`);
  const rowB = page.locator(`[data-request-id="${b.requestId}"]`);
  await expect(rowA).toBeVisible();
  await expect(rowB).toBeVisible();
  await rowA.getByTestId('request-select').check();
  await rowB.getByTestId('request-select').check();
  await expect(page.getByTestId('request-bulk-delete')).toContainText('(2)');
  await page.getByTestId('request-bulk-delete').click();
  const dialog = page.getByTestId('bulk-delete-dialog');
  await expect(dialog.getByTestId('bulk-delete-count')).toHaveText('ต้องการลบใบส่งตรวจที่เลือก 2 รายการใช่หรือไม่');
  // Without a reason (blank after trimming): the reason-required message, nothing deleted.
  await dialog.getByTestId('bulk-delete-text').fill('   ');
  await dialog.getByTestId('bulk-delete-confirm').click();
  await expect(dialog.getByTestId('bulk-delete-missing')).toHaveText('กรุณาระบุเหตุผลในการลบ');
  await expect(rowA).toBeVisible();
  await dialog.getByTestId('bulk-delete-reason').click();
  await page.getByRole('option', { name: 'ผู้ป่วยยกเลิกนัด' }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('request-bulk-delete-dialog') });
  await dialog.getByTestId('bulk-delete-confirm').click();
  await expect(rq.notice).toHaveText('ลบรายการเรียบร้อยแล้ว');
  await expect(rowA).toHaveCount(0);
  await expect(rowB).toHaveCount(0);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: screenshotPath('request-list-staff') });
});
