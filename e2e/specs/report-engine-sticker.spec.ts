import { expect, test } from '@playwright/test';
import { decodeBarcodes, pdfInfo, pdfText } from '../../apps/server/src/modules/report-engine/testing/pdf-tools';
import { ReportViewerPage } from '../pages/report-viewer-page';
import { RequestPage } from '../pages/request-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

// Spec §2 /reportviewer/{requestId}/sticker, §6 REQUEST_INVOICE: the request list's sticker icon opens a 50 × 30 mm
// label per exam, each with a Code 128 barcode that decodes to the exam's accession number.
test('staff opens a request sticker; its barcodes decode to the accession numbers', async ({ page, context }) => {
  await logInAs(page, 'staff');
  const requests = new RequestPage(page);
  await requests.gotoList();
  await requests.searchLastDays(7);
  const row = requests.rows.filter({ has: page.locator('[data-testid="request-sticker"]:not([disabled])') }).first();
  await expect(row).toBeVisible();
  const requestId = (await row.getAttribute('data-request-id'))!;
  const accessions = (await row.getByTestId('request-accession').allTextContents())
    .map((t) => t.trim().split(' ').at(-1)!)
    .filter(Boolean);
  expect(accessions.length).toBeGreaterThan(0);

  const answer = ReportViewerPage.nextReportIn(context, 'sticker.rpt');
  const [popup] = await Promise.all([context.waitForEvent('page'), row.getByTestId('request-sticker').click()]);
  const viewer = new ReportViewerPage(popup);
  await expect(popup).toHaveURL(`/reportviewer/${requestId}/sticker`);
  const pdf = await viewer.expectPdf(await answer);
  expect((await answer).request().postData()).toBe(`requestId=${requestId}`);

  const info = pdfInfo(pdf);
  expect(info.pages).toBe(accessions.length);
  expect(Math.abs(info.widthPt - 141.7)).toBeLessThan(1.5);
  expect(Math.abs(info.heightPt - 85.0)).toBeLessThan(1.5);
  expect([...decodeBarcodes(pdf)].flat().sort()).toEqual([...accessions].sort());
  for (const a of accessions) expect(pdfText(pdf)).toContain(a);
  await viewer.letViewerPaint();
  await popup.screenshot({ path: screenshotPath('report-sticker') });
});
