import { expect, test, type Frame } from '@playwright/test';
import { patientApiAs } from '../pages/patient-api';
import { sendCt } from '../pages/viewer-ct';
import { gridChange, ViewerPage } from '../pages/viewer-page';
import { examsWithoutImages, type ExamRow } from '../pages/viewer-setup';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

// 64 axial slices of 2.5 mm (≥ 50: MPR allowed) after a one-image lateral localizer (MPR refused).
const CT = { slices: 64, size: 256, coverageMm: 160, localizer: true };
const PLANES = ['axial', 'sagittal', 'coronal'] as const;
let exam: ExamRow;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(240_000);
  const api = await patientApiAs(baseURL!, 'staff');
  // The last scheduled exam without images: the other viewer specs take the first ones.
  exam = (await examsWithoutImages(api)).at(-1)!;
  expect(exam, 'a scheduled exam without images').toBeDefined();
  expect((await sendCt(api, exam.examId, CT)).map((s) => s.frameNumber)).toEqual([1, CT.slices]);
  await api.dispose();
});

async function openAxialSeries(viewer: ViewerPage): Promise<Frame> {
  await viewer.goto(exam.examId, exam.branchId);
  await expect(viewer.seriesItems()).toHaveCount(2);
  await viewer.seriesItems().nth(1).click();
  await expect(viewer.page.getByTestId('viewer-frame')).toHaveAttribute('src', /DicomViewer\//);
  const frame = await viewer.frame();
  await viewer.waitForImage(frame);
  await expect(frame.getByTestId('overlay-slice')).toContainText(`ภาพ 1/${CT.slices}`);
  return frame;
}

test('MPR of a 64-slice CT on WebGL: three planes drawn, sagittal and coronal unlike the axial, crosshairs move the planes, back to the stack', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // WebGL here is software (SwiftShader), which the viewer would leave for the CPU path (decision V14): force it.
  await page.addInitScript(() => localStorage.setItem('rangsi.viewer.cpu', '0'));
  await logInAs(page, 'staff');
  const viewer = new ViewerPage(page);
  const frame = await openAxialSeries(viewer);
  await frame.getByTestId('viewport').focus();
  await page.keyboard.press('PageDown');
  await expect(frame.getByTestId('viewport')).toHaveAttribute('data-slice', '11');

  await expect(frame.getByTestId('cmd-mpr')).toBeEnabled();
  await frame.getByTestId('cmd-mpr').click();
  await expect(frame.getByTestId('mpr-layout')).toBeVisible();
  await expect(frame.getByTestId('mpr-axial')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(frame.getByRole('toolbar')).not.toContainText('กำลังสร้างภาพ MPR', { timeout: 60_000 });
  const stats = Object.fromEntries(
    await Promise.all(
      PLANES.map(async (p) => [p, await viewer.expectImageDrawn(frame, `MPR ${p}`, `mpr-${p}`)] as const),
    ),
  );
  expect(gridChange(stats.axial!.grid, stats.sagittal!.grid), 'sagittal differs from axial').toBeGreaterThan(5);
  expect(gridChange(stats.axial!.grid, stats.coronal!.grid), 'coronal differs from axial').toBeGreaterThan(5);
  // The head is taller than wide seen from above, longer than high seen from the side: the reformat is not an axial.
  const aspect = (p: 'axial' | 'sagittal') => stats[p]!.box!.w / stats[p]!.box!.h;
  expect(aspect('sagittal') / aspect('axial')).toBeGreaterThan(1.3);
  for (const p of PLANES) await expect(frame.getByTestId(`mpr-${p}-slice`)).toContainText('ภาพ');
  // Each plane carries its orientation markers: the patient's right on the screen's left; anterior (axial) or head up.
  const marks = (p: string) =>
    Promise.all(
      ['top', 'right', 'bottom', 'left'].map((side) =>
        frame.getByTestId(`mpr-${p}-pane`).getByTestId(`marker-${side}`).textContent(),
      ),
    );
  await expect.poll(() => marks('axial')).toEqual(['A', 'L', 'P', 'R']);
  await expect.poll(() => marks('coronal')).toEqual(['H', 'L', 'F', 'R']);
  await expect.poll(async () => (await marks('sagittal'))[0]).toBe('H');
  // It opens on the slice the stack showed, numbered as the stack numbers it.
  await expect(frame.getByTestId('mpr-axial')).toHaveAttribute('data-slice', '11');
  await expect(frame.getByTestId('mpr-axial-slice')).toHaveText(`ภาพ 11/${CT.slices}`);
  await page.screenshot({ path: screenshotPath('viewer-mpr') });

  // Crosshairs: a click in the axial plane moves the sagittal and coronal planes to that point.
  const sagittal = frame.getByTestId('mpr-sagittal');
  const coronal = frame.getByTestId('mpr-coronal');
  const before = { s: await sagittal.getAttribute('data-slice'), c: await coronal.getAttribute('data-slice') };
  const sagittalGrid = stats.sagittal!.grid;
  const box = (await frame.getByTestId('mpr-axial').boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.35, box.y + box.height * 0.3);
  await expect.poll(async () => sagittal.getAttribute('data-slice')).not.toBe(before.s);
  await expect.poll(async () => coronal.getAttribute('data-slice')).not.toBe(before.c);
  await expect
    .poll(async () => gridChange(sagittalGrid, (await viewer.stats(frame, 'mpr-sagittal')).grid))
    .toBeGreaterThan(1);
  // The wheel scrolls the plane under the pointer; a window preset applies to all three.
  const axial = frame.getByTestId('mpr-axial');
  const axialSlice = await axial.getAttribute('data-slice');
  await axial.hover();
  await page.mouse.wheel(0, 240);
  await expect.poll(async () => axial.getAttribute('data-slice')).not.toBe(axialSlice);
  await page.keyboard.press('6');
  await expect(frame.getByTestId('mpr-layout')).toContainText('W 1800 / L 400');
  await page.screenshot({ path: screenshotPath('viewer-mpr-crosshairs') });

  // M again: the stack, at the axial slice where MPR was left.
  const left = await axial.getAttribute('data-slice');
  expect(left).not.toBe('11');
  await page.keyboard.press('m');
  await expect(frame.getByTestId('mpr-layout')).toHaveCount(0);
  await expect(frame.getByTestId('viewport')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(frame.getByTestId('viewport')).toHaveAttribute('data-slice', left!);
  await viewer.expectImageDrawn(frame, 'stack after MPR');
});

test('MPR is disabled with the reason: a one-image series, and the CPU path chosen because WebGL is software', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInAs(page, 'staff');
  const viewer = new ViewerPage(page);
  await viewer.goto(exam.examId, exam.branchId);
  let frame = await viewer.frame();
  await viewer.waitForImage(frame);
  await expect(frame.getByTestId('cmd-mpr')).toBeDisabled();
  await frame.getByTestId('cmd-mpr-wrap').hover();
  await expect(frame.getByRole('tooltip')).toHaveText('MPR ต้องมีอย่างน้อย 50 ภาพในชุด');

  // The default on this machine: WebGL is software (SwiftShader), so the CPU path draws and MPR says why it is off.
  frame = await openAxialSeries(viewer);
  await expect(frame.locator('[data-rendering]')).toHaveAttribute('data-rendering', 'software-webgl');
  await expect(frame.getByTestId('cmd-mpr')).toBeDisabled();
  await frame.getByTestId('cmd-mpr-wrap').hover();
  await expect(frame.getByRole('tooltip')).toHaveText(
    'MPR ต้องใช้ WebGL บนการ์ดจอ (เครื่องนี้ไม่มี หรือ WebGL ทำงานแบบซอฟต์แวร์ หรือเลือกโหมด CPU ไว้)',
  );
  await page.screenshot({ path: screenshotPath('viewer-mpr-disabled') });
});
