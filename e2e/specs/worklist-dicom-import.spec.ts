import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildInstance, testUid } from '../../apps/server/src/dicom/testing/build-dicom';
import { patientApiAs } from '../pages/patient-api';
import { WorklistPage } from '../pages/worklist-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

test('staff import DICOM files for an exam from the worklist and see what was imported, what was already there and what failed', async ({
  page,
  baseURL,
}) => {
  const api = await patientApiAs(baseURL!, 'staff');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
  const search = await api.post('/api/exam/search?page=1', { data: { examFromDate: '2000-01-01', examToDate: today } });
  const exams = (
    (await search.json()) as {
      data: { rows: { examId: string; accessionNumber: string; hasImage: boolean; zipStatus: string | null }[] };
    }
  ).data.rows;
  // The last one without images: the unmatched-images test takes the first.
  const exam = exams.filter((e) => !e.hasImage && e.accessionNumber && e.zipStatus !== 'Archive').at(-1);
  expect(exam, 'the demo seed has exams without images in branch RS1').toBeDefined();
  await api.dispose();

  // Two CT slices of a study brought on a CD (their own accession number is another hospital's), and a note.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-e2e-import-'));
  const studyUid = testUid();
  const seriesUid = testUid();
  const files = [1, 2].map((n) => {
    const file = path.join(dir, `IM${n}`);
    fs.writeFileSync(
      file,
      buildInstance({ studyUid, seriesUid, accessionNumber: 'OUTSIDE-77', modality: 'CT', instanceNumber: n }).bytes,
    );
    return file;
  });
  const note = path.join(dir, 'notes.txt');
  fs.writeFileSync(note, 'ผู้ป่วยนำแผ่นซีดีมาจากโรงพยาบาลอื่น\n');

  await logInAs(page, 'staff');
  const worklist = new WorklistPage(page);
  await worklist.goto();
  await worklist.searchAccession(exam!.accessionNumber);
  const row = page.locator(`[data-testid="worklist-row"][data-accession="${exam!.accessionNumber}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('viewer-button')).toHaveCount(0);
  await worklist.rowAction(row, 'importDicom');

  const dialog = page.getByTestId('dicom-import-dialog');
  await expect(dialog).toContainText(exam!.accessionNumber);
  // Nothing chosen: said so, nothing sent.
  await dialog.getByTestId('dicom-import-submit').click();
  await expect(dialog.getByTestId('dicom-import-chosen')).toHaveText('กรุณาเลือกไฟล์ภาพ DICOM หรือไฟล์ .zip');

  await dialog.getByTestId('dicom-import-files').setInputFiles([...files, note]);
  await expect(dialog.getByTestId('dicom-import-chosen')).toContainText('เลือกแล้ว 3 ไฟล์');
  await dialog.getByTestId('dicom-import-submit').click();
  const result = dialog.getByTestId('dicom-import-result');
  await expect(result.getByTestId('dicom-import-stored')).toContainText('2 ภาพ');
  await expect(result.getByTestId('dicom-import-duplicate')).toContainText('0 ภาพ');
  await expect(result.getByTestId('dicom-import-failed')).toContainText('1 ไฟล์');
  await expect(result.getByTestId('dicom-import-failed-list')).toContainText('notes.txt');
  await expect(page.getByText(`นำเข้าภาพของ ${exam!.accessionNumber} แล้ว 2 ภาพ`)).toBeVisible();
  await page.screenshot({ path: screenshotPath('worklist-dicom-import') });

  // The same CD again, dragged from the file manager this time (with the hidden file it carries): nothing is stored twice.
  await dialog.getByTestId('dicom-import-again').click();
  const dropped = [
    ...files.map((f) => ({ name: path.basename(f), bytes: [...fs.readFileSync(f)] })),
    { name: '.DS_Store', bytes: [0, 0, 0, 1] },
  ];
  const dataTransfer = await page.evaluateHandle((parts) => {
    const data = new DataTransfer();
    for (const part of parts) data.items.add(new File([new Uint8Array(part.bytes)], part.name));
    return data;
  }, dropped);
  const zone = dialog.getByTestId('dicom-import-drop');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(dialog.getByTestId('dicom-import-chosen')).toContainText('เลือกแล้ว 2 ไฟล์');
  await dialog.getByTestId('dicom-import-submit').click();
  await expect(result.getByTestId('dicom-import-stored')).toContainText('0 ภาพ');
  await expect(result.getByTestId('dicom-import-duplicate')).toContainText('2 ภาพ');
  await expect(result.getByTestId('dicom-import-failed')).toContainText('0 ไฟล์');

  // Only a note: refused as a whole, with the reason for the file.
  await dialog.getByTestId('dicom-import-again').click();
  await dialog.getByTestId('dicom-import-files').setInputFiles([note]);
  await dialog.getByTestId('dicom-import-submit').click();
  await expect(dialog.getByTestId('dicom-import-error')).toHaveText('ไม่พบไฟล์ DICOM ที่นำเข้าได้');
  await expect(result.getByTestId('dicom-import-failed-list')).toContainText('notes.txt');

  await dialog.getByTestId('dicom-import-close').click();
  await expect(dialog).toHaveCount(0);
  // The row took the answer: the exam has images now, and the viewer opens them.
  await expect(row.getByTestId('viewer-button')).toBeVisible();
  fs.rmSync(dir, { recursive: true, force: true });
});
