import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import dicomParser from 'dicom-parser';
import { readFileSync } from 'node:fs';
import { RequestPage } from '../pages/request-page';
import { freshCopy, matchStudies, stow } from '../pages/viewer-setup';
import { apiSessionAs } from '../pages/worklist-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

// Issue 26 item 1: a film link made by the Link role showed the patient text only. Whoever made it, the public page
// shows the exam's images (thumbnail, a viewer of full-size images), its report, and downloads the zip with DICOMDIR.

interface RequestRow {
  requestId: string;
  exams: { examId: string; accessionNumber: string | null; status: number }[];
}

/** Two images of one series (one study): CT_small under fresh UIDs, the second sharing the first's study and series. */
function oneSeriesOfTwo(): Buffer[] {
  const first = freshCopy('CT_small.dcm');
  const second = freshCopy('CT_small.dcm');
  const uids = (b: Buffer) => {
    const ds = dicomParser.parseDicom(new Uint8Array(b), { untilTag: 'x7fe00010' });
    return [ds.string('x0020000d')!, ds.string('x0020000e')!];
  };
  const [study, series] = uids(first);
  const [study2, series2] = uids(second);
  const text = second.toString('latin1').split(study2!).join(study).split(series2!).join(series);
  return [first, Buffer.from(text, 'latin1')];
}

/**
 * A request of the Link user's hospital with an exam whose report is released: the Link user's own request list, and
 * the link page's answer (it shows a report only when released).
 */
async function requestWithReleasedReport(link: APIRequestContext) {
  for (let page = 1; page <= 20; page++) {
    const res = await link.post('/api/request/search', { data: { page, startDate: '2000-01-01' } });
    expect(res.status()).toBe(200);
    const rows = ((await res.json()) as { data: { rows: RequestRow[] } }).data.rows;
    if (rows.length === 0) break;
    for (const row of rows.filter((r) => r.exams.some((e) => e.status & 16))) {
      const made = await link.post(`/api/request/link/${row.requestId}`, { data: {} });
      const { linkId } = ((await made.json()) as { data: { linkId: string } }).data;
      const opened = await link.post(`/api/link/${linkId}/open`, { data: {} });
      const exams = (
        (await opened.json()) as { data: { exams: { accessionNumber: string; reportUrl: string | null }[] } }
      ).data.exams;
      const shown = exams.find((e) => e.reportUrl && e.accessionNumber);
      const exam = shown && row.exams.find((e) => e.accessionNumber === shown.accessionNumber);
      if (exam) return { requestId: row.requestId, examId: exam.examId, accession: exam.accessionNumber! };
    }
  }
  throw new Error("no request of the Link user's hospital with a released report");
}

const naturalWidth = (img: Locator) => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0));

test('a film link made by the Link role shows the patient the images, full size, the report, and downloads the zip', async ({
  page,
  browser,
  baseURL,
}) => {
  const linkApi = await apiSessionAs(baseURL!, 'link');
  const target = await requestWithReleasedReport(linkApi);
  await linkApi.dispose();
  // The exam's images arrive (two of one series) and staff match them to it.
  const staff = await apiSessionAs(baseURL!, 'staff');
  const images = oneSeriesOfTwo();
  await stow(staff, images);
  const studyUid = dicomParser.parseDicom(new Uint8Array(images[0]!), { untilTag: 'x7fe00010' }).string('x0020000d')!;
  await matchStudies(staff, [studyUid], target.examId);
  await staff.dispose();

  // The Link user makes the link on ใบส่งตรวจ → Export Film.
  await logInAs(page, 'link');
  const rq = new RequestPage(page);
  await rq.gotoList();
  await page.locator('#request-search-startDate').fill('01-01-2000');
  const row = await rq.findByAccession(target.accession);
  await row.getByTestId('request-export').click();
  const url = await page.getByTestId('export-link-dialog').getByTestId('export-link-url').textContent();
  expect(url).toMatch(/\/link\/[A-Za-z0-9_-]{24}$/);

  // The patient, in a browser without a session.
  const fresh = await browser.newContext();
  const outsider = await fresh.newPage();
  await outsider.goto(url!);
  const card = outsider.getByTestId('public-link-exam').filter({ hasText: target.accession });
  const thumbnail = card.getByTestId('public-link-thumbnail');
  await expect.poll(() => naturalWidth(thumbnail), { message: 'the thumbnail is drawn' }).toBeGreaterThan(0);
  await expect(card.getByTestId('public-link-download')).toHaveText('ดาวน์โหลดภาพ (DICOM)');
  await outsider.screenshot({ path: screenshotPath('request-public-link-by-link-role') });

  // The viewer: full-size images of the series, next and previous.
  await card.getByTestId('public-link-view').click();
  const viewer = outsider.getByTestId('public-link-viewer');
  const shown = viewer.getByTestId('public-link-image');
  await expect(viewer.getByTestId('public-link-position')).toHaveText('ภาพ 1 / 2');
  await expect.poll(() => naturalWidth(shown), { message: 'the first image is drawn' }).toBeGreaterThan(0);
  await expect(viewer.getByTestId('public-link-previous')).toBeDisabled();
  const firstSrc = await shown.getAttribute('src');
  await outsider.screenshot({ path: screenshotPath('request-public-link-viewer') });
  await viewer.getByTestId('public-link-next').click();
  await expect(viewer.getByTestId('public-link-position')).toHaveText('ภาพ 2 / 2');
  await expect(shown).not.toHaveAttribute('src', firstSrc!);
  await expect.poll(() => naturalWidth(shown), { message: 'the second image is drawn' }).toBeGreaterThan(0);
  await expect(viewer.getByTestId('public-link-next')).toBeDisabled();
  const full = await fresh.request.get((await viewer.getByTestId('public-link-full-size').getAttribute('href'))!);
  expect(full.status()).toBe(200);
  expect(full.headers()['content-type']).toBe('image/jpeg');
  await viewer.getByTestId('public-link-previous').click();
  await expect(viewer.getByTestId('public-link-position')).toHaveText('ภาพ 1 / 2');
  await viewer.getByTestId('public-link-close').click();
  await expect(viewer).toHaveCount(0);

  // The report PDF opens in a new tab.
  const pdf = fresh.waitForEvent('response', (r) => r.url().includes('/report/'));
  await card.getByTestId('public-link-report').click();
  expect((await pdf).status()).toBe(200);
  expect((await pdf).headers()['content-type']).toBe('application/pdf');

  // The download: the export zip, with its DICOMDIR.
  const saving = outsider.waitForEvent('download', { timeout: 60_000 });
  await card.getByTestId('public-link-download').click();
  const zip = readFileSync(await (await saving).path());
  expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
  expect(zip.includes(Buffer.from('DICOMDIR'))).toBe(true);
  await fresh.close();

  // On a phone: the viewer fills the screen with its buttons in reach.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const mobile = await phone.newPage();
  await mobile.goto(url!);
  const mobileCard = mobile.getByTestId('public-link-exam').filter({ hasText: target.accession });
  await expect(mobileCard.getByTestId('public-link-view')).toBeVisible();
  await mobile.screenshot({ path: screenshotPath('request-public-link-phone'), fullPage: true });
  await mobileCard.getByTestId('public-link-view').click();
  const mobileViewer = mobile.getByTestId('public-link-viewer');
  await expect.poll(() => naturalWidth(mobileViewer.getByTestId('public-link-image'))).toBeGreaterThan(0);
  await expect(mobileViewer.getByTestId('public-link-next')).toBeInViewport();
  await mobile.screenshot({ path: screenshotPath('request-public-link-viewer-phone') });
  await phone.close();
});
