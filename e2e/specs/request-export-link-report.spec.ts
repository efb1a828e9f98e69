import { expect, test } from '@playwright/test';
import { patientApiAs, searchPatientsApi } from '../pages/patient-api';
import { pdfText } from '../pages/report-page';
import { searchExams } from '../pages/worklist-page';
import { screenshotPath } from '../support/artifacts';

// Issue 7 item 6: the public film link page shows the exam's report without login (the released version, as a PDF
// by a signed address), after its PIN.

test('a film link shows the released report of its exam to a browser without a session, after the PIN', async ({
  browser,
  baseURL,
}) => {
  const api = await patientApiAs(baseURL!, 'staff');
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const { rows } = await searchExams(api, { examFromDate: '2000-01-01', examToDate: weekAgo });
  const exam = rows.find(
    (r) =>
      r.status === 'Completed' &&
      r.reportCount > 0 &&
      r.accessionNumber &&
      (r.reportAuditStatus === '' || r.reportAuditStatus === 'Approved'),
  );
  expect(exam, 'a completed exam with a released report').toBeDefined();
  const [patient] = await searchPatientsApi(api, { hn: exam!.hn });
  const history = (
    (await (await api.get(`/api/patient/${patient!.patientId}/exam`)).json()) as {
      data: { requestId: string; exams: { examId: string }[] }[];
    }
  ).data;
  const requestId = history.find((r) => r.exams.some((e) => e.examId === exam!.examId))!.requestId;
  const link = (
    (await (await api.post(`/api/request/link/${requestId}`, { data: { pin: '2468' } })).json()) as {
      data: { linkHostUrl: string };
    }
  ).data;
  await api.dispose();

  const fresh = await browser.newContext();
  const outsider = await fresh.newPage();
  await outsider.goto(link.linkHostUrl);
  await outsider.getByTestId('public-link-pin').fill('2468');
  await outsider.getByTestId('public-link-open').click();
  const card = outsider.getByTestId('public-link-exam').filter({ hasText: exam!.accessionNumber! });
  const report = card.getByTestId('public-link-report');
  await expect(report).toBeVisible();
  await outsider.screenshot({ path: screenshotPath('request-public-link-report') });
  const href = await report.getAttribute('href');
  const pdf = await fresh.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdfText(await pdf.body())).toContain(exam!.accessionNumber!);
  await fresh.close();
});
