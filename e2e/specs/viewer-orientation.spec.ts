import { expect, test, type Frame } from '@playwright/test';
import { patientApiAs } from '../pages/patient-api';
import { sendCt } from '../pages/viewer-ct';
import { sendChest } from '../pages/viewer-projection';
import { ViewerPage } from '../pages/viewer-page';
import { examsWithoutImages, type DatedExamRow, type ExamRow } from '../pages/viewer-setup';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

// Issue 26 item 7: orientation markers, the scale bar, measurement labels in the app's language, shortcuts without a
// click first, the HN once.
let ct: DatedExamRow;
let dx: ExamRow;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(180_000);
  const api = await patientApiAs(baseURL!, 'staff');
  const [a, b] = await examsWithoutImages(api);
  expect(a && b, 'two scheduled exams without images').toBeTruthy();
  ct = a as DatedExamRow;
  dx = b!;
  expect((await sendCt(api, ct.examId, { slices: 8, size: 256, coverageMm: 40 })).map((s) => s.frameNumber)).toEqual([
    8,
  ]);
  expect((await sendChest(api, dx.examId)).map((s) => s.frameNumber)).toEqual([1]);
  await api.dispose();
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('rangsi.viewer.cpu', '1'));
});

const markers = (frame: Frame, pane = 'viewport-pane') =>
  Promise.all(
    (['top', 'right', 'bottom', 'left'] as const).map(async (side) =>
      frame.getByTestId(pane).getByTestId(`marker-${side}`).textContent(),
    ),
  );

test('axial CT: R/L/A/P markers that follow flip and rotate, a scale bar, a Thai length label, keys at once, HN once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInAs(page, 'staff');
  const viewer = new ViewerPage(page);
  await viewer.goto(ct.examId, ct.branchId);
  const frame = await viewer.frame();
  await viewer.waitForImage(frame);
  const viewport = frame.getByTestId('viewport');

  // Axial, as stored: the patient's right on the screen's left, anterior up.
  await expect.poll(() => markers(frame)).toEqual(['A', 'L', 'P', 'R']);
  // A shortcut works as soon as the viewer is open: no click into the frame first.
  await page.keyboard.press('h');
  await expect(viewport).toHaveAttribute('data-flip-h', 'true');
  await expect.poll(() => markers(frame)).toEqual(['A', 'R', 'P', 'L']);
  await page.keyboard.press('0');
  await expect(viewport).toHaveAttribute('data-flip-h', 'false');
  await expect.poll(() => markers(frame)).toEqual(['A', 'L', 'P', 'R']);
  await page.keyboard.press(']');
  await expect.poll(() => markers(frame)).toEqual(['R', 'A', 'L', 'P']);
  await page.keyboard.press('v');
  await expect.poll(() => markers(frame)).toEqual(['L', 'A', 'R', 'P']);
  await page.keyboard.press('0');

  // The scale bar, from PixelSpacing: a round length, no detector note.
  const bar = frame.getByTestId('scale-bar');
  await expect(bar).toBeVisible();
  await expect(bar).toHaveText(/^\d+ mm$/);
  await expect(frame.getByTestId('scale-imager')).toHaveCount(0);
  const mmBefore = Number(await bar.getAttribute('data-mm'));
  // Zoomed in (right button dragged down), the bar stands for fewer millimetres.
  const box = (await viewport.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down({ button: 'right' });
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + i * 25);
  await page.mouse.up({ button: 'right' });
  await expect.poll(async () => Number(await bar.getAttribute('data-mm'))).toBeLessThan(mmBefore);
  await page.keyboard.press('0');

  // The HN once: the demo HNs carry the letters themselves (HN3053329), so no "HN HN…".
  const patient = frame.getByTestId('overlay-patient');
  await expect(patient).toContainText(ct.hn);
  await expect(patient).not.toContainText('HN HN');

  // A length labelled in Thai, as the app is.
  await page.keyboard.press('l');
  await viewer.drag(frame, [0.35, 0.5], [180, 0]);
  const label = viewport.locator('svg text').filter({ hasText: /mm/ }).first();
  await expect(label).toBeVisible();
  await expect(label).toHaveText(/^ความยาว \d+(\.\d+)? mm$/);
  await page.keyboard.press('r');
  await viewer.drag(frame, [0.45, 0.3], [70, 50]);
  await expect(
    viewport
      .locator('svg text')
      .filter({ hasText: /ค่าเฉลี่ย \d+(\.\d+)? HU/ })
      .first(),
  ).toBeVisible();
  await expect(viewport.locator('svg text').filter({ hasText: /Mean|Std Dev|Area/ })).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('viewer-orientation-ct') });
});

test('a projection radiograph: markers from PatientOrientation, the scale bar says it is ImagerPixelSpacing', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInAs(page, 'staff');
  const viewer = new ViewerPage(page);
  await viewer.goto(dx.examId, dx.branchId);
  const frame = await viewer.frame();
  await viewer.waitForImage(frame);
  // PatientOrientation L\F: the patient's left on the right of the screen, feet down.
  await expect.poll(() => markers(frame)).toEqual(['H', 'L', 'F', 'R']);
  await expect(frame.getByTestId('scale-bar')).toBeVisible();
  await expect(frame.getByTestId('scale-imager')).toHaveText('วัดที่ตัวรับภาพ (ImagerPixelSpacing)');
  await page.keyboard.press('[');
  await expect.poll(() => markers(frame)).toEqual(['L', 'F', 'R', 'H']);
  await page.screenshot({ path: screenshotPath('viewer-orientation-dx') });
});
