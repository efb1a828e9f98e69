import { expect, test } from '@playwright/test';
import { patientApiAs } from '../pages/patient-api';
import { createUsRequest } from '../pages/request-api';
import { RequestPage } from '../pages/request-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

test('delete-reason dialog on the request form: confirm waits for a reason, deletes, and the request then says who deleted it and why', async ({
  page,
  baseURL,
}) => {
  const api = await patientApiAs(baseURL!, 'staff');
  const made = await createUsRequest(api, { examStartTime: '09:00' });
  await api.dispose();

  await logInAs(page, 'staff');
  const rq = new RequestPage(page);
  await page.goto(`/request/edit/${made.requestId}`);
  await page.getByTestId('request-delete').click();
  const dialog = page.getByTestId('delete-reason-dialog');
  await expect(dialog.getByRole('heading', { name: 'ลบใบส่งตรวจ' })).toBeVisible();
  await expect(dialog.getByTestId('delete-reason-confirm')).toBeDisabled();
  await dialog.getByTestId('delete-reason-text').fill('   ');
  await expect(dialog.getByTestId('delete-reason-confirm')).toBeDisabled();
  await dialog.getByTestId('delete-reason-reason').click();
  await page.getByRole('option', { name: 'ผู้ป่วยยกเลิกนัด' }).click();
  await dialog.getByTestId('delete-reason-text').fill('ย้ายไปตรวจที่อื่น');
  await expect(dialog.getByTestId('delete-reason-confirm')).toBeEnabled();
  await page.screenshot({ path: screenshotPath('request-delete-reason-dialog') });
  await dialog.getByTestId('delete-reason-confirm').click();

  await expect(page).toHaveURL(/\/request$/);
  await expect(rq.notice).toHaveText('ลบรายการเรียบร้อยแล้ว');
  // Opened again (an old link, the back button): when, by whom and why.
  await page.goto(`/request/edit/${made.requestId}`);
  await expect(page.getByTestId('request-form-load-error')).toHaveText(
    /^ใบส่งตรวจนี้ถูกลบแล้ว เมื่อ \d{2}-\d{2}-\d{4} \d{2}:\d{2} โดย กนกวรรณ แสงทอง เหตุผล: ผู้ป่วยยกเลิกนัด: ย้ายไปตรวจที่อื่น$/,
  );
  await page.screenshot({ path: screenshotPath('request-deleted-notice') });
});

test('the server refuses to delete a request whose exam has images: its message stays in the dialog', async ({
  page,
  baseURL,
}) => {
  // A seeded request of the staff branch with images (status bit 4) cannot be deleted (spec §4, the server's rule).
  const api = await patientApiAs(baseURL!, 'staff');
  // Up to yesterday: the newest page of past requests, whose exams have been imaged (future ones have not).
  const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(Date.now() - 86_400_000);
  const rows = (
    (await (
      await api.post('/api/request/search', { data: { startDate: '2000-01-01', endDate: yesterday } })
    ).json()) as { data: { rows: { requestId: string; status: string; exams: { status: number }[] }[] } }
  ).data.rows;
  const busy = rows.find((r) => r.status !== 'Hold' && r.exams.some((e) => (e.status & 4) === 4));
  expect(busy, 'the demo seed has a request with images').toBeDefined();
  await api.dispose();

  await logInAs(page, 'staff');
  await page.goto(`/request/edit/${busy!.requestId}`);
  await page.getByTestId('request-delete').click();
  const dialog = page.getByTestId('delete-reason-dialog');
  await dialog.getByTestId('delete-reason-text').fill('ทดสอบ');
  await dialog.getByTestId('delete-reason-confirm').click();
  await expect(dialog.getByTestId('delete-reason-error')).toHaveText('ลบไม่ได้ เพราะมีภาพ ผลอ่าน หรือมอบหมายแพทย์แล้ว');
  await expect(page).toHaveURL(new RegExp(`/request/edit/${busy!.requestId}$`));
});

test('users without REQUEST_DELETE get no delete button on the form', async ({ page, baseURL }) => {
  const api = await patientApiAs(baseURL!, 'hospital');
  const rows = (
    (await (
      await api.post('/api/request/search', { data: { startDate: '2000-01-01', endDate: '2100-01-01' } })
    ).json()) as { data: { rows: { requestId: string }[] } }
  ).data.rows;
  await api.dispose();
  await logInAs(page, 'hospital');
  await page.goto(`/request/edit/${rows[0]!.requestId}`);
  await expect(page.getByTestId('request-submit')).toBeVisible();
  await expect(page.getByTestId('request-delete')).toHaveCount(0);
});
