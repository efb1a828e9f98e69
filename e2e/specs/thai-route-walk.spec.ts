import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';
import { apiSessionAs, bangkokDay, searchExams, WorklistPage, type ExamRow } from '../pages/worklist-page';

/**
 * Issue 26 item 9: in Thai mode every screen speaks Thai. Walks every route of apps/web/src/app/router.tsx (the viewer
 * windows aside: they show DICOM text) as admin, staff and doctor1, and fails on an i18n key shown as text (or one
 * i18next reported missing) or an internal code on screen.
 */

const th = JSON.parse(readFileSync(new URL('../../apps/web/src/i18n/th.json', import.meta.url), 'utf8')) as object;
const NAMESPACES = Object.keys(th).join('|');
/** An i18n key path on screen, e.g. request.form.xyz: i18next shows the key when it has no text for it. */
const KEY_PATH = new RegExp(`\\b(?:${NAMESPACES})\\.[a-zA-Z][\\w]*(?:\\.[\\w]+)*\\b`);
/** snake_case codes (report names like branch_report_daily); e-mail-like and file-like text is taken out first. */
const SNAKE = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/;
/** camelCase codes (exam events like requestEdited, enum names like WaitingForAudit). */
const CAMEL = /\b(?:[a-z]+|[A-Z][a-z]+)(?:[A-Z][a-z]+)+\b/;
/** English words the product has Thai for: on a Thai screen only beside the Thai, in brackets. */
const ENGLISH_CODES = [
  'Scheduled',
  'Arrived',
  'Assigned',
  'Accepted',
  'Completed',
  'Active',
  'Sucess',
  'Request for exam',
  'Edit request',
  'Edit by',
  'Export Film',
  'pacs',
];
/** Things that only look like codes: words of the product and the DICOM names the spec keeps in English. */
const ALLOWED = new Set(['PowerPoint', 'JavaScript', 'iPhone', 'iPad', 'eGFR', 'QRCode', 'LineNotify']);

interface Found {
  route: string;
  what: string;
}

async function screenText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.title, document.body.innerText];
    for (const el of Array.from(document.querySelectorAll('[placeholder],[title],[aria-label]'))) {
      for (const a of ['placeholder', 'title', 'aria-label']) {
        const v = el.getAttribute(a);
        if (v) parts.push(v);
      }
    }
    return parts.join('\n');
  });
}

function problemsIn(route: string, text: string): Found[] {
  const found: Found[] = [];
  const add = (what: string) => found.push({ route, what });
  // Addresses, e-mails, file names, browsers' user agents (the audit log) and API credentials' key ids (the Basic
  // username a PACS is configured with) are data, not codes.
  const plain = text
    .replace(/Mozilla\/5\.0[^\n]*/g, ' ')
    .replace(/\brgs_[0-9a-f]{16}\b/g, ' ')
    .replace(/\S+@\S+|https?:\/\/\S+|\/[\w./-]+|[\w-]+\.(?:pdf|jpg|jpeg|png|dcm|zip|docx?)\b/gi, ' ');
  const key = KEY_PATH.exec(plain);
  if (key) add(`key ${key[0]}`);
  for (const m of plain.matchAll(new RegExp(SNAKE, 'g'))) add(`snake_case ${m[0]}`);
  for (const m of plain.matchAll(new RegExp(CAMEL, 'g'))) if (!ALLOWED.has(m[0])) add(`camelCase ${m[0]}`);
  // The spec's English labels stand beside the Thai in brackets: what is left outside brackets must not be a code.
  const outside = plain.replace(/\([^()]*\)/g, ' ');
  for (const code of ENGLISH_CODES) if (new RegExp(`(^|[^A-Za-z])${code}([^A-Za-z]|$)`).test(outside)) add(code);
  return found;
}

async function check(page: Page, route: string, found: Found[]): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Lazy chunks and queries: the spinner goes before the screen is read.
  await expect(page.getByTestId('page-spinner'), route).toHaveCount(0);
  found.push(...problemsIn(route, await screenText(page)));
  // No date field shows the English pattern in Thai mode, and no time field leaves the format to the browser.
  const placeholders = await page
    .locator('input[placeholder]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('placeholder')));
  for (const p of placeholders) if (p && /dd-MM-yyyy|HH:mm/.test(p)) found.push({ route, what: `placeholder ${p}` });
  if ((await page.locator('input[type="time"]').count()) > 0) found.push({ route, what: 'input type=time' });
  const missing = await page.evaluate(() => (window as { __i18nMissing?: string[] }).__i18nMissing ?? []);
  for (const k of missing) found.push({ route, what: `missing key ${k}` });
}

async function visit(page: Page, route: string, found: Found[], shot?: string): Promise<void> {
  await page.goto(route);
  await check(page, route, found);
  if (shot) await page.screenshot({ path: screenshotPath(shot) });
}

