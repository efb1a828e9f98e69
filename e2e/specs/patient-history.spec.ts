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

interface LinkedRow {
  requestId: string;
  allowToClickInvoice: boolean;
  status: string;
  paidBillingId: string | null;
  latestBillingId: string | null;
  exams: { examId: string; accessionNumber: string | null; status: number; branchId: number }[];
}

test('exam history links open their screens with content (spec §2 Patient screens)', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  // The Administrator holds every permission the links need, BILLING included.
  const api = await patientApiAs(baseURL!, 'admin');
  const search = (await (
    await api.post('/api/request/search', { data: { startDate: '2000-01-01', endDate: '2100-01-01' } })
  ).json()) as { data: { rows: { patientInfo: { patientId: string } }[] } };
  let patientId: string | undefined;
  let rows: LinkedRow[] = [];
  for (const id of [...new Set(search.data.rows.map((r) => r.patientInfo.patientId))].slice(0, 60)) {
    rows = ((await (await api.get(`/api/patient/${id}/exam`)).json()) as { data: LinkedRow[] }).data;
    const billed = rows.some((r) => r.latestBillingId);
    const reported = rows.some((r) => r.exams.some((e) => (e.status & 16) === 16));
    if (billed && reported && rows.some((r) => r.allowToClickInvoice && r.status !== 'Hold')) {
      patientId = id;
      break;
    }
  }
  expect(patientId, 'the demo seed has a patient with a billed request and a finished report').toBeDefined();
  await api.dispose();
  const billed = rows.find((r) => r.latestBillingId)!;
  const billingId = billed.paidBillingId ?? billed.latestBillingId!;
  const invoiced = rows.find((r) => r.allowToClickInvoice && r.status !== 'Hold')!;
  const reported = rows.flatMap((r) => r.exams).find((e) => (e.status & 16) === 16)!;
  const imaged = rows.flatMap((r) => r.exams).find((e) => (e.status & 4) === 4 && e.accessionNumber)!;
  const first = rows[0]!;

  await logInAs(page, 'admin');
  const form = new PatientFormPage(page);
  const openHistory = async () => {
    await form.goto(patientId!);
    await form.tab(5).click();
    await expect(page.getByTestId('exam-history-table')).toBeVisible();
  };
  /** A link that opens a new window: the window's page once it shows `text`. */
  const inNewWindow = async (href: string, text: string | RegExp) => {
    const opened = page.context().waitForEvent('page');
    await page.locator(`a[href="${href}"]`).first().click();
    const win = await opened;
    await expect(win.getByText(text).first()).toBeVisible({ timeout: 20_000 });
    await win.close();
  };

  await openHistory();
  await page.evaluate(async () => document.fonts.ready);
  await page.screenshot({ path: screenshotPath('patient-history-links-admin') });
  // The billing statement the request is in (decision WS35), in a new window.
  await inNewWindow(`/billing_report/${billingId}`, 'ใบวางบิล');
  await inNewWindow(`/accounting_report/${invoiced.requestId}`, 'ใบแจ้งค่าบริการตรวจ');
  await inNewWindow(`/reportviewer/${invoiced.requestId}/sticker`, 'สติกเกอร์');
  await inNewWindow(`/report/${reported.examId}?examBranchId=${reported.branchId}`, reported.accessionNumber!);
  await inNewWindow(`/viewer/${imaged.examId}?examBranchId=${imaged.branchId}`, 'Series');

  // In the same window: the worklist highlighting the accession, the request form, its documents.
  await page
    .locator(`a[href="/pacs#${encodeURIComponent(imaged.accessionNumber!)}"]`)
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/pacs#${imaged.accessionNumber}$`));
  await expect(page.getByRole('row').filter({ hasText: imaged.accessionNumber! }).first()).toBeVisible();
  await openHistory();
  await page.locator(`a[href="/request/edit/${first.requestId}"]`).click();
  await expect(page.getByRole('heading', { name: 'แก้ไขใบส่งตรวจ' })).toBeVisible();
  await expect(page.getByTestId('request-submit')).toBeVisible();
  await openHistory();
  await page.locator(`a[href="/request/upload/${first.requestId}"]`).click();
  await expect(page.getByTestId('request-documents')).toBeVisible();
});

test('exam history: branch staff without BILLING see no billing statement link', async ({ page, baseURL }) => {
  const api = await patientApiAs(baseURL!, 'staff');
  const search = (await (
    await api.post('/api/request/search', { data: { startDate: '2000-01-01', endDate: '2100-01-01' } })
  ).json()) as { data: { rows: { patientInfo: { patientId: string } }[] } };
  let patientId: string | undefined;
  for (const id of [...new Set(search.data.rows.map((r) => r.patientInfo.patientId))].slice(0, 60)) {
    const rows = ((await (await api.get(`/api/patient/${id}/exam`)).json()) as { data: LinkedRow[] }).data;
    if (rows.some((r) => r.latestBillingId)) {
      patientId = id;
      break;
    }
  }
  expect(patientId, 'the demo seed has a billed request in the staff branch').toBeDefined();
  await api.dispose();
  await logInAs(page, 'staff');
  const form = new PatientFormPage(page);
  await form.goto(patientId!);
  await form.tab(5).click();
  await expect(page.getByTestId('exam-history-row').first()).toBeVisible();
  await expect(page.locator('a[href^="/accounting_report/"]').first()).toBeVisible();
  await expect(page.locator('a[href^="/billing_report/"]')).toHaveCount(0);
});
