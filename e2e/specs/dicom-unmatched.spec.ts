import { expect, test } from '@playwright/test';
import { buildInstance, testUid } from '../../apps/server/src/dicom/testing/build-dicom';
import { patientApiAs } from '../pages/patient-api';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

test('images for no exam are listed for staff, who match them to the right exam from the worklist', async ({
  page,
  baseURL,
}) => {
  const api = await patientApiAs(baseURL!, 'staff');
  // A scheduled exam of the staff user's branch without images: where the stray images really belong.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
  const search = await api.post('/api/exam/search?page=1', { data: { examFromDate: '2000-01-01', examToDate: today } });
  const exams = (
    (await search.json()) as {
      data: { rows: { examId: string; accessionNumber: string; hasImage: boolean; status: string }[] };
    }
  ).data.rows;
  const exam = exams.find((e) => !e.hasImage && e.accessionNumber && e.status === 'Scheduled');
  expect(exam, 'the demo seed has a scheduled exam without images in branch RS1').toBeDefined();

  // A modality sent them with a mistyped accession number (STOW-RS here, as a DIMSE C-STORE would arrive).
  const wrongAccession = `${exam!.accessionNumber}X`;
  const studyUid = testUid();
  const seriesUid = testUid();
  const name = Buffer.from(`ทดสอบ^หลงทาง${Date.now() % 100000}`, 'utf8');
  const boundary = 'stray-images';
  const parts = [1, 2].map((n) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Type: application/dicom\r\n\r\n`),
      buildInstance({
        studyUid,
        seriesUid,
        accessionNumber: wrongAccession,
        patientName: name,
        charset: 'ISO_IR 192',
        modality: 'CT',
        instanceNumber: n,
      }).bytes,
      Buffer.from('\r\n'),
    ]),
  );
  const stow = await api.post('/dicomweb/studies', {
    headers: {
      'content-type': `multipart/related; type="application/dicom"; boundary=${boundary}`,
      accept: 'application/dicom+json',
    },
    data: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
  });
  expect(stow.status()).toBe(200);
  await api.dispose();

  await logInAs(page, 'staff');
  await page.goto('/pacs');
  await page.getByTestId('unmatched-link').click();
  await expect(page).toHaveURL(/\/dicom\/unmatched$/);
  await page.getByTestId('unmatched-search').fill(wrongAccession);
  await page.getByRole('button', { name: 'ค้นหา' }).click();
  const row = page.getByTestId('unmatched-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name.toString('utf8').replace('^', ' '));
  await expect(row).toContainText('1 ซีรีส์ / 2 ภาพ');
  await page.screenshot({ path: screenshotPath('dicom-unmatched') });

  await row.getByRole('button', { name: 'จับคู่' }).click();
  const dialog = page.getByRole('dialog');
  // Looked up at once by the images' own (wrong) accession number: nothing found, said so.
  await expect(dialog.getByTestId('match-term')).toHaveValue(wrongAccession);
  await expect(dialog.getByRole('alert')).toContainText('ไม่พบรายการตรวจ');
  await dialog.getByTestId('match-term').fill(exam!.accessionNumber);
  await dialog.getByRole('button', { name: 'ค้นหา' }).click();
  await expect(dialog.getByTestId('match-candidates')).toContainText(exam!.accessionNumber);
  await page.screenshot({ path: screenshotPath('dicom-unmatched-match') });
  await dialog.getByTestId('match-confirm').click();
  await expect(page.getByText(`จับคู่ภาพกับ ${exam!.accessionNumber} แล้ว`)).toBeVisible();
  await expect(page.getByTestId('unmatched-row')).toHaveCount(0);

  // The exam now has the images.
  const check = await patientApiAs(baseURL!, 'staff');
  const after = await check.post('/api/exam/search?page=1', {
    data: { examFromDate: '2000-01-01', examToDate: today, accessionNumber: exam!.accessionNumber },
  });
  expect(((await after.json()) as { data: { rows: { hasImage: boolean }[] } }).data.rows[0]?.hasImage).toBe(true);
  await check.dispose();
});

test("images with an exam's accession number but another patient ID are held on the screen with the reason", async ({
  page,
  baseURL,
}) => {
  const api = await patientApiAs(baseURL!, 'staff');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
  const search = await api.post('/api/exam/search?page=1', { data: { examFromDate: '2000-01-01', examToDate: today } });
  const exams = (
    (await search.json()) as { data: { rows: { accessionNumber: string; hasImage: boolean; status: string }[] } }
  ).data.rows;
  const exam = exams.filter((e) => !e.hasImage && e.accessionNumber && e.status === 'Scheduled').at(-1);
  expect(exam, 'the demo seed has a scheduled exam without images in branch RS1').toBeDefined();

  // The modality picked the right accession number but the images are another patient's (patient safety).
  const boundary = 'other-patient';
  const stow = await api.post('/dicomweb/studies', {
    headers: {
      'content-type': `multipart/related; type="application/dicom"; boundary=${boundary}`,
      accept: 'application/dicom+json',
    },
    data: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Type: application/dicom\r\n\r\n`),
      buildInstance({
        studyUid: testUid(),
        accessionNumber: exam!.accessionNumber,
        patientId: 'OTHER-PATIENT-1',
        modality: 'CT',
      }).bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(stow.status()).toBe(200);
  await api.dispose();

  await logInAs(page, 'staff');
  await page.goto('/dicom/unmatched');
  await page.getByTestId('unmatched-search').fill(exam!.accessionNumber);
  await page.getByRole('button', { name: 'ค้นหา' }).click();
  const row = page.getByTestId('unmatched-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('unmatched-reason')).toHaveText(
    `รหัสผู้ป่วยไม่ตรงกับการตรวจ ${exam!.accessionNumber} (Patient ID does not match the exam)`,
  );
  await page.screenshot({ path: screenshotPath('dicom-unmatched-patient-mismatch') });
});
