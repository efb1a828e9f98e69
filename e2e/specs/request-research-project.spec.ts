import { expect, test } from '@playwright/test';
import { patientApiAs } from '../pages/patient-api';
import { catalogue, seededPatientId } from '../pages/request-api';
import { RequestPage } from '../pages/request-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

interface Research {
  researchProjectId: number | null;
  researchProjectSubjectId: string | null;
  researchProjectSubjectName: string | null;
  researchProjectVN: string | null;
}

test('research project dialog: a new project by name with its subject is saved with the request, shown again and changed by an edit', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await patientApiAs(baseURL!, 'staff');
  const patientId = await seededPatientId(api);
  const us = (await catalogue(api)).products.find((p) => p.modalityCode === 'US' && p.productGroup === 'ตรวจ')!;
  const readBack = async (id: string) =>
    ((await (await api.get(`/api/request/${id}`)).json()) as { data: Research }).data;
  const project = `โครงการ E2E ${Date.now()}`;

  await logInAs(page, 'staff');
  const rq = new RequestPage(page);
  await page.goto(`/request/new/${patientId}`);
  await expect(rq.form).toBeVisible();
  await rq.choose('โรงพยาบาล', 1);
  await page.getByTestId('modality-tab-US').click();
  await page.getByTestId(`product-${us.productId}`).check();

  await page.getByTestId('request-research').click();
  const dialog = page.getByTestId('research-dialog');
  await expect(dialog.getByRole('heading', { name: 'โครงการวิจัย' })).toBeVisible();
  await dialog.locator('#research-project').fill(project);
  await page.getByRole('option', { name: `เพิ่ม "${project}"` }).click();
  await dialog.getByTestId('research-id').fill('SUBJ-021');
  await dialog.getByTestId('research-name').fill('มานี มีนา');
  // A VN with a space is refused before it leaves the dialog.
  await dialog.getByTestId('research-vn').fill('VN 69');
  await expect(dialog.getByText('VN ใช้ได้เฉพาะตัวอักษรอังกฤษ ตัวเลข และ - / . ไม่เกิน 20 ตัว')).toBeVisible();
  await expect(dialog.getByTestId('research-ok')).toBeDisabled();
  await dialog.getByTestId('research-vn').fill('VN690021');
  await page.screenshot({ path: screenshotPath('request-research-dialog') });
  await dialog.getByTestId('research-ok').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('request-research')).toHaveValue(`${project} · SUBJ-021 มานี มีนา · VN VN690021`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screenshotPath('request-research-header') });

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/request/exam'));
  await page.getByTestId('request-submit').click();
  const requestId = ((await (await saved).json()) as { data: { requestId: string } }).data.requestId;
  const created = await readBack(requestId);
  expect(created).toMatchObject({
    researchProjectSubjectId: 'SUBJ-021',
    researchProjectSubjectName: 'มานี มีนา',
    researchProjectVN: 'VN690021',
  });
  expect(created.researchProjectId).not.toBeNull();

  // Editing: the header shows it again; a new subject code in the dialog is saved by the edit.
  await page.goto(`/request/edit/${requestId}`);
  await expect(page.getByTestId('request-research')).toHaveValue(`${project} · SUBJ-021 มานี มีนา · VN VN690021`);
  await page.getByTestId('request-research').click();
  await expect(dialog.locator('#research-project')).toHaveValue(project);
  await dialog.getByTestId('research-id').fill('SUBJ-022');
  await dialog.getByTestId('research-ok').click();
  const edited = page.waitForResponse((r) => r.url().includes(`/api/request/edit/${requestId}`));
  await page.getByTestId('request-submit').click();
  expect((await edited).status()).toBe(200);
  expect(await readBack(requestId)).toMatchObject({
    researchProjectId: created.researchProjectId,
    researchProjectSubjectId: 'SUBJ-022',
  });

  // Cleared on the header: the edit saves no research at all.
  await page.goto(`/request/edit/${requestId}`);
  await page.getByTestId('request-research-clear').click();
  await expect(page.getByTestId('request-research')).toHaveValue('');
  const cleared = page.waitForResponse((r) => r.url().includes(`/api/request/edit/${requestId}`));
  await page.getByTestId('request-submit').click();
  expect((await cleared).status()).toBe(200);
  expect(await readBack(requestId)).toEqual(
    expect.objectContaining({
      researchProjectId: null,
      researchProjectSubjectId: null,
      researchProjectSubjectName: null,
      researchProjectVN: null,
    }),
  );
  await api.dispose();
});
