import { expect, request, test } from '@playwright/test';
import { patientApiAs, searchPatientsApi, type PatientAnswer } from '../pages/patient-api';
import { PatientFormPage } from '../pages/patient-form-page';
import { logInAs } from '../support/log-in';

interface HistoryRow {
  exams: { examId: string; status: number }[];
}

const IMAGES = 4;

test('exam history: the DICOM viewer link opens Weasis on a manifest URL carrying an exam token', async ({
  page,
  baseURL,
}) => {
  const api = await patientApiAs(baseURL!);
  // A demo patient of the staff user's branch with an exam that has images (status bit 4), found through the worklist.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
  const exams = (await (
    await api.post('/api/exam/search?page=1', { data: { examFromDate: '2000-01-01', examToDate: today } })
  ).json()) as { data: { rows: { hn: string }[] } };
  let patient: PatientAnswer | undefined;
  let examId: string | undefined;
  for (const hn of [...new Set(exams.data.rows.map((r) => r.hn).filter(Boolean))].slice(0, 40)) {
    [patient] = await searchPatientsApi(api, { hn });
    if (!patient) continue;
    const history = ((await (await api.get(`/api/patient/${patient.patientId}/exam`)).json()) as { data: HistoryRow[] })
      .data;
    examId = history.flatMap((r) => r.exams).find((e) => (e.status & IMAGES) === IMAGES)?.examId;
    if (examId) break;
  }
  expect(examId, 'the demo seed has a patient of branch RS1 with images').toBeDefined();
  await api.dispose();

  // The operating system's weasis:// handler stands in for Weasis: record what the page hands it.
  await page.addInitScript(() => {
    const launches: string[] = [];
    (window as unknown as { weasisLaunches: string[] }).weasisLaunches = launches;
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function patched(this: HTMLAnchorElement) {
      if (this.href.startsWith('weasis:')) launches.push(this.href);
      else click.call(this);
    };
  });
  await logInAs(page, 'staff');
  const form = new PatientFormPage(page);
  await form.goto(patient!.patientId);
  await form.tab(5).click();
  const token = page.waitForResponse(
    (r) => r.url().endsWith(`/api/exam/${examId}/token`) && r.request().method() === 'POST',
  );
  await page.locator(`[data-testid="weasis-launch"][data-exam-id="${examId}"]`).click();
  const issued = ((await (await token).json()) as { data: { token: string } }).data.token;

  await expect
    .poll(() => page.evaluate(() => (window as unknown as { weasisLaunches: string[] }).weasisLaunches.length))
    .toBe(1);
  const launch = await page.evaluate(() => (window as unknown as { weasisLaunches: string[] }).weasisLaunches[0]!);
  const manifestUrl = `${new URL(baseURL!).origin}/weasis/${examId}?token=${issued}`;
  expect(launch).toBe(`weasis://${encodeURIComponent(`$dicom:get -w "${manifestUrl}"`).replace(/%20/g, '+')}`);

  // Weasis fetches the manifest without the browser's cookie: the token alone opens it.
  const weasis = await request.newContext();
  const manifest = await weasis.get(manifestUrl);
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['content-type']).toContain('application/xml');
  const xml = await manifest.text();
  expect(xml).toContain('xmlns="http://www.weasis.org/xsd/2.5"');
  expect(xml).toContain(`baseUrl="${new URL(baseURL!).origin}/dicomweb/wado"`);
  expect(xml).toContain(`additionnalParameters="&amp;token=${issued}"`);
  await weasis.dispose();
});
