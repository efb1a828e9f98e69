import { expect, test } from '@playwright/test';
import { patientApiAs, searchPatientsApi, type PatientAnswer } from '../pages/patient-api';
import { PatientFormPage } from '../pages/patient-form-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

interface HistoryRow {
  requestId: string;
  exams: { accessionNumber: string | null }[];
}

test('exam history tab: count in the label, rows linked as the permissions allow', async ({ page, baseURL }) => {
  const api = await patientApiAs(baseURL!);
  // A demo patient with requests in the staff user's branch, found through the worklist search.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
  const exams = (await (
    await api.post('/api/exam/search?page=1', { data: { examFromDate: '2000-01-01', examToDate: today } })
  ).json()) as { data: { rows: { hn: string }[] } };
  let patient: PatientAnswer | undefined;
  let history: HistoryRow[] = [];
  for (const hn of [...new Set(exams.data.rows.map((r) => r.hn).filter(Boolean))].slice(0, 25)) {
    [patient] = await searchPatientsApi(api, { hn });
    if (!patient) continue;
    history = ((await (await api.get(`/api/patient/${patient.patientId}/exam`)).json()) as { data: HistoryRow[] }).data;
    if (history.length) break;
  }
  expect(history.length, 'the demo seed has a patient with requests the staff user can see').toBeGreaterThan(0);
  await api.dispose();

  await logInAs(page, 'staff');
  const form = new PatientFormPage(page);
  await form.goto(patient!.patientId);
  await expect(form.tab(5)).toHaveText(`ประวัติการตรวจ (${history.reduce((n, r) => n + r.exams.length, 0)})`);
  await form.tab(5).click();
  await expect(page.getByTestId('exam-history-row')).toHaveCount(history.length);
  const accession = history.flatMap((r) => r.exams).find((e) => e.accessionNumber)?.accessionNumber;
  if (accession) await expect(page.locator(`a[href="/pacs#${encodeURIComponent(accession)}"]`).first()).toBeVisible();
  // Staff have REQUEST_EDIT and REQUEST_DOCUMENT: edit and upload links per request.
  const first = history[0]!;
  await expect(page.locator(`a[href="/request/edit/${first.requestId}"]`)).toBeVisible();
  await expect(page.locator(`a[href="/request/upload/${first.requestId}"]`)).toBeVisible();
  await page.evaluate(async () => document.fonts.ready);
  await page.screenshot({ path: screenshotPath('patient-form-history') });
});
