import { expect, test } from '@playwright/test';
import { apiSessionAs, searchExams, WorklistPage } from '../pages/worklist-page';
import { logInAs } from '../support/log-in';

// Issue 3: a Doctor gets only the exams assigned to them; another doctor's exam is a 404, never its data.
test('doctor2 sees none of doctor1’s exams, on screen or through the API', async ({ page, baseURL }) => {
  const doctor1 = await apiSessionAs(baseURL ?? '', 'doctor1');
  const { rows: doctor1Rows } = await searchExams(doctor1, {});
  await doctor1.dispose();
  const mine = doctor1Rows.filter((r) => r.accessionNumber);
  expect(mine.length).toBeGreaterThan(0);
  const probe = mine[0]!;

  await logInAs(page, 'doctor2');
  const worklist = new WorklistPage(page);
  await worklist.goto('/pacs');
  await worklist.quickRange(14);
  const shown = new Set(
    await worklist.page
      .getByTestId('worklist-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-accession'))),
  );
  expect(shown.size).toBeGreaterThan(0);
  for (const exam of mine) expect(shown.has(exam.accessionNumber), `${exam.accessionNumber} is doctor1's`).toBe(false);

  // Looking it up by its accession number finds nothing.
  await page.locator('#worklist-examFromDate').fill('');
  await worklist.searchAccession(probe.accessionNumber ?? '');
  await expect(worklist.empty).toBeVisible();
  await expect(worklist.empty).toContainText('ไม่พบข้อมูล');
  await expect(worklist.empty).toContainText('No result');

  // And the API, with doctor2's session, answers 404 without the exam's data.
  const answer = await page.request.get(`/api/exam/${probe.examId}`);
  expect(answer.status()).toBe(404);
  expect(await answer.text()).not.toContain(probe.accessionNumber ?? '');
});
