import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { pdfText, ReportWindow, userIdOf } from '../pages/report-page';
import { apiSessionAs, bangkokDay, WorklistPage } from '../pages/worklist-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

// Issue 8 item 9: doctor1 accepts an exam, opens the report window, picks the CT brain template, edits, finishes;
// the PDF appears in the tab and pdftotext finds the Thai impression; an addendum makes version 2; an approver
// rejects (the reader sees why) then approves.

const IMPRESSION = 'ไม่พบเลือดออกในสมอง ไม่พบภาวะสมองขาดเลือดเฉียบพลัน แนะนำติดตามอาการทางคลินิก';
const ADDENDUM = 'เพิ่มเติม: เทียบกับภาพเดิมแล้ว ไม่พบการเปลี่ยนแปลง';

interface Row {
  examId: string;
  accessionNumber: string | null;
  status: string;
  modality: string;
  description: string;
  clientId: number | null;
  branchId: number;
  version: number;
}

/**
 * A CT brain exam of the last three days not yet assigned, of doctor1's busiest client (the worklist opens on that
 * client's tab), assigned to doctor1 by an administrator through the API.
 */
async function assignCtBrainToDoctor1(baseURL: string): Promise<Row> {
  const doctor = await apiSessionAs(baseURL, 'doctor1');
  const admin = await apiSessionAs(baseURL, 'admin');
  try {
    const doctorId = await userIdOf(doctor);
    const mine = (await (
      await doctor.post('/api/exam/search', { data: { examFromDate: bangkokDay(2), examToDate: bangkokDay(0) } })
    ).json()) as { data: { clients: { clientId: number }[] } };
    const clients = mine.data.clients.map((c) => c.clientId);
    const rows: Row[] = [];
    for (let page = 1; page <= 10; page++) {
      const answer = (await (
        await admin.post(`/api/exam/search?page=${page}`, {
          data: { examFromDate: bangkokDay(2), examToDate: bangkokDay(0), modalityCode: 'CT' },
        })
      ).json()) as { data: { rows: Row[] } };
      rows.push(...answer.data.rows);
      if (answer.data.rows.length < 50) break;
    }
    const candidates = rows.filter(
      (r) =>
        /brain|stroke/i.test(r.description) &&
        r.accessionNumber &&
        (r.status === 'Arrived' || r.status === 'Scheduled') &&
        r.clientId !== null &&
        clients.includes(r.clientId),
    );
    candidates.sort((a, b) => clients.indexOf(a.clientId!) - clients.indexOf(b.clientId!));
    const exam = candidates[0];
    expect(exam, 'the demo has an unassigned CT brain exam of a doctor1 client in the last three days').toBeDefined();
    const assigned = await admin.post(`/api/exam/${exam!.examId}/assign`, {
      data: { doctorId, message: 'e2e: ขอผลด่วน' },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);
    return ((await assigned.json()) as { data: Row }).data;
  } finally {
    await doctor.dispose();
    await admin.dispose();
  }
}

/** The staff approver's worklist: approve or reject the report of a row (spec §4 Audit), with the confirmation. */
async function auditReport(
  browser: Browser,
  accession: string,
  action: 'approveReport' | 'rejectReport',
  message?: string,
  critical = false,
): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await logInAs(page, 'staff');
    const worklist = new WorklistPage(page);
    await worklist.goto('/pacs');
    await worklist.searchAccession(accession);
    const row = worklist.row(accession);
    await expect(row.getByTestId('report-button')).toHaveAttribute('data-report-audit', 'WaitingForAudit');
    // The reader's critical-finding flag shows on the worklist row.
    await expect(row.getByTestId('critical-mark')).toHaveCount(critical ? 1 : 0);
    await worklist.rowAction(row, action);
    await expect(worklist.confirmDialog).toHaveAttribute('data-action', action);
    if (message) await page.locator('#exam-confirm-message').fill(message);
    await worklist.confirmDialog.getByTestId('confirm-yes').click();
    await expect(worklist.confirmDialog).toBeHidden();
    await expect(row.getByTestId('report-button')).toHaveAttribute(
      'data-report-audit',
      action === 'approveReport' ? 'Approved' : 'Rejected',
    );
  } finally {
    await context.close();
  }
}

async function reportOf(api: APIRequestContext, examId: string) {
  const res = await api.get(`/api/exam/${examId}/report/pacs`);
  expect(res.status()).toBe(200);
  return (
    (await res.json()) as { data: { finishedReports: { versionNo: number; kind: string; auditStatus: string }[] } }
  ).data;
}

