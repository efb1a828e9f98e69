import { expect, test } from '@playwright/test';
import { patientApiAs } from '../pages/patient-api';
import { searchExams } from '../pages/viewer-setup';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

test('the reviewer of an Assigned exam accepts before the viewer opens, also from a direct link (spec §4)', async ({
  page,
  baseURL,
}) => {
  const api = await patientApiAs(baseURL!, 'doctor1');
  const me = ((await (await api.get('/api/me')).json()) as { data: { userId: string } }).data;
  // An older one: the worklist specs accept the first Assigned row of the last three days on the same server.
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const mine = (rows: Awaited<ReturnType<typeof searchExams>>) =>
    rows.filter((e) => e.status === 'Assigned' && e.reviewerId === me.userId);
  const exam = mine(await searchExams(api, { examToDate: weekAgo })).at(-1) ?? mine(await searchExams(api)).at(-1);
  expect(exam, 'the demo seed assigns an exam to doctor1').toBeDefined();

  await logInAs(page, 'doctor1');
  await page.goto(`/viewer/${exam!.examId}?examBranchId=${exam!.branchId}`);
  const dialog = page.getByTestId('accept-dialog');
  await expect(dialog).toContainText('รับเคสนี้?');
  await expect(page.getByTestId('viewer-frame')).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('viewer-accept') });
  await dialog.getByRole('button', { name: 'ไม่' }).click();
  await expect(page.getByTestId('accept-declined')).toBeVisible();
  let row = (await searchExams(api, { accessionNumber: exam!.accessionNumber })).find((e) => e.examId === exam!.examId);
  expect(row?.status).toBe('Assigned');

  await page.reload();
  await page.getByTestId('accept-dialog').getByRole('button', { name: 'ใช่' }).click();
  await expect(page.getByTestId('accept-dialog')).toHaveCount(0);
  row = (await searchExams(api, { accessionNumber: exam!.accessionNumber })).find((e) => e.examId === exam!.examId);
  expect(row?.status).toBe('Accepted');
  await api.dispose();
});
