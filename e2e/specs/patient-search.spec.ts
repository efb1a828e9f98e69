import { expect, test } from '@playwright/test';
import { createPatient, patientApiAs } from '../pages/patient-api';
import { PatientSearchPage } from '../pages/patient-search-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

// Spec §2 Patient screens: the search, its results and what it enables.
test('search by name, HN and national ID; masked national number; row actions; add-new only after a search', async ({
  page,
  baseURL,
}) => {
  const api = await patientApiAs(baseURL!);
  const patient = await createPatient(api);
  await logInAs(page, 'staff');
  const search = new PatientSearchPage(page);
  await search.goto();

  // Add-new works only after a search; Import appears only after one (the gateway is configured in e2e).
  await expect(search.addNew).toHaveAttribute('aria-disabled', 'true');
  await expect(search.importButton).toHaveCount(0);
  await expect(search.byCard).toBeVisible();

  // Nothing to search with: a clear message, no call.
  await search.submit.click();
  await expect(search.criteriaError).toHaveText('กรุณาระบุเงื่อนไขการค้นหาอย่างน้อยหนึ่งช่อง');

  await search.search({ name: patient.first });
  await expect(search.rows).toHaveCount(1);
  const row = search.row(patient.hn);
  await expect(row.getByTestId('patient-row-name')).toContainText(`${patient.first} ${patient.last}`);
  // Spec §2: the national number is masked with trailing xxxxx.
  await expect(row.getByTestId('patient-row-national')).toHaveText(`${patient.nationalNumber.slice(0, 8)}xxxxx`);
  await expect(row.getByTestId('patient-row-edit')).toHaveAttribute('href', `/patient/${patient.patientId}`);
  // Staff hold REQUEST_CREATE: create exam goes to the request form for this patient.
  await expect(row.getByTestId('patient-row-create-exam')).toHaveAttribute('href', `/request/new/${patient.patientId}`);
  await expect(search.addNew).not.toHaveAttribute('aria-disabled', 'true');
  await expect(search.importButton).toBeVisible();

  await search.search({ hn: patient.hn });
  await expect(search.rows).toHaveCount(1);
  await search.search({ nationalNumber: patient.nationalNumber });
  await expect(search.rows).toHaveCount(1);
  await search.search({ phoneNumber: '0812345678', name: patient.last });
  await expect(search.rows).toHaveCount(1);

  await page.mouse.move(1300, 700);
  await page.evaluate(async () => document.fonts.ready);
  await page.screenshot({ path: screenshotPath('patient-search') });

  await search.search({ name: 'ไม่มีชื่อนี้แน่นอนในระบบ' });
  await expect(search.empty).toContainText('ไม่พบข้อมูล');

  // The edit action opens the form; coming back keeps the search and add-new stays enabled.
  await search.search({ hn: patient.hn });
  await search.row(patient.hn).getByTestId('patient-row-edit').click();
  await expect(page).toHaveURL(`/patient/${patient.patientId}`);
  await page.getByTestId('patient-cancel').click();
  await expect(page).toHaveURL('/patient');
  await expect(search.rows).toHaveCount(1);
  await search.addNew.click();
  await expect(page).toHaveURL('/patient/new');
  await api.dispose();
});
