import { expect, test } from '@playwright/test';
import { GATEWAY_SIM_URL } from '../pages/patient-simulators';
import { ReportWindow, userIdOf } from '../pages/report-page';
import { apiSessionAs } from '../pages/worklist-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

// Spec §7 Reports: POST /api/exam/{examId}/report/{id}/ping-gateway from the report window; the hospital gateway
// (simulator) receives the finished version as HL7 ORU^R01 (decisions G1–G4).

interface Row {
  examId: string;
  branchId: number;
  accessionNumber: string | null;
  reviewerId: string | null;
  reportCount: number;
  status: string;
  reportAuditStatus: string;
}

test('a released finished report is sent to the hospital gateway from the report window', async ({
  page,
  baseURL,
  request,
}) => {
  const api = await apiSessionAs(baseURL!, 'doctor1');
  const me = await userIdOf(api);
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const rows = (
    (await (
      await api.post('/api/exam/search', { data: { examFromDate: '2000-01-01', examToDate: weekAgo } })
    ).json()) as { data: { rows: Row[] } }
  ).data.rows;
  const exam = rows.find(
    (r) =>
      r.reviewerId === me &&
      r.status === 'Completed' &&
      r.reportCount > 0 &&
      r.accessionNumber &&
      (r.reportAuditStatus === '' || r.reportAuditStatus === 'Approved'),
  );
  expect(exam, 'doctor1 has a released report').toBeDefined();
  await api.dispose();
  const before = ((await (await request.get(`${GATEWAY_SIM_URL}/__sim/state`)).json()) as { received: unknown[] })
    .received.length;

  await logInAs(page, 'doctor1');
  await page.goto(`/report/${exam!.examId}?examBranchId=${exam!.branchId}`);
  const report = new ReportWindow(page);
  await expect(report.finishedView).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('report-gateway-send').click();
  await expect(page.getByTestId('report-gateway-sent')).toHaveText('ส่งผลไปโรงพยาบาลแล้ว');
  const received = (
    (await (await request.get(`${GATEWAY_SIM_URL}/__sim/state`)).json()) as {
      received: { accessionNumber: string; sendingApplication: string; ack: string }[];
    }
  ).received;
  expect(received.length).toBe(before + 1);
  expect(received.at(-1)).toMatchObject({
    accessionNumber: exam!.accessionNumber,
    sendingApplication: 'RANGSI',
    ack: 'AA',
  });
  await page.screenshot({ path: screenshotPath('report-gateway-sent') });
});
