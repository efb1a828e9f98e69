import { expect, test } from '@playwright/test';
import { patientApiAs } from '../pages/patient-api';
import { catalogue, seededPatientAged } from '../pages/request-api';
import { RequestPage } from '../pages/request-page';
import { WorklistPage } from '../pages/worklist-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

test('staff create a CT + US request with a custom price and doses; its exams show in the worklist; then edit it', async ({
  page,
  baseURL,
}) => {
  // A long walk through the form, the list, the worklist and the upload page: 40 s alone, more on a loaded machine.
  test.setTimeout(180_000);
  const api = await patientApiAs(baseURL!, 'staff');
  // An adult, as CKD-EPI 2021 is checked below (a child's bedside Schwartz has its own spec).
  const patientId = await seededPatientAged(api, (age) => age >= 18 && age <= 90);
  const cat = await catalogue(api);
  const ct = cat.products.find((p) => p.modalityCode === 'CT' && p.productGroup === 'ตรวจ')!;
  const contrast = cat.products.find((p) => p.modalityCode === 'CT' && p.productGroup === 'เวชภัณฑ์')!;
  const film = cat.products.find((p) => p.modalityCode === 'CT' && p.name === 'FILM')!;
  const us = cat.products.find((p) => p.modalityCode === 'US' && p.productGroup === 'ตรวจ')!;

  await logInAs(page, 'staff');
  const rq = new RequestPage(page);
  await page.goto(`/request/new/${patientId}`);
  await expect(rq.form).toBeVisible();
  await expect(page.getByTestId('request-patient-name')).not.toBeEmpty();

  // The privilege picker appears only after a hospital (spec §5).
  await expect(rq.form.getByRole('combobox', { name: 'สิทธิการรักษา', exact: true })).toHaveCount(0);
  await rq.choose('โรงพยาบาล', 1);
  await rq.choose('สิทธิการรักษา', 1);
  await rq.typeTime('exam-start', '1000');
  await expect(page.getByTestId('exam-start')).toHaveValue('10:00');
  await rq.typeTime('exam-end', '10.30');
  await expect(page.getByTestId('exam-end')).toHaveValue('10:30');

  // eGFR from creatinine by CKD-EPI 2021 when not typed.
  // The exact value (age and sex of the patient) is the domain function's test; here: shown, plausible, and lower for
  // a higher creatinine.
  const egfr = async () => Number(await page.getByTestId('field-egfr').getAttribute('placeholder'));
  await page.getByTestId('field-creatinine').fill('1.0');
  await expect(page.getByTestId('field-egfr')).toHaveAttribute('placeholder', /^\d{1,3}$/);
  const atOne = await egfr();
  expect(atOne).toBeGreaterThan(15);
  expect(atOne).toBeLessThan(140);
  await page.getByTestId('field-creatinine').fill('1.5');
  await expect.poll(egfr).toBeLessThan(atOne);
  await page.getByTestId('field-creatinine').fill('1.0');
  await expect.poll(egfr).toBe(atOne);
  await expect(page.getByText(/^คำนวณ CKD-EPI 2021: \d+$/)).toBeVisible();

  await page.getByTestId('modality-tab-CT').click();
  for (const p of [ct, contrast, film]) await page.getByTestId(`product-${p.productId}`).check();
  // Configured fields of CT, with a dependency: the renal warning shows only for creatinine > 1.5.
  const contrastType = page.getByTestId('additional-ct_contrast_type');
  await expect(contrastType).toBeVisible();
  await expect(page.getByTestId('additional-renal_warning')).toHaveCount(0);
  await page.getByTestId('field-creatinine').fill('2.0');
  await expect(page.getByTestId('additional-renal_warning')).toBeVisible();
  await page.getByTestId('field-creatinine').fill('1.0');
  await expect(page.getByTestId('additional-renal_warning')).toHaveCount(0);
  await contrastType.getByRole('combobox').click();
  await page.getByRole('listbox').getByRole('option').nth(2).click();
  const chosenType = (await contrastType.getByRole('combobox').textContent())!;
  expect(chosenType).toContain('contrast');
  // Changing modalities clears the configured fields but keeps the listed ones (creatinine).
  await page.getByTestId('modality-tab-US').click();
  await page.getByTestId(`product-${us.productId}`).check();
  await expect(contrastType.getByRole('combobox')).not.toContainText('contrast');
  await expect(page.getByTestId('field-creatinine')).toHaveValue('1.0');
  await expect(page.getByTestId('price-row')).toHaveCount(4);
  await page.getByTestId(`qty-${film.productId}`).fill('0');
  await expect(page.getByText('จำนวนต้องมากกว่า 0')).toBeVisible();
  await page.getByTestId(`qty-${film.productId}`).fill('2');
  await page.getByTestId(`dose-${film.productId}`).fill('2');
  await page.getByTestId(`dose-${contrast.productId}`).fill('80');
  await page.getByTestId(`custom-${ct.productId}`).fill('1500.50');
  await expect(page.getByTestId(`total-${ct.productId}`)).toHaveText('1,500.50');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: screenshotPath('request-form-prices') });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screenshotPath('request-form-top') });

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/request/exam'));
  await page.getByTestId('request-submit').click();
  const body = (await (await saved).json()) as {
    data: { requestId: string; status: string; exams: { modalityCode: string; accessionNumber: string }[] };
  };
  expect(body.data.exams.map((e) => e.modalityCode).sort()).toEqual(['CT', 'US']);
  const accessions = body.data.exams.map((e) => e.accessionNumber);
  for (const a of accessions) expect(a).toMatch(/^RS1\d{6}\d{4}$/);
  await expect(rq.saved).toContainText(accessions[0]!);
  // Navigation after 3 s, to the list, where the message stays.
  await expect(page).toHaveURL(/\/request$/, { timeout: 8000 });
  const row = await rq.findByAccession(accessions[0]!);
  await expect(row).toHaveAttribute('data-status', 'Hold');
  await expect(row.getByTestId('request-status-remark')).toHaveText('รออนุมัติราคาพิเศษ');
  await expect(row.getByTestId('request-invoice')).toBeDisabled();

  // The exams are in the worklist, scheduled.
  const worklist = new WorklistPage(page);
  await page.goto(`/pacs#${accessions[1]}`);
  await page.locator('#worklist-accessionNumber').fill(accessions[1]!);
  await page.getByTestId('worklist-search-submit').click();
  await expect(worklist.rows).toHaveCount(1);
  await expect(worklist.rows.first()).toContainText(accessions[1]!);

  // Edit: the form loads the saved request; saving keeps the accession numbers.
  await page.goto(`/request/edit/${body.data.requestId}`);
  await expect(page.getByTestId(`dose-${contrast.productId}`)).toHaveValue('80');
  await expect(page.getByTestId(`qty-${film.productId}`)).toHaveValue('2');
  await page.getByTestId('request-remark').fill('ผู้ป่วยใช้รถเข็น');
  const edited = page.waitForResponse((r) => r.url().includes('/api/request/edit/'));
  await page.getByTestId('request-submit').click();
  const editedBody = (await (await edited).json()) as { data: { exams: { accessionNumber: string }[] } };
  expect(editedBody.data.exams.map((e) => e.accessionNumber).sort()).toEqual([...accessions].sort());
  await expect(rq.saved).toBeVisible();

  // Upload: a document of a type goes onto the request.
  await page.goto(`/request/upload/${body.data.requestId}`);
  await expect(page.getByTestId('request-documents')).toBeVisible();
  await page.getByTestId('request-document-upload').click();
  await expect(page.getByText('Please select file.')).toBeVisible();
  await rq.choose('ประเภทเอกสาร', 'ใบสั่งแพทย์');
  await page
    .getByTestId('request-document-file')
    .setInputFiles({ name: 'order.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 order') });
  await page.getByTestId('request-document-upload').click();
  await expect(page.getByTestId('request-document-row')).toHaveCount(1);
  await expect(page.getByTestId('request-document-row')).toContainText('order.pdf');
  // The field is emptied for the next document, and a refused file shows the server's reason and adds nothing.
  await expect(page.getByTestId('request-document-file')).toHaveValue('');
  await page
    .getByTestId('request-document-file')
    .setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await page.getByTestId('request-document-upload').click();
  await expect(page.getByRole('alert').filter({ hasText: 'ชนิดไฟล์ไม่รองรับ' })).toBeVisible();
  await expect(page.getByTestId('request-document-row')).toHaveCount(1);
  await expect(page.getByTestId('request-document-upload')).toBeEnabled();
  await page.screenshot({ path: screenshotPath('request-documents-refused') });
  await api.dispose();
});
