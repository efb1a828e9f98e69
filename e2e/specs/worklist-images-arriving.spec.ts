import { expect, test } from '@playwright/test';
import { WorklistPage } from '../pages/worklist-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

// Issue 26 item 5: while the demo's images are still being written, an exam shows "กำลังรับภาพ" (images arriving),
// not a viewer on nothing nor "no images", and the worklist asks again by itself until they are in. The end-to-end
// server runs without demo images, so the answer of the first searches marks rows as arriving, as the server does
// right after a first start.
test('staff see images arriving on the worklist, then the viewer once they are in, without searching again', async ({
  page,
}) => {
  let searches = 0;
  let arriving: string[] = [];
  await page.route('**/api/exam/search**', async (route) => {
    searches += 1;
    const response = await route.fetch();
    const body = (await response.json()) as {
      data: { rows: { examId: string; accessionNumber: string | null; hasImage: boolean; imagesArriving?: boolean }[] };
    };
    if (searches <= 2) {
      const withImages = body.data.rows.filter((r) => r.hasImage && r.accessionNumber).slice(0, 3);
      arriving = withImages.map((r) => r.accessionNumber!);
      for (const r of withImages) Object.assign(r, { hasImage: false, imagesArriving: true });
    }
    await route.fulfill({ response, json: body });
  });

  await logInAs(page, 'staff');
  const worklist = new WorklistPage(page);
  await worklist.goto('/pacs');
  expect(arriving.length, 'the default range has exams with images').toBeGreaterThan(0);
  for (const accession of arriving) {
    const row = worklist.row(accession);
    await expect(row.getByTestId('images-arriving')).toHaveAttribute('aria-label', 'กำลังรับภาพ');
    await expect(row.getByTestId('viewer-button')).toHaveCount(0);
  }
  await worklist.row(arriving[0]!).scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('worklist-images-arriving') });

  // The page asks again by itself (every 4 s while a row is arriving); the third answer has the images in.
  for (const accession of arriving)
    await expect(worklist.row(accession).getByTestId('viewer-button')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('images-arriving')).toHaveCount(0);
  expect(searches).toBeGreaterThanOrEqual(3);
});
