import { expect, test } from '@playwright/test';
import { patientApiAs } from '../pages/patient-api';
import { examsWithoutImages, freshCopy, matchStudies, stow, studyUidOf, undecodableJ2k } from '../pages/viewer-setup';
import { gridChange, ViewerPage } from '../pages/viewer-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

// Files of docs/pydicom-corpus.md, one per kind the issue names; and one whose pixels no codec can decode.
const FILES = {
  CT_small: 'CT_small.dcm',
  MR_small: 'MR_small.dcm',
  'JPEG 2000': 'JPEG2000.dcm',
  'JPEG-LS': 'MR_small_jpeg_ls_lossless.dcm',
  'JPEG baseline': 'SC_rgb_dcmtk_+eb+cy+np.dcm',
  // 12-bit JPEG extended: the viewer's link asks for it decompressed by the server (decision IN14).
  'JPEG 12-bit': 'JPGExtended.dcm',
  RGB: 'SC_rgb_rle.dcm',
} as const;

test.beforeEach(async ({ page }) => {
  // Cornerstone's CPU path: faster than software WebGL here and the same pixels (docs/stack-notes.md); one spec uses WebGL.
  await page.addInitScript(() => localStorage.setItem('rangsi.viewer.cpu', '1'));
});

test('every kind of corpus file is drawn in the viewer; W/L drag changes the pixels; an undecodable file shows a Thai message, the rest works', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const api = await patientApiAs(baseURL!, 'staff');
  const [exam] = await examsWithoutImages(api);
  expect(exam, 'the demo seed has a scheduled exam without images in branch RS1').toBeDefined();
  const copies: Record<string, Buffer> = {
    ...Object.fromEntries(Object.entries(FILES).map(([k, f]) => [k, freshCopy(f)])),
    broken: undecodableJ2k(),
  };
  await stow(api, Object.values(copies));
  await matchStudies(api, Object.values(copies).map(studyUidOf), exam!.examId);
  // Which listed series holds which file: by the Series Instance UID its instances answer.
  const series = (
    (await (await api.get(`/api/exam/${exam!.examId}/series`)).json()) as { data: { seriesId: string }[] }
  ).data;
  expect(series).toHaveLength(8);
  const kindOf = new Map<string, string>();
  for (const s of series) {
    const inst = (
      (await (await api.get(`/api/exam/${exam!.examId}/series/${s.seriesId}/instances`)).json()) as {
        data: { instances: { sopInstanceUid: string }[] };
      }
    ).data;
    const sop = inst.instances[0]!.sopInstanceUid;
    const kind = Object.entries(copies).find(([, b]) => b.toString('latin1').includes(sop))![0];
    kindOf.set(s.seriesId, kind);
  }
  await api.dispose();

  await logInAs(page, 'staff');
  const viewer = new ViewerPage(page);
  await viewer.goto(exam!.examId, exam!.branchId);
  await expect(viewer.seriesItems()).toHaveCount(8);
  await expect(viewer.seriesItems().first().locator('img')).toBeVisible();

  const items = await viewer.seriesItems().all();
  const byKind = new Map<string, (typeof items)[number]>();
  for (const item of items) byKind.set(kindOf.get((await item.getAttribute('data-series-id'))!)!, item);

  for (const kind of Object.keys(FILES)) {
    await byKind.get(kind)!.click();
    await expect(page.getByTestId('viewer-frame')).toHaveAttribute('src', new RegExp(`/DicomViewer/${exam!.examId}/`));
    const frame = await viewer.frame();
    await viewer.waitForImage(frame);
    await expect(frame.getByTestId('decode-error')).toHaveCount(0);
    const before = await viewer.expectImageDrawn(frame, kind);
    // The server's preview of the slice (decision V15) has made way for Cornerstone's drawing.
    await expect(frame.locator('#rangsi-first-preview')).toHaveCount(0);
    await expect(frame.getByTestId('overlay-slice')).toContainText('ภาพ 1/1');
    // The file's Slice Location, and none for a secondary capture without one (not Cornerstone's default of 0).
    if (kind === 'CT_small') await expect(frame.getByTestId('overlay-slice')).toContainText('ตำแหน่ง -77.2 mm');
    if (kind === 'RGB') await expect(frame.getByTestId('overlay-slice')).not.toContainText('ตำแหน่ง');
    await page.screenshot({ path: screenshotPath(`viewer-corpus-${kind.replace(/\W+/g, '-').toLowerCase()}`) });
    if (kind === 'CT_small') {
      // CT: W/L drag changes the drawn pixels and the overlay's W/L.
      const wl = await frame.getByTestId('overlay-window').textContent();
      await viewer.drag(frame, [0.5, 0.5], [120, 80]);
      await expect(frame.getByTestId('overlay-window')).not.toHaveText(wl!);
      const after = await viewer.stats(frame);
      expect(gridChange(before.grid, after.grid), 'W/L drag changes the 8×8 brightness grid').toBeGreaterThan(3);
    }
  }

  // The broken file: a clear Thai message in the viewport; the toolbar and the other series still work.
  await byKind.get('broken')!.click();
  const frame = await viewer.frame();
  await expect(frame.getByTestId('decode-error')).toContainText('ไม่สามารถแสดงภาพนี้ได้', { timeout: 30_000 });
  await expect(frame.locator('#rangsi-first-preview'), 'no preview over the message').toHaveCount(0);
  await frame.getByTestId('cmd-help').click();
  await expect(frame.getByTestId('shortcut-help')).toContainText('แป้นพิมพ์ลัด');
  await page.screenshot({ path: screenshotPath('viewer-corpus-decode-error') });
  await page.keyboard.press('Escape');
  await byKind.get('MR_small')!.click();
  const mr = await viewer.frame();
  await viewer.waitForImage(mr);
  await viewer.expectImageDrawn(mr, 'MR_small after the broken file');
});
