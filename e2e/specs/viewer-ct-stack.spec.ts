import { expect, test } from '@playwright/test';
import { generateCt, uidFrom } from '../../apps/server/src/seed/images/index';
import { patientApiAs } from '../pages/patient-api';
import { gridChange, ViewerPage } from '../pages/viewer-page';
import { examsWithoutImages, matchStudies, stow, type ExamRow } from '../pages/viewer-setup';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';
import { failOnCspViolations } from '../support/csp-violations';

failOnCspViolations();

const SLICES = 300;
let exam: ExamRow;
let seriesId: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(240_000);
  const api = await patientApiAs(baseURL!, 'staff');
  [, exam] = (await examsWithoutImages(api)) as [ExamRow, ExamRow];
  expect(exam, 'a second scheduled exam without images').toBeDefined();
  // A generated 300-slice 512×512 16-bit head CT (the phantom of the demo images), sent like a modality would.
  const studyInstanceUid = uidFrom(`viewer-e2e-${Date.now()}`);
  const slices = [
    ...generateCt({
      patient: { name: 'ทดสอบ^ซีที', id: 'VIEWER-CT' },
      study: {
        studyInstanceUid,
        accessionNumber: `VW${Date.now() % 1e8}`,
        date: '20261125',
        time: '090000',
        description: 'CT BRAIN',
      },
      slices: SLICES,
      size: 512,
      localizer: false,
    }),
  ].map((i) => i.bytes);
  for (let i = 0; i < slices.length; i += 100) await stow(api, slices.slice(i, i + 100));
  await matchStudies(api, [studyInstanceUid], exam.examId);
  const series = (
    (await (await api.get(`/api/exam/${exam.examId}/series`)).json()) as {
      data: { seriesId: string; frameNumber: number }[];
    }
  ).data;
  expect(series.map((s) => s.frameNumber)).toEqual([SLICES]);
  seriesId = series[0]!.seriesId;
  await api.dispose();
});

