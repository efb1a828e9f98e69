import { expect, test } from '@playwright/test';
import { ReportWindow, userIdOf } from '../pages/report-page';
import { apiSessionAs } from '../pages/worklist-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

// Spec §5 and the worklist's data scope, on the server and in the window: doctor2 cannot open doctor1's report;
// a hospital user reads their hospital's report without a form.

interface Row {
  examId: string;
  branchId: number;
  reviewerId: string | null;
  reportCount: number;
  status: string;
  clientId: number | null;
}

async function completedOf(baseURL: string, username: string): Promise<Row> {
  const api = await apiSessionAs(baseURL, username);
  try {
    const me = await userIdOf(api);
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const res = await api.post('/api/exam/search', { data: { examFromDate: '2000-01-01', examToDate: weekAgo } });
    const rows = ((await res.json()) as { data: { rows: Row[] } }).data.rows;
    const exam = rows.find((r) => r.reviewerId === me && r.reportCount > 0);
    expect(exam, `${username} has a reported exam`).toBeDefined();
    return exam!;
  } finally {
    await api.dispose();
  }
}

test("doctor2 cannot open doctor1's report, in the window or through the API", async ({ page, baseURL }) => {
  const exam = await completedOf(baseURL!, 'doctor1');
  const doctor1 = await apiSessionAs(baseURL!, 'doctor1');
  const finished = (
    (await (await doctor1.get(`/api/exam/${exam.examId}/report/pacs`)).json()) as {
      data: { finishedReports: { pdfUrl: string }[] };
    }
  ).data.finishedReports[0]!;
  expect((await doctor1.get(finished.pdfUrl)).status()).toBe(200);
  await doctor1.dispose();

  const doctor2 = await apiSessionAs(baseURL!, 'doctor2');
  expect((await doctor2.get(`/api/exam/${exam.examId}/report/pacs`)).status()).toBe(404);
  expect((await doctor2.get(finished.pdfUrl)).status()).toBe(404);
  expect(
    (
      await doctor2.put(`/api/exam/${exam.examId}/report/pacs/draft`, {
        data: { content: { impression: 'x' }, version: 0 },
      })
    ).status(),
  ).toBe(404);
  await doctor2.dispose();

  await logInAs(page, 'doctor2');
  await page.goto(`/report/${exam.examId}?examBranchId=${exam.branchId}`);
  const report = new ReportWindow(page);
  await expect(report.error).toBeVisible();
  await expect(report.error).toHaveAttribute('data-status', '404');
  await expect(report.error).toContainText('ไม่พบรายการตรวจนี้');
  await expect(report.editor).toHaveCount(0);
  await expect(report.finishedReports).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('report-doctor2-refused') });
});

test("a hospital user reads their hospital's report, read-only, also by its named route", async ({ page, baseURL }) => {
  const api = await apiSessionAs(baseURL!, 'hospital');
  // A week back: older exams are the finished ones.
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const res = await api.post('/api/exam/search', { data: { examFromDate: '2000-01-01', examToDate: weekAgo } });
  const exam = ((await res.json()) as { data: { rows: Row[] } }).data.rows.find(
    (r) => r.reportCount > 0 && r.status === 'Completed',
  );
  expect(exam).toBeDefined();
  await api.dispose();

  await logInAs(page, 'hospital');
  await page.goto(`/report/${exam!.examId}?examBranchId=${exam!.branchId}`);
  const report = new ReportWindow(page);
  await expect(report.finishedView).toBeVisible();
  await expect(report.editor).toHaveCount(0);
  await expect(report.newEntry).toHaveCount(0);
  await expect(page.getByTestId('report-read-only')).toBeVisible();
  // The named route shows the same report with its tab selected.
  await page.goto(`/report/${exam!.examId}/pacs?examBranchId=${exam!.branchId}`);
  await expect(report.tabs.first()).toHaveAttribute('aria-selected', 'true');
  await expect(report.finishedView).toBeVisible();
  await report.expectPdfShown();
  await page.screenshot({ path: screenshotPath('report-hospital-read-only') });
});
