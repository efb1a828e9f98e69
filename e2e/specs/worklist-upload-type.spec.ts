import { expect, test } from '@playwright/test';
import { WorklistPage } from '../pages/worklist-page';
import { logInAs } from '../support/log-in';

// Spec §5 Upload: documents accept only .jpg .tiff .pdf .png .doc .docx .ppt .pptx .xls .xlsx .jpeg .txt; a file
// must be chosen ("Please select file."); errors show in red under the file field.
test('uploading a .exe as a document is refused with a message', async ({ page }) => {
  await logInAs(page, 'staff');
  const worklist = new WorklistPage(page);
  await worklist.goto('/pacs');

  const row = worklist.rowsWithAccession.first();
  await row.getByTestId('documents-button').click();
  const dialog = worklist.documentsDialog;
  await expect(dialog).toBeVisible();
  const help = dialog.getByTestId('upload-file-help');

  await dialog.getByTestId('upload-submit').click();
  await expect(help).toHaveText('Please select file.');
  await expect(help).toHaveClass(/Mui-error/);

  await dialog.getByTestId('upload-file-input').setInputFiles({
    name: 'setup.exe',
    mimeType: 'application/x-msdownload',
    buffer: Buffer.from('MZ not a document'),
  });
  await expect(help).toContainText('ชนิดไฟล์ไม่รองรับ');
  await expect(help).toHaveClass(/Mui-error/);
  await expect(help).toHaveCSS('color', 'rgb(198, 40, 40)');
  await dialog.getByTestId('upload-submit').click();
  await expect(help).toContainText('ชนิดไฟล์ไม่รองรับ');
  await expect(dialog.getByTestId('document-row')).toHaveCount(0);

  // The server refuses it too, whatever the client does.
  const examId = (await row.getAttribute('data-exam-id')) ?? '';
  const answer = await page.request.post(`/api/exam/${examId}/document`, {
    multipart: { file: { name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') } },
  });
  expect(answer.status()).toBe(400);
  expect(((await answer.json()) as { message: string }).message).toContain('ชนิดไฟล์ไม่รองรับ');
});

test('a PDF uploads with a new name that keeps its extension, listed with its upload time', async ({ page }) => {
  await logInAs(page, 'staff');
  const worklist = new WorklistPage(page);
  await worklist.goto('/pacs');

  const row = worklist.rowsWithAccession.nth(1);
  await row.getByTestId('documents-button').click();
  const dialog = worklist.documentsDialog;
  await dialog
    .getByTestId('upload-file-input')
    .setInputFiles({ name: 'scan 01.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await dialog.getByTestId('upload-prefix').fill('ใบส่งตัว');
  await expect(dialog).toContainText('ใบส่งตัว.pdf');
  await dialog.getByTestId('upload-submit').click();

  const entry = dialog.getByTestId('document-row').filter({ hasText: 'ใบส่งตัว.pdf' });
  await expect(entry).toBeVisible();
  await expect(entry.getByTestId('document-date')).toHaveText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
  await expect(worklist.snackbar).toContainText('ใบส่งตัว.pdf');
  await dialog.getByRole('button', { name: 'ปิด' }).last().click();
  await expect(row.getByTestId('documents-button')).toHaveAttribute('data-present', 'true');
});