interface Ids {
  patientId: string;
  requestId: string;
  exam: ExamRow & { branchId: number };
  linkId: string;
}

async function demoIds(api: APIRequestContext): Promise<Ids> {
  const found = await api.post('/api/request/search', { data: { startDate: bangkokDay(30), endDate: bangkokDay(0) } });
  const rows = ((await found.json()) as { data: { rows: { requestId: string; patientInfo: { patientId: string } }[] } })
    .data.rows;
  const rq = rows[0]!;
  const exams = await searchExams(api, { examFromDate: '2000-01-01', examToDate: bangkokDay(7) });
  const exam = exams.rows.find((r) => r.reportCount > 0 && r.status === 'Completed') as ExamRow & { branchId: number };
  const link = await api.post(`/api/request/link/${rq.requestId}`, { data: {} });
  const linkId = ((await link.json()) as { data: { linkId: string } }).data.linkId;
  return { patientId: rq.patientInfo.patientId, requestId: rq.requestId, exam, linkId };
}

function routesFor(ids: Ids): string[] {
  return [
    '/',
    '/pacs',
    '/record',
    '/patient',
    '/patient/new',
    `/patient/${ids.patientId}`,
    '/dicom/unmatched',
    '/request',
    '/request/new',
    `/request/new/${ids.patientId}`,
    `/request/edit/${ids.requestId}`,
    `/request/upload/${ids.requestId}`,
    '/admin/audit',
    '/admin/backup',
    '/admin/api-credentials',
    '/accounting/billing',
    '/accounting/money',
    '/accounting/cost',
    '/branch_report/daily',
    '/branch_report/monthly',
    '/doctor_report',
    '/center_report',
    `/reportviewer/${ids.requestId}/sticker`,
    `/report/${ids.exam.examId}?examBranchId=${ids.exam.branchId}`,
    '/no-such-page',
  ];
}

function report(found: Found[]): string {
  return [...new Set(found.map((f) => `${f.route.replace(/[0-9a-f-]{36}|\/link\/\w+/g, ':id')}: ${f.what}`))].join(
    '\n',
  );
}

let ids: Ids;

test.beforeAll(async ({ baseURL }) => {
  const api = await apiSessionAs(baseURL!, 'admin');
  ids = await demoIds(api);
  await api.dispose();
});

for (const user of ['admin', 'staff', 'doctor1']) {
  test(`every route in Thai mode shows Thai and no internal code (${user})`, async ({ page }) => {
    test.setTimeout(240_000);
    const found: Found[] = [];
    await logInAs(page, user);
    for (const route of routesFor(ids)) await visit(page, route, found);
    expect(report(found)).toBe('');
  });
}

test('screens behind a click, and the public film page, in Thai; English counts one exam as "1 exam"', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const found: Found[] = [];
  await logInAs(page, 'admin');
  const worklist = new WorklistPage(page);
  await worklist.goto('/pacs');
  await page.getByTestId('worklist-advanced-toggle').click();
  await check(page, '/pacs advanced search', found);
  await page.screenshot({ path: screenshotPath('thai-walk-worklist-advanced') });

  // The exam's history and its activity log (event codes such as requestEdited read as Thai).
  await worklist.goto('/pacs');
  const today = page.locator('[data-testid="worklist-row"][data-accession]:not([data-accession=""])').first();
  const accession = await worklist.accessionOf(today);
  await worklist.rowAction(today, 'history');
  await page.getByRole('tab', { name: 'บันทึกการทำรายการ' }).click();
  await expect(page.getByTestId('history-log').locator('li').first()).toBeVisible();
  await check(page, '/pacs history log', found);
  await page.screenshot({ path: screenshotPath('thai-walk-history-log') });

  // The report window of a finished exam: its tab names the report, not its code.
  await visit(page, `/report/${ids.exam.examId}?examBranchId=${ids.exam.branchId}`, found, 'thai-walk-report');
  await expect(page.getByTestId('report-tab').first()).toHaveText('ผลอ่านรังสีวิทยา (Report)');

  // The public film page, without a session.
  const fresh = await browser.newContext();
  const outsider = await fresh.newPage();
  await visit(outsider, `/link/${ids.linkId}`, found, 'thai-walk-public-link');
  await fresh.close();
  expect(report(found)).toBe('');

  // English mode: one exam found is "1 exam".
  const english = await browser.newContext({ baseURL });
  await english.addInitScript(() => window.localStorage.setItem('rangsi.language', 'en'));
  const en = await english.newPage();
  await logInAs(en, 'admin');
  const enList = new WorklistPage(en);
  await enList.goto('/pacs');
  await enList.searchAccession(accession);
  await expect(en.getByTestId('worklist-total')).toHaveText('1 exam');
  await english.close();
});
