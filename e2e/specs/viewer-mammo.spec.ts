import { expect, test, type Frame } from '@playwright/test';
import { patientApiAs } from '../pages/patient-api';
import { sendMammogram } from '../pages/viewer-projection';
import { ViewerPage } from '../pages/viewer-page';
import { patientExamPair, type DatedExamRow } from '../pages/viewer-setup';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

// Issue 26 item 8: an MG study hangs four-up, mirrored so the chest walls face each other; with a prior, side by side.
// The prior is stored the standard way (right breast's chest wall on the image's right); the current as some units
// store it, every view with the chest wall on the left: its right-breast views must be flipped to hang.
const VIEWS = ['RCC', 'LCC', 'RMLO', 'LMLO'] as const;
let current: DatedExamRow;
let prior: DatedExamRow;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(180_000);
  const api = await patientApiAs(baseURL!, 'staff');
  ({ current, prior } = await patientExamPair(api));
  expect((await sendMammogram(api, prior.examId, { date: '20250110' })).map((s) => s.frameNumber)).toEqual([4]);
  expect(
    (await sendMammogram(api, current.examId, { date: '20261125', chestWall: 'left' })).map((s) => s.frameNumber),
  ).toEqual([4]);
  await api.dispose();
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('rangsi.viewer.cpu', '1'));
});

/** Mean brightness of the left and right halves of a viewport's canvas (the breast lies against its chest wall). */
async function halves(viewer: ViewerPage, frame: Frame, testId: string) {
  const { grid } = await viewer.stats(frame, testId);
  let left = 0;
  let right = 0;
  grid.forEach((v, i) => {
    if (i % 8 < 4) left += v;
    else right += v;
  });
  return { left, right };
}

async function expectHung(viewer: ViewerPage, frame: Frame, block: 'current' | 'prior') {
  for (const view of VIEWS) {
    const id = `mammo-${block}-${view}`;
    const viewport = frame.getByTestId(id);
    await expect(viewport).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    await viewer.expectImageDrawn(frame, `${block} ${view}`, id);
    await expect(frame.getByTestId(`${id}-pane`).getByTestId('overlay-view')).toHaveText(view);
    // Chest walls face each other: the right breast's against the pane's right edge, the left's against its left.
    const { left, right } = await halves(viewer, frame, id);
    if (view.startsWith('R')) expect(right, `${block} ${view}: chest wall on the right`).toBeGreaterThan(left * 1.3);
    else expect(left, `${block} ${view}: chest wall on the left`).toBeGreaterThan(right * 1.3);
  }
}

test('an MG study without a prior opens four-up: RCC LCC over RMLO LMLO, chest walls facing', async ({ page }) => {
  test.setTimeout(120_000);
  await logInAs(page, 'staff');
  const viewer = new ViewerPage(page);
  await viewer.goto(prior.examId, prior.branchId);
  const frame = await viewer.frame();
  await expect(frame.getByTestId('mammo-layout')).toBeVisible({ timeout: 30_000 });
  await expectHung(viewer, frame, 'current');
  await expect(frame.getByTestId('mammo-prior')).toHaveCount(0);
  // Stored the standard way: nothing to mirror.
  for (const view of VIEWS)
    await expect(frame.getByTestId(`mammo-current-${view}`)).toHaveAttribute('data-flip-h', 'false');
  // RCC above RMLO, LCC to the right of RCC.
  const rcc = (await frame.getByTestId('mammo-current-RCC').boundingBox())!;
  const lcc = (await frame.getByTestId('mammo-current-LCC').boundingBox())!;
  const rmlo = (await frame.getByTestId('mammo-current-RMLO').boundingBox())!;
  expect(lcc.x).toBeGreaterThan(rcc.x + rcc.width / 2);
  expect(rmlo.y).toBeGreaterThan(rcc.y + rcc.height / 2);
  // The views carry their markers too: the right breast's CC has the back (P) on the right.
  await expect(frame.getByTestId('mammo-current-RCC-pane').getByTestId('marker-right')).toHaveText('P');
  await page.screenshot({ path: screenshotPath('viewer-mammo-four-up') });
});

test('with a prior mammogram: the current four-up and the prior side by side, mirrored where stored the other way', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await logInAs(page, 'staff');
  const viewer = new ViewerPage(page);
  await viewer.goto(current.examId, current.branchId);
  const frame = await viewer.frame();
  await expect(frame.getByTestId('mammo-layout')).toBeVisible({ timeout: 30_000 });
  await expect(frame.getByTestId('mammo-prior')).toBeVisible({ timeout: 30_000 });
  await expectHung(viewer, frame, 'current');
  await expectHung(viewer, frame, 'prior');
  // The current's right-breast views were stored chest wall left: flipped to hang; the left's as stored.
  for (const view of VIEWS)
    await expect(frame.getByTestId(`mammo-current-${view}`)).toHaveAttribute(
      'data-flip-h',
      view.startsWith('R') ? 'true' : 'false',
    );
  await expect(frame.getByTestId('mammo-current-caption')).toContainText('ปัจจุบัน');
  await expect(frame.getByTestId('mammo-prior-caption')).toContainText('ครั้งก่อน');
  const cur = (await frame.getByTestId('mammo-current').boundingBox())!;
  const pri = (await frame.getByTestId('mammo-prior').boundingBox())!;
  expect(pri.x).toBeGreaterThanOrEqual(cur.x + cur.width - 1);
  expect(Math.abs(pri.y - cur.y)).toBeLessThan(2);
  await page.screenshot({ path: screenshotPath('viewer-mammo-prior') });

  // Reset keeps the hanging's mirroring; 'c' puts the prior away and back.
  await frame.getByTestId('mammo-current-RCC').click();
  await page.keyboard.press('h');
  await expect(frame.getByTestId('mammo-current-RCC')).toHaveAttribute('data-flip-h', 'false');
  await page.keyboard.press('0');
  await expect(frame.getByTestId('mammo-current-RCC')).toHaveAttribute('data-flip-h', 'true');
  await page.keyboard.press('c');
  await expect(frame.getByTestId('mammo-prior')).toHaveCount(0);
  await page.keyboard.press('c');
  await expect(frame.getByTestId('mammo-prior')).toBeVisible();
});