test('a 300-slice CT on the default path (CPU, as WebGL is software here): first image, the series streamed to 300/300, scroll by key, wheel and slider, W/L drag and presets, length in mm', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInAs(page, 'staff');
  // The stack comes in one WADO-RS series retrieve, not one WADO-URI request per slice (decision V14).
  const imageRequests = { wadoUri: 0, series: 0 };
  page.on('request', (r) => {
    if (r.url().includes('/dicomweb/wado?')) imageRequests.wadoUri += 1;
    else if (/\/dicomweb\/studies\/[0-9.]+\/series\/[0-9.]+\?/.test(r.url())) imageRequests.series += 1;
  });
  const viewer = new ViewerPage(page);
  await viewer.goto(exam.examId, exam.branchId);
  await expect(viewer.seriesItems()).toHaveCount(1);
  await expect(viewer.seriesItems().first()).toContainText(`${SLICES} ภาพ`);
  const frame = await viewer.frame();
  await viewer.waitForImage(frame);
  const first = await viewer.expectImageDrawn(frame, 'CT slice 1');
  await expect(frame.getByTestId('overlay-slice')).toContainText(`ภาพ 1/${SLICES}`);
  await expect(frame.getByTestId('overlay-patient')).toContainText('HN');
  await expect(frame.getByTestId('overlay-series')).toContainText('CT');
  await expect(frame.getByRole('toolbar')).toContainText(`โหลดแล้ว ${SLICES}/${SLICES} ภาพ`, { timeout: 60_000 });
  expect(imageRequests.series, 'one series retrieve').toBe(1);
  expect(imageRequests.wadoUri, 'per-image requests: the first slice only').toBeLessThanOrEqual(2);
  await expect(frame.locator('[data-rendering]')).toHaveAttribute('data-rendering', 'software-webgl');

  // Scrolling: keyboard, wheel, slider; the slice number follows.
  const viewport = frame.getByTestId('viewport');
  await viewport.focus();
  await page.keyboard.press('ArrowDown');
  await expect(viewport).toHaveAttribute('data-slice', '2');
  await page.keyboard.press('PageDown');
  await expect(viewport).toHaveAttribute('data-slice', '12');
  await expect(frame.getByTestId('overlay-slice')).toContainText(`ภาพ 12/${SLICES}`);
  await viewport.hover();
  await page.mouse.wheel(0, 300);
  await expect.poll(async () => Number(await viewport.getAttribute('data-slice'))).toBeGreaterThan(12);
  await page.keyboard.press('End');
  await expect(viewport).toHaveAttribute('data-slice', String(SLICES));
  await page.keyboard.press('Home');
  await expect(viewport).toHaveAttribute('data-slice', '1');
  const slider = frame.getByTestId('slice-slider').getByRole('slider');
  await slider.focus();
  await page.keyboard.press('ArrowDown');
  await expect(viewport).toHaveAttribute('data-slice', '2');
  await page.keyboard.press('End');
  await page.keyboard.press('Home');
  await viewport.focus();
  await page.keyboard.press('Home');
  // The middle of the head: the phantom's detail, for the W/L and measurement checks.
  for (let i = 0; i < 15; i++) await page.keyboard.press('PageDown');
  await expect(viewport).toHaveAttribute('data-slice', '151');
  const middle = await viewer.expectImageDrawn(frame, 'CT slice 151');
  expect(gridChange(first.grid, middle.grid), 'another slice draws other pixels').toBeGreaterThan(1);

  // W/L: a drag changes the pixels and the overlay; a preset sets the window exactly.
  await viewer.drag(frame, [0.5, 0.5], [150, -100]);
  const dragged = await viewer.stats(frame);
  expect(gridChange(middle.grid, dragged.grid), 'W/L drag changes the 8×8 brightness grid').toBeGreaterThan(3);
  await page.keyboard.press('1');
  await expect(frame.getByTestId('overlay-window')).toHaveText('W 80 / L 40');
  await page.keyboard.press('3');
  await expect(frame.getByTestId('overlay-window')).toHaveText('W 1500 / L -600');
  await page.keyboard.press('0');
  await expect(frame.getByTestId('overlay-window')).toHaveText('W 80 / L 40');

  // Length: drawn with the left button once chosen, labelled in mm from PixelSpacing.
  await frame.getByTestId('tool-length').click();
  await viewer.drag(frame, [0.4, 0.5], [200, 0]);
  await expect(viewport.locator('svg text').filter({ hasText: /mm/ }).first()).toBeVisible();
  const label = await viewport.locator('svg text').filter({ hasText: /mm/ }).first().textContent();
  expect(label).toMatch(/^ความยาว \d+(\.\d+)? mm$/);
  await page.keyboard.press('r');
  await viewer.drag(frame, [0.45, 0.35], [80, 60]);
  await expect(viewport.locator('svg text').filter({ hasText: /HU/ }).first()).toBeVisible();
  await page.keyboard.press('?');
  await expect(frame.getByTestId('shortcut-help')).toBeVisible();
  await page.screenshot({ path: screenshotPath('viewer-ct-help') });
  await page.keyboard.press('Escape');
  await page.screenshot({ path: screenshotPath('viewer-ct-measure') });

  // Cine plays through the stack.
  const before = Number(await viewport.getAttribute('data-slice'));
  await viewport.focus();
  await page.keyboard.press(' ');
  await expect
    .poll(async () => Number(await viewport.getAttribute('data-slice')), { timeout: 10_000 })
    .not.toBe(before);
  await page.keyboard.press(' ');
});

test('a series id of the exam is needed, and its own token: anything else is refused with a message, never a 500', async ({
  page,
  baseURL,
  request,
}) => {
  const api = await patientApiAs(baseURL!, 'staff');
  const token = (
    (await (await api.post(`/api/exam/${exam.examId}/token`, { data: {} })).json()) as { data: { token: string } }
  ).data.token;
  const [other] = (await examsWithoutImages(api)).filter((e) => e.examId !== exam.examId);
  const otherToken = (
    (await (await api.post(`/api/exam/${other!.examId}/token`, { data: {} })).json()) as { data: { token: string } }
  ).data.token;
  await api.dispose();

  const bad = '00000000-0000-4000-8000-000000000000';
  for (const [url, status] of [
    [`/api/exam/${exam.examId}/series/${seriesId}/instances?token=${token}`, 200],
    [`/api/exam/${exam.examId}/series/${bad}/instances?token=${token}`, 404],
    [`/api/exam/${exam.examId}/series/not-a-uuid/instances?token=${token}`, 400],
    [`/api/exam/${exam.examId}/series/${seriesId}/instances?token=${otherToken}`, 404],
    [`/api/exam/${exam.examId}/series/${seriesId}/instances?token=${'x'.repeat(40)}`, 401],
  ] as const)
    expect((await request.get(url)).status(), url).toBe(status);

  // Opened alone, without a session: the token does the work, and a bad link says so in Thai.
  await page.addInitScript(() => localStorage.setItem('rangsi.viewer.cpu', '1'));
  await page.goto(`/DicomViewer/${exam.examId}/${bad}/?token=${token}`);
  await expect(page.getByTestId('viewer-refused')).toContainText('ไม่พบ series นี้ในการตรวจ');
  await page.goto(`/DicomViewer/${exam.examId}/${seriesId}/?token=${otherToken}`);
  await expect(page.getByTestId('viewer-refused')).toContainText('ไม่พบ series นี้ในการตรวจ');
  await page.goto(`/DicomViewer/${exam.examId}/${seriesId}/?token=${'x'.repeat(40)}`);
  await expect(page.getByTestId('viewer-refused')).toContainText('ลิงก์ดูภาพหมดอายุ');
  await page.screenshot({ path: screenshotPath('viewer-refused') });
  await page.goto(`/DicomViewer/${exam.examId}/${seriesId}/?token=${token}`);
  await expect(page.getByTestId('viewport')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('overlay-slice')).toContainText(`ภาพ 1/${SLICES}`);
});

