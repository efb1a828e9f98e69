import { expect, test } from '@playwright/test';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startBranchCacheSimulator } from '../../apps/simulators/src/branch-cache-simulator';
import { patientApiAs } from '../pages/patient-api';
import { ViewerPage } from '../pages/viewer-page';
import {
  examsWithoutImages,
  freshCopy,
  matchStudies,
  searchExams,
  stow,
  studyUidOf,
  type ExamRow,
} from '../pages/viewer-setup';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

test('an archived exam is unzipped before its series are listed (spec §4 Zip)', async ({ page, baseURL }) => {
  // The administrator sees every branch: the seed archives a few old completed exams somewhere.
  const api = await patientApiAs(baseURL!, 'admin');
  let exam: ExamRow | undefined;
  // Old finished exams are the archived ones (the seed archives some older than 20 days).
  const old = new Date(Date.now() - 21 * 86_400_000).toISOString().slice(0, 10);
  for (let p = 1; p <= 40 && !exam; p++)
    exam = (await searchExams(api, { examToDate: old }, p)).find((e) => e.zipStatus === 'Archive');
  expect(exam, 'the demo seed has an archived exam').toBeDefined();

  await logInAs(page, 'admin');
  const unzip = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith(`/api/exam/${exam!.examId}/unzip`),
  );
  await page.goto(`/viewer/${exam!.examId}?examBranchId=${exam!.branchId}`);
  await unzip;
  await expect(page.getByTestId('unzip-progress')).toHaveCount(0, { timeout: 30_000 });
  const after = (await searchExams(api, { accessionNumber: exam!.accessionNumber })).find(
    (e) => e.examId === exam!.examId,
  );
  expect(after?.zipStatus).toBe('Uploaded');
  await api.dispose();
});

test.describe('branch image cache (spec §7, §8)', () => {
  // The server's CSP lets the browser call and frame each branch's configured cache (a routes test in
  // security-headers.routes.test.ts shows it); here the cache is the simulator only through the rewritten series
  // answer below, so the server cannot name it: the page's CSP is set aside for these tests.
  test.use({ bypassCSP: true });
  let cache: Server;
  let cacheUrl: string;
  let exam: ExamRow;

  test.beforeAll(async ({ baseURL }) => {
    cache = await startBranchCacheSimulator(0);
    cacheUrl = `http://127.0.0.1:${(cache.address() as AddressInfo).port}/`;
    const api = await patientApiAs(baseURL!, 'staff');
    [, , exam] = (await examsWithoutImages(api)) as [ExamRow, ExamRow, ExamRow];
    const ct = freshCopy('CT_small.dcm');
    await stow(api, [ct]);
    await matchStudies(api, [studyUidOf(ct)], exam.examId);
    await api.dispose();
  });
  test.afterAll(() => {
    cache.closeAllConnections();
    cache.close();
  });

  const setCache = (state: Record<string, unknown>) =>
    fetch(`${cacheUrl}__sim/state`, { method: 'POST', body: JSON.stringify({ reset: true, ...state }) });

  async function openWithCache(page: import('@playwright/test').Page) {
    // The branch's imageCacheUrl has no admin screen yet; the server's part (series carry it) is an API test.
    // Here the series answer names the simulator, so the browser's real probe (CORS, time-out) is what is tested.
    await page.route(`**/api/exam/${exam.examId}/series`, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: { branchCacheUrl: string | null }[] };
      for (const s of body.data) s.branchCacheUrl = cacheUrl;
      await route.fulfill({ response: res, json: body });
    });
    await logInAs(page, 'staff');
    await new ViewerPage(page).goto(exam.examId, exam.branchId);
    return page.getByTestId('viewer-frame');
  }

  test('a cache that holds the series is used for the frame', async ({ page }) => {
    await setCache({});
    const frame = await openWithCache(page);
    await expect(frame).toHaveAttribute(
      'src',
      new RegExp(`^${cacheUrl}DicomViewer/${exam.examId}/[0-9a-f-]+/[0-9%C.-]*\\?token=`),
    );
    const asked = ((await (await fetch(`${cacheUrl}__sim/state`)).json()) as { requests: string[] }).requests;
    expect(asked[0]).toBe('/features');
    expect(asked[1]).toMatch(/^\/check\/[0-9a-f-]+\/[0-9a-f-]+\/[0-9%C.-]*$/);
  });

  test('a slow cache is given up after 777 ms and Rangsi serves the frame', async ({ page }) => {
    await setCache({ delayMs: 5000 });
    const frame = await openWithCache(page);
    const started = Date.now();
    await expect(frame).toHaveAttribute('src', new RegExp(`^/DicomViewer/${exam.examId}/`), { timeout: 4000 });
    expect(Date.now() - started).toBeLessThan(3000);
    const viewer = new ViewerPage(page);
    const f = await viewer.frame();
    await viewer.waitForImage(f);
    await page.screenshot({ path: screenshotPath('viewer-cache-fallback') });
  });

  test('a cache that is down or lacks BRANCH_CACHE is not used', async ({ page }) => {
    await setCache({ down: true });
    await expect(await openWithCache(page)).toHaveAttribute('src', new RegExp(`^/DicomViewer/${exam.examId}/`));
    await setCache({ features: 'PATIENT_HN_IMPORT' });
    await page.reload();
    await expect(page.getByTestId('viewer-frame')).toHaveAttribute('src', new RegExp(`^/DicomViewer/${exam.examId}/`));
  });
});