test('doctor1 writes a CT brain report from a template, finishes it, corrects it with an addendum; the approver rejects then approves', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const exam = await assignCtBrainToDoctor1(baseURL!);
  const accession = exam.accessionNumber!;

  // From the worklist: the report button asks for acceptance first, then opens the report window.
  await logInAs(page, 'doctor1');
  const worklist = new WorklistPage(page);
  await worklist.goto('/pacs');
  await worklist.searchAccession(accession);
  const row = worklist.row(accession);
  await expect(row).toHaveAttribute('data-status', 'Assigned');
  await row.getByTestId('report-button').click();
  await expect(worklist.confirmDialog).toHaveAttribute('data-action', 'accept');
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    worklist.confirmDialog.getByTestId('confirm-yes').click(),
  ]);
  await expect(row).toHaveAttribute('data-status', 'Accepted');
  await expect(popup).toHaveURL(new RegExp(`/report/${exam.examId}\\?examBranchId=${exam.branchId}$`));

  const report = new ReportWindow(popup);
  await expect(report.editor).toBeVisible();
  await expect(report.tabs.first()).toHaveText('ผลอ่านรังสีวิทยา (Report)');
  await expect(popup.getByTestId('report-accession')).toContainText(accession);

  // The CT brain template fills the form; the reader edits it.
  await report.pickTemplate('CT Brain ปกติ (ภาษาไทย)');
  await expect(report.field('findings')).toHaveValue(/ไม่พบเลือดออกในสมอง/);
  await report.field('clinicalInformation').fill('ปวดศีรษะรุนแรงเฉียบพลัน 3 ชั่วโมง <b>R/O</b> SAH');
  await report.field('impression').fill(IMPRESSION);
  await report.critical.check();
  await report.expectSaved();
  await popup.screenshot({ path: screenshotPath('report-editor') });

  // Preview: POST /ReportViewer/pacs (the engine's form) prints the draft in a new window, marked as a draft.
  const answered = popup
    .context()
    .waitForEvent('response', (r) => r.url().endsWith('/ReportViewer/pacs') && r.request().method() === 'POST');
  const [preview] = await Promise.all([popup.context().waitForEvent('page'), report.previewButton.click()]);
  const previewAnswer = await answered;
  expect(previewAnswer.status()).toBe(200);
  expect(previewAnswer.headers()['content-type']).toContain('application/pdf');
  await preview.close();

  // A reload keeps the draft (autosave).
  await popup.reload();
  await expect(report.field('impression')).toHaveValue(IMPRESSION);
  await expect(report.critical).toBeChecked();

  await report.finish();
  await expect(report.finishedVersion(1)).toHaveAttribute('data-kind', 'final');
  await expect(report.pdfFrame).toHaveAttribute('src', new RegExp(`/ReportViewer/finishedReport/${exam.examId}/`));
  await report.expectPdfShown();
  await popup.screenshot({ path: screenshotPath('report-finished-pdf') });
  const v1 = pdfText(await report.downloadPdf());
  expect(v1).toContain(IMPRESSION);
  expect(v1).toContain(accession);
  expect(v1).toContain('<b>R/O</b> SAH');
  expect(v1).toContain('FINAL');
  expect(v1).toContain('CRITICAL FINDING');

  // The approver rejects with a reason; the reader sees it and corrects the report with an addendum.
  await auditReport(browser, accession, 'rejectReport', 'กรุณาระบุว่าเปรียบเทียบกับภาพเดิมหรือไม่', true);
  await popup.reload();
  await expect(report.rejectedBanner).toContainText('กรุณาระบุว่าเปรียบเทียบกับภาพเดิมหรือไม่');
  await expect(report.editor).toBeVisible();
  await expect(report.field('addendum')).toBeVisible();
  await expect(report.field('impression')).toHaveValue(IMPRESSION);
  await popup.screenshot({ path: screenshotPath('report-rejected-addendum') });
  await expect(report.critical).toBeChecked();
  await report.field('addendum').fill(ADDENDUM);
  await report.finish();
  await expect(report.finishedReports).toHaveCount(2);
  await expect(report.finishedVersion(2)).toHaveAttribute('data-kind', 'addendum');
  await expect(report.finishedVersion(1)).toBeVisible();
  expect(pdfText(await report.downloadPdf())).toContain(ADDENDUM);

  await auditReport(browser, accession, 'approveReport', undefined, true);
  const api = popup.request;
  const data = await reportOf(api, exam.examId);
  expect(data.finishedReports.map((f) => [f.versionNo, f.kind, f.auditStatus])).toEqual([
    [2, 'addendum', 'Approved'],
    [1, 'final', 'Rejected'],
  ]);
  await popup.reload();
  await expect(report.finishedVersion(2).getByTestId('report-audit-chip')).toHaveAttribute('data-audit', 'Approved');
  await report.expectPdfShown();
  await popup.screenshot({ path: screenshotPath('report-approved') });
});