test("the first slice is on screen at once, rendered by the server in the viewer's place, until Cornerstone has drawn it (decision V15)", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const api = await patientApiAs(baseURL!, 'staff');
  const token = (
    (await (await api.post(`/api/exam/${exam.examId}/token`, { data: {} })).json()) as { data: { token: string } }
  ).data.token;
  await api.dispose();
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.addInitScript(() => localStorage.setItem('rangsi.viewer.cpu', '1'));
  // The viewer's Cornerstone chunk is held back, as on a slow link: the preview alone shows the slice meanwhile.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/viewer-workspace-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/DicomViewer/${exam.examId}/${seriesId}/?token=${token}`);
  const preview = page.locator('#rangsi-first-preview');
  await expect(preview).toBeVisible();
  await expect(page.getByTestId('viewport')).toHaveCount(0);
  const where = (await preview.boundingBox())!;
  const previewUrl = (await preview.getAttribute('src'))!;
  const viewer = new ViewerPage(page);
  const small = await viewer.imageGrid(page.mainFrame(), previewUrl, [256, 256]);
  expect(small.natural).toEqual([512, 512]);
  expect(small.sd, 'the preview is an image, not a blank').toBeGreaterThan(15);
  await page.screenshot({ path: screenshotPath('viewer-first-image-preview') });

  release();
  await viewer.expectImageDrawn(page.mainFrame(), 'CT slice 1 after the preview');
  await expect(preview).toHaveCount(0);
  // The viewer's element is where the preview was, and Cornerstone drew the same slice the same way.
  const box = (await page.getByTestId('viewport').boundingBox())!;
  for (const k of ['x', 'y', 'width', 'height'] as const)
    expect(Math.abs(box[k] - where[k]), `viewport ${k}`).toBeLessThanOrEqual(2);
  await page.screenshot({ path: screenshotPath('viewer-first-image-drawn') });
  const size = await page
    .getByTestId('viewport')
    .locator('canvas')
    .evaluate((c: HTMLCanvasElement) => [c.width, c.height] as [number, number]);
  const expected = await viewer.imageGrid(page.mainFrame(), previewUrl, size);
  const slice1 = await viewer.stats(page.mainFrame());
  const same = gridChange(expected.grid, slice1.grid);
  expect(same, 'the preview and Cornerstone show the same image').toBeLessThan(6);
  // Control: a slice further down differs from the preview by more.
  await page.getByTestId('viewport').focus();
  for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('overlay-slice')).toContainText(`ภาพ 41/${SLICES}`);
  expect(gridChange(expected.grid, (await viewer.stats(page.mainFrame())).grid)).toBeGreaterThan(same + 3);

  // A narrow window keeps the toolbar on one line (the image stays where the preview is put) and scrolls it sideways.
  await page.setViewportSize({ width: 760, height: 700 });
  await expect.poll(async () => (await page.getByTestId('viewport').boundingBox())!.width).toBeLessThan(760);
  expect(
    Math.abs((await page.getByTestId('viewport').boundingBox())!.y - where.y),
    'viewport top at 760 px',
  ).toBeLessThanOrEqual(2);
  const toolbar = page.getByRole('toolbar');
  expect(await toolbar.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await toolbar.hover();
  await page.mouse.wheel(0, 400);
  await expect.poll(() => toolbar.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expect(page.getByTestId('cmd-help')).toBeInViewport();
  await page.screenshot({ path: screenshotPath('viewer-narrow-toolbar') });
});
