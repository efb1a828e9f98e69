import { expect, test } from '@playwright/test';
import { patientApiAs } from '../pages/patient-api';
import { sendCt } from '../pages/viewer-ct';
import { gridChange, ViewerPage } from '../pages/viewer-page';
import { patientExamPair, type DatedExamRow } from '../pages/viewer-setup';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

// The current exam: 64 slices of 2.5 mm; the prior: 32 of 5 mm over the same 160 mm of head. Scrolled by position,
// current slice n shows the same level as prior slice ≈ n/2.
const CURRENT = { slices: 64, size: 256, coverageMm: 160 };
const PRIOR = { slices: 32, size: 256, coverageMm: 160, description: 'CT BRAIN (prior)' };
let current: DatedExamRow;
let prior: DatedExamRow;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(240_000);
  const api = await patientApiAs(baseURL!, 'staff');
  ({ current, prior } = await patientExamPair(api));
  expect((await sendCt(api, prior.examId, PRIOR)).map((s) => s.frameNumber)).toEqual([PRIOR.slices]);
  expect((await sendCt(api, current.examId, CURRENT)).map((s) => s.frameNumber)).toEqual([CURRENT.slices]);
  await api.dispose();
});

test.beforeEach(async ({ page }) => {
  // Cornerstone's CPU path (decision V8): two stacks side by side draw faster than on software WebGL.
  await page.addInitScript(() => localStorage.setItem('rangsi.viewer.cpu', '1'));
});

test('compare with a prior of the same patient: 1×2, both drawn, scrolling linked by position, W/L per viewport, back to 1×1', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logInAs(page, 'staff');
  const viewer = new ViewerPage(page);
  await viewer.goto(current.examId, current.branchId);
  const frame = await viewer.frame();
  await viewer.waitForImage(frame);
  await viewer.expectImageDrawn(frame, 'current CT');
  await expect(frame.getByTestId('viewport-prior')).toHaveCount(0);

  // The prior comes from the patient's history, with its own token; the one series opens at once.
  await frame.getByTestId('cmd-compare').click();
  const picker = frame.getByTestId('prior-picker');
  const item = picker.locator(`[data-testid="prior-item"][data-exam-id="${prior.examId}"]`);
  await expect(item).toBeVisible({ timeout: 30_000 });
  await expect(item).toContainText(`${PRIOR.slices} ภาพ`);
  await expect(picker.locator(`[data-exam-id="${current.examId}"]`)).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('viewer-compare-picker') });
  await item.click();
  await expect(picker).toHaveCount(0);
  const priorViewport = frame.getByTestId('viewport-prior');
  await expect(priorViewport).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await viewer.expectImageDrawn(frame, 'prior CT', 'viewport-prior');
  await viewer.expectImageDrawn(frame, 'current CT beside the prior');
  await expect(frame.getByTestId('viewport-pane').getByTestId('overlay-caption')).toContainText('ปัจจุบัน');
  await expect(frame.getByTestId('viewport-prior-pane').getByTestId('overlay-caption')).toContainText('ครั้งก่อน');
  await expect(frame.getByTestId('viewport-prior-pane').getByTestId('overlay-slice')).toContainText(
    `ภาพ 1/${PRIOR.slices}`,
  );
  await expect(frame.getByTestId('cmd-link')).toHaveAttribute('aria-label', 'เลื่อนพร้อมกันตามตำแหน่ง (mm)');

  // Scrolling the current moves the prior to the same level (2.5 mm vs 5 mm slices).
  const main = frame.getByTestId('viewport');
  await main.focus();
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  await expect(main).toHaveAttribute('data-slice', '21');
  await expect(priorViewport).toHaveAttribute('data-slice', '11');
  await expect(frame.getByTestId('viewport-prior-pane').getByTestId('overlay-slice')).toContainText(
    `ภาพ 11/${PRIOR.slices}`,
  );
  // The wheel over the prior leads the other way.
  await priorViewport.hover();
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, 120);
  await expect.poll(async () => Number(await priorViewport.getAttribute('data-slice'))).toBeGreaterThan(11);
  const priorSlice = Number(await priorViewport.getAttribute('data-slice'));
  await expect.poll(async () => Number(await main.getAttribute('data-slice'))).toBe(2 * priorSlice - 1);
  await expect(frame.getByTestId('viewport-prior-pane')).toHaveAttribute('data-active', 'true');

  // W/L is per viewport: a drag on the prior changes its pixels, not the current's window.
  const mainWindow = await frame.getByTestId('viewport-pane').getByTestId('overlay-window').textContent();
  const before = await viewer.stats(frame, 'viewport-prior');
  await viewer.drag(frame, [0.5, 0.5], [120, -80], 'viewport-prior');
  await expect
    .poll(async () => gridChange(before.grid, (await viewer.stats(frame, 'viewport-prior')).grid))
    .toBeGreaterThan(3);
  await expect(frame.getByTestId('viewport-pane').getByTestId('overlay-window')).toHaveText(mainWindow!);
  await expect(frame.getByTestId('viewport-prior-pane').getByTestId('overlay-window')).not.toHaveText(mainWindow!);
  await page.screenshot({ path: screenshotPath('viewer-compare') });

  // Unlinked, each scrolls alone; relinked, the pair now shown is the new anchor.
  await frame.getByTestId('cmd-link').click();
  await main.focus();
  const priorBefore = await priorViewport.getAttribute('data-slice');
  const mainBefore = Number(await main.getAttribute('data-slice'));
  await page.keyboard.press('ArrowDown');
  await expect(main).toHaveAttribute('data-slice', String(mainBefore + 1));
  await page.keyboard.press('ArrowDown');
  await expect(main).toHaveAttribute('data-slice', String(mainBefore + 2));
  await expect(priorViewport).toHaveAttribute('data-slice', priorBefore!);
  await page.keyboard.press('s');
  await page.keyboard.press('PageDown');
  await expect(main).toHaveAttribute('data-slice', String(mainBefore + 12));
  await expect(priorViewport).toHaveAttribute('data-slice', String(Number(priorBefore) + 5));

  // Closing the comparison returns to 1×1 with the current exam where it was.
  await page.keyboard.press('c');
  await expect(frame.getByTestId('viewport-prior')).toHaveCount(0);
  await expect(main).toHaveAttribute('data-slice', String(mainBefore + 12));
  await viewer.expectImageDrawn(frame, 'current CT alone again');
});

test('a patient without earlier exams with images: the picker says so', async ({ page }) => {
  test.setTimeout(120_000);
  await logInAs(page, 'staff');
  const viewer = new ViewerPage(page);
  // The prior itself has no earlier exam with images.
  await viewer.goto(prior.examId, prior.branchId);
  const frame = await viewer.frame();
  await viewer.waitForImage(frame);
  await frame.getByTestId('viewport').focus();
  await page.keyboard.press('c');
  await expect(frame.getByTestId('priors-none')).toContainText('ไม่พบการตรวจครั้งก่อนที่มีภาพ');
});
