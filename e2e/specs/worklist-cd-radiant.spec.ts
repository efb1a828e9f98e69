import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { patientApiAs } from '../pages/patient-api';
import { sendCt } from '../pages/viewer-ct';
import { examsWithoutImages, searchExams } from '../pages/viewer-setup';
import { dicomdirOfIso, viewerCalls } from '../pages/workstation-helper';
import { WorklistPage } from '../pages/worklist-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

// Issue 28 item 2: the worklist's Download DICOM to CD Folder, Download to RadiAnt and Export Film, against the real
// Rangsi Helper (apps/helper) and the real server's export.

const SLICES = 24;

test('CD folder: the helper downloads the exam, builds an ISO whose DICOMDIR dcmdump reads, and the dialog says COMPLETED', async ({
  page,
  baseURL,
}) => {
  const staff = await patientApiAs(baseURL!, 'staff');
  const exam = (await examsWithoutImages(staff)).at(-2);
  expect(exam, 'a scheduled exam without images').toBeDefined();
  await sendCt(staff, exam!.examId, { slices: SLICES, size: 256, coverageMm: 120 });
  await staff.dispose();

  await logInAs(page, 'staff');
  const worklist = new WorklistPage(page);
  await worklist.goto();
  await worklist.searchAccession(exam!.accessionNumber!);
  const row = worklist.row(exam!.accessionNumber!);
  await worklist.rowAction(row, 'downloadCd');

  const dialog = page.getByTestId('workstation-download-dialog');
  await expect(dialog).toContainText('ดาวน์โหลดภาพลงโฟลเดอร์ CD (Download DICOM to CD Folder)');
  await expect(dialog).toContainText(exam!.accessionNumber!);
  const result = dialog.getByTestId('workstation-download-result');
  await expect(result).toHaveAttribute('data-result', 'completed', { timeout: 60_000 });
  await expect(result).toContainText('COMPLETED');
  await page.screenshot({ path: screenshotPath('worklist-cd-completed') });

  const iso = (await result.locator('code').last().textContent())!;
  expect(iso).toMatch(/\.iso$/);
  const dicomdir = dicomdirOfIso(iso);
  // One IMAGE record per slice, with the patient and the study above them.
  expect(dicomdir.match(/\(0004,1430\) CS \[IMAGE\s*\]/g)).toHaveLength(SLICES);
  expect(dicomdir).toMatch(/\(0004,1430\) CS \[PATIENT\s*\]/);
  expect(dicomdir).toMatch(/\(0004,1430\) CS \[STUDY\s*\]/);
  // The folder beside it holds the same files, ready to burn by hand.
  const folder = (await result.locator('code').first().textContent())!;
  expect(fs.existsSync(path.join(folder, 'DICOMDIR'))).toBe(true);

  await dialog.getByTestId('workstation-download-close').click();
  await expect(dialog).toHaveCount(0);
});

test('RadiAnt: the helper downloads the exam and starts the viewer command with the folder', async ({
  page,
  baseURL,
}) => {
  const staff = await patientApiAs(baseURL!, 'staff');
  const exam = (await searchExams(staff)).find((e) => e.hasImage && e.accessionNumber);
  expect(exam, 'an exam with images (the CD test sent some)').toBeDefined();
  await staff.dispose();
  const before = viewerCalls().length;

  await logInAs(page, 'staff');
  const worklist = new WorklistPage(page);
  await worklist.goto();
  await worklist.searchAccession(exam!.accessionNumber!);
  await worklist.rowAction(worklist.row(exam!.accessionNumber!), 'downloadRadiant');

  const dialog = page.getByTestId('workstation-download-dialog');
  await expect(dialog).toContainText('Download to RadiAnt');
  const result = dialog.getByTestId('workstation-download-result');
  await expect(result).toHaveAttribute('data-result', 'completed', { timeout: 60_000 });
  await page.screenshot({ path: screenshotPath('worklist-radiant-completed') });
  const calls = viewerCalls();
  expect(calls).toHaveLength(before + 1);
  expect(fs.readdirSync(calls.at(-1)!)).toContain('DICOMDIR');
});

test('the assigned doctor accepts the case before the CD folder download starts (spec §4)', async ({
  page,
  baseURL,
}) => {
  const doctor = await patientApiAs(baseURL!, 'doctor1');
  const me = ((await (await doctor.get('/api/me')).json()) as { data: { userId: string } }).data;
  const assigned = (await searchExams(doctor)).filter((e) => e.status === 'Assigned' && e.reviewerId === me.userId);
  const exam = assigned.at(0);
  expect(exam, 'the demo seed assigns exams to doctor1').toBeDefined();
  const staff = await patientApiAs(baseURL!, 'staff');
  // Always sent: a demo row may say it has images the e2e server never wrote (DEMO_IMAGES off).
  await sendCt(staff, exam!.examId, { slices: 4, size: 128, coverageMm: 40 });
  // A doctor is shown (and exports) only images past the DICOM audit: staff approve them first when they wait for it.
  const sent = (await searchExams(staff, { accessionNumber: exam!.accessionNumber! })).find(
    (e) => e.examId === exam!.examId,
  )!;
  if (sent.dicomAuditStatus === 'WaitingForAudit') {
    const approved = await staff.post(`/api/exam/${exam!.examId}/dicom/approve`, { data: { version: sent.version } });
    expect(approved.status()).toBe(200);
  }
  await staff.dispose();

  await logInAs(page, 'doctor1');
  const worklist = new WorklistPage(page);
  await worklist.goto();
  await worklist.searchAccession(exam!.accessionNumber!);
  await worklist.rowAction(worklist.row(exam!.accessionNumber!), 'downloadCd');
  await expect(worklist.confirmDialog).toHaveAttribute('data-action', 'accept');
  await expect(page.getByTestId('workstation-download-dialog')).toHaveCount(0);
  await worklist.confirmDialog.getByTestId('confirm-yes').click();

  const dialog = page.getByTestId('workstation-download-dialog');
  await expect(dialog.getByTestId('workstation-download-result')).toHaveAttribute('data-result', 'completed', {
    timeout: 60_000,
  });
  const row = (await searchExams(doctor, { accessionNumber: exam!.accessionNumber! })).find(
    (e) => e.examId === exam!.examId,
  );
  expect(row?.status).toBe('Accepted');
  await doctor.dispose();
});

test('Export Film from the worklist row: the request film link, its QR code and the patient name', async ({
  page,
  baseURL,
}) => {
  const staff = await patientApiAs(baseURL!, 'staff');
  const exam = (await searchExams(staff)).find((e) => e.accessionNumber && e.requestId);
  expect(exam, 'an exam ordered on a request').toBeDefined();
  await staff.dispose();

  await logInAs(page, 'staff');
  const worklist = new WorklistPage(page);
  await worklist.goto();
  await worklist.searchAccession(exam!.accessionNumber!);
  await worklist.rowAction(worklist.row(exam!.accessionNumber!), 'exportFilm');
  const dialog = page.getByTestId('export-link-dialog');
  await expect(dialog.getByTestId('export-link-url')).toHaveText(/\/link\/[A-Za-z0-9_-]{16,}$/);
  await expect(dialog.getByTestId('export-link-patient')).toHaveText(exam!.patientName);
  await expect(dialog.getByRole('img', { name: 'QR code ของลิงก์' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('worklist-export-film') });
});
