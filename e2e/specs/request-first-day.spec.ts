import { expect, test, type Page } from '@playwright/test';
import { createPatient, patientApiAs, randomNationalId, uniqueHn, uniqueThaiWord } from '../pages/patient-api';
import { PatientFormPage } from '../pages/patient-form-page';
import { RequestPage } from '../pages/request-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

// Issue 26 items 2, 3 and 4: the request form as the desk meets it on its first day.

/** The first hospital and a first product of the first modality tab: a request the form accepts. */
async function chooseHospitalAndProduct(page: Page, rq: RequestPage): Promise<void> {
  await rq.choose('โรงพยาบาล', 1);
  await page.getByTestId('modality-tab-CR').click();
  await page.locator('input[data-testid^="product-"]').first().check();
}

for (const user of ['staff', 'hospital'] as const) {
  test(`${user}: "สร้างใบส่งตรวจ" on the request list finds the patient by HN, name, national ID or phone and opens the form`, async ({
    page,
    baseURL,
  }) => {
    const api = await patientApiAs(baseURL!, user);
    const patient = await createPatient(api, { phoneNumber: `08${String(Date.now()).slice(-8)}` });
    await api.dispose();

    await logInAs(page, user);
    const rq = new RequestPage(page);
    await rq.gotoList();
    await page.getByTestId('request-new').click();
    const picker = page.getByTestId('request-patient-picker');
    await expect(picker).toBeVisible();
    await expect(page.getByText('ไม่พบข้อมูลผู้ป่วย เลือกผู้ป่วยจากหน้าค้นหาผู้ป่วย')).toHaveCount(0);

    // Nothing typed: the picker says what it needs and asks nothing of the server.
    await page.getByTestId('request-picker-search').click();
    await expect(picker.getByRole('alert')).toHaveText('กรุณาระบุเงื่อนไขการค้นหาอย่างน้อย 1 ช่อง');

    const rows = page.getByTestId('request-picker-row');
    for (const [field, value] of [
      ['#request-picker-name', patient.first],
      ['#request-picker-nationalNumber', patient.nationalNumber],
      ['#request-picker-hn', patient.hn],
    ] as const) {
      for (const id of ['#request-picker-hn', '#request-picker-name', '#request-picker-nationalNumber'])
        await page.locator(id).fill('');
      await page.locator(field).fill(value);
      await page.locator(field).press('Enter');
      await expect(rows, field).toHaveCount(1);
      await expect(rows.first(), field).toContainText(patient.hn);
    }
    await page.screenshot({ path: screenshotPath(`request-patient-picker-${user}`) });
    await rows.first().getByRole('button', { name: 'เลือก' }).click();
    await expect(page).toHaveURL(`/request/new/${patient.patientId}`);
    await expect(page.getByTestId('request-patient-name')).toContainText(patient.first);
  });
}

test('the picker registers a new patient and comes back to the request form for them', async ({ page }) => {
  await logInAs(page, 'hospital');
  await page.goto('/request/new');
  const hn = uniqueHn();
  await page.locator('#request-picker-hn').fill(hn);
  await page.getByTestId('request-picker-search').click();
  await expect(page.getByTestId('request-picker-empty')).toContainText('ไม่พบผู้ป่วย');
  await page.getByTestId('request-picker-register').click();
  await expect(page).toHaveURL('/patient/new?next=request');

  const form = new PatientFormPage(page);
  const first = uniqueThaiWord();
  await form.hn.fill(hn);
  await form.nationalNumber.fill(randomNationalId());
  await form.choosePrefix(form.thaiPrefix, 'นาง');
  await form.thaiFirst.fill(first);
  await form.thaiLast.fill('ลงทะเบียนใหม่');
  await form.englishFirst.fill('New');
  await form.birthDate.fill('15-06-1975');
  await form.save.click();
  await expect(page).toHaveURL(/\/request\/new\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('request-patient-name')).toContainText(first);
});

test('a walk-in (ตรวจทันที) request starts now: its sticker and invoice are open at the desk at once', async ({
  page,
  baseURL,
}) => {
  const api = await patientApiAs(baseURL!, 'staff');
  const patient = await createPatient(api);
  await api.dispose();
  await logInAs(page, 'staff');
  const rq = new RequestPage(page);
  await page.goto(`/request/new/${patient.patientId}`);
  await expect(rq.form).toBeVisible();
  // The exam start is now (Bangkok), on the 5-minute step, without touching the field.
  const now = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Bangkok',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date());
  const start = page.getByTestId('exam-start');
  await expect(start).toHaveValue(/^\d{2}:\d[05]$/);
  const [h, m] = (await start.inputValue()).split(':').map(Number) as [number, number];
  const [nh, nm] = now.split(':').map(Number) as [number, number];
  expect((nh * 60 + nm - (h * 60 + m) + 1440) % 1440).toBeLessThan(10);
  // Typed times are quick: 24-hour HH:mm in any form, ArrowUp steps 5 minutes.
  await rq.typeTime('exam-end', '2359');
  await expect(page.getByTestId('exam-end')).toHaveValue('23:55');
  await page.getByTestId('exam-end').press('ArrowUp');
  await expect(page.getByTestId('exam-end')).toHaveValue('00:00');
  await rq.typeTime('exam-end', '');
  await chooseHospitalAndProduct(page, rq);
  await page.screenshot({ path: screenshotPath('request-form-walk-in') });

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/request/exam'));
  await page.getByTestId('request-submit').click();
  const body = (await (await saved).json()) as { data: { exams: { accessionNumber: string }[] } };
  await expect(page).toHaveURL(/\/request$/, { timeout: 8000 });
  const row = await rq.findByAccession(body.data.exams[0]!.accessionNumber);
  await expect(row.getByTestId('request-sticker')).toBeEnabled();
  await expect(row.getByTestId('request-invoice')).toBeEnabled();
});

test("a refused rule's red message goes as soon as its field is filled", async ({ page, baseURL }) => {
  const api = await patientApiAs(baseURL!, 'staff');
  const patient = await createPatient(api);
  await api.dispose();
  await logInAs(page, 'staff');
  const rq = new RequestPage(page);
  await page.goto(`/request/new/${patient.patientId}`);
  await expect(rq.form).toBeVisible();
  await page.getByTestId('request-submit').click();
  const error = page.getByTestId('request-form-error');
  await expect(error).toHaveText('กรุณาเลือกโรงพยาบาล');
  await rq.choose('โรงพยาบาล', 1);
  await expect(error).not.toHaveText('กรุณาเลือกโรงพยาบาล');
  await page.getByTestId('modality-tab-CR').click();
  await page.locator('input[data-testid^="product-"]').first().check();
  await expect(error).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('request-form-error-cleared') });
});
