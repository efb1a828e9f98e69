import { expect, test } from '@playwright/test';
import { buildInstance, testUid } from '../../apps/server/src/dicom/testing/build-dicom';
import { patientApiAs } from '../pages/patient-api';
import { catalogue, seededPatient } from '../pages/request-api';
import { RequestPage } from '../pages/request-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

test('staff make a request for images that arrived for no exam: the patient is found by the Patient ID, and saving links the images', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await patientApiAs(baseURL!, 'staff');
  const patient = await seededPatient(api);
  const cat = await catalogue(api);
  const mr = cat.products.find((p) => p.modalityCode === 'MR' && p.productGroup === 'ตรวจ')!;

  // A walk-in MR scanned before any request existed: the modality sent the patient's HN and no accession number.
  const studyUid = testUid();
  const seriesUid = testUid();
  const description = `MR BRAIN WALK-IN ${Date.now() % 100000}`;
  const boundary = 'walk-in';
  const parts = [1, 2, 3].map((n) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Type: application/dicom\r\n\r\n`),
      buildInstance({
        studyUid,
        seriesUid,
        patientId: patient.hn,
        accessionNumber: '',
        modality: 'MR',
        instanceNumber: n,
        extra: { '00081030': ['LO', description] },
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

  await logInAs(page, 'staff');
  await page.goto('/dicom/unmatched');
  await page.getByTestId('unmatched-search').fill(patient.hn);
  await page.getByRole('button', { name: 'ค้นหา' }).click();
  const row = page.getByTestId('unmatched-row').filter({ hasText: description });
  await expect(row).toHaveCount(1);
  await row.getByTestId('unmatched-request').click();

  // Looked up at once by the images' Patient ID as HN.
  const dialog = page.getByTestId('request-from-study-dialog');
  await expect(dialog.getByTestId('request-from-study-term')).toHaveValue(patient.hn);
  const patients = dialog.getByTestId('request-from-study-patients');
  await expect(patients).toContainText(patient.hn);
  await page.screenshot({ path: screenshotPath('dicom-unmatched-request') });
  await patients
    .getByRole('row')
    .filter({ hasText: patient.hn })
    .getByTestId('request-from-study-choose')
    .first()
    .click();

  // The request form says which images it is for and what saving does.
  const rq = new RequestPage(page);
  await expect(rq.form).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/request/new/${patient.patientId}$`));
  const banner = page.getByTestId('request-from-study');
  await expect(banner).toContainText(description);
  await expect(banner).toContainText('3 ภาพ');
  const link = page.getByTestId('request-from-study-link');
  await expect(link).toHaveText('เลือกรายการตรวจ MR เพื่อให้ภาพชุดนี้ผูกกับใบส่งตรวจนี้เมื่อบันทึก');
  await expect(banner.getByTestId('request-from-study-hn-differs')).toHaveCount(0);
  await rq.choose('โรงพยาบาล', 1);
  await rq.choose('สิทธิการรักษา', 1);
  // The products open on the images' modality.
  await expect(page.getByTestId('modality-tab-MR')).toHaveAttribute('aria-selected', 'true');
  // The banner follows the products chosen: two exams of other modalities leave the images unmatched, and it says so
  // before saving; the only exam takes them whatever its modality, which it points out too.
  const ct = cat.products.find((p) => p.modalityCode === 'CT' && p.productGroup === 'ตรวจ')!;
  const us = cat.products.find((p) => p.modalityCode === 'US' && p.productGroup === 'ตรวจ')!;
  await page.getByTestId('modality-tab-CT').click();
  await page.getByTestId(`product-${ct.productId}`).check();
  await page.getByTestId('modality-tab-US').click();
  await page.getByTestId(`product-${us.productId}`).check();
  await expect(link).toHaveText('ใบส่งตรวจนี้ไม่มีรายการตรวจ MR เมื่อบันทึก ภาพจะยังไม่ถูกผูกและยังอยู่ในรายการภาพที่ไม่มีรายการตรวจ');
  await expect(link).toHaveClass(/MuiAlert-standardWarning/);
  await page.screenshot({ path: screenshotPath('request-from-study-unlinked') });
  await page.getByTestId(`product-${us.productId}`).uncheck();
  await expect(link).toHaveText('เมื่อบันทึก ภาพชุดนี้จะผูกกับรายการตรวจ CT ของใบส่งตรวจนี้');
  await expect(link).toHaveClass(/MuiAlert-standardWarning/);
  await page.getByTestId('modality-tab-CT').click();
  await page.getByTestId(`product-${ct.productId}`).uncheck();
  await page.getByTestId('modality-tab-MR').click();
  await page.getByTestId(`product-${mr.productId}`).check();
  await expect(link).toHaveText('เมื่อบันทึก ภาพชุดนี้จะผูกกับรายการตรวจ MR ของใบส่งตรวจนี้');
  await expect(link).toHaveClass(/MuiAlert-standardInfo/);
  await expect(banner).toHaveClass(/MuiAlert-standardInfo/);
  await page.screenshot({ path: screenshotPath('request-from-study') });
  await page.getByTestId('request-submit').click();

  await expect(rq.saved).toContainText('ผูกภาพกับ');
  const accession = /ผูกภาพกับ (\S+) แล้ว/.exec((await rq.saved.textContent()) ?? '')?.[1];
  expect(accession).toBeTruthy();

  // The exam has the images, and they left the unmatched list.
  const exams = await api.post('/api/exam/search', { data: { accessionNumber: accession } });
  const exam = ((await exams.json()) as { data: { rows: { hasImage: boolean; modalityCode: string }[] } }).data.rows[0];
  expect(exam?.hasImage).toBe(true);
  const left = await api.get(`/api/dicom/unmatched?q=${encodeURIComponent(patient.hn)}`);
  const studies = ((await left.json()) as { data: { rows: { studyDescription: string | null }[] } }).data.rows;
  expect(studies.some((s) => s.studyDescription === description)).toBe(false);
  await api.dispose();
});
