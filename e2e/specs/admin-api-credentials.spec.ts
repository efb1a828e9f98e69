import { expect, request, test } from '@playwright/test';
import { ApiCredentialsPage } from '../pages/api-credentials-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

// Issue 27 item 11: the administrator gives an outside system a credential (its secret shown once, with copy buttons),
// the system calls DICOMweb with it, the list shows its last use, and a revoke shuts it out at its next call.
test('an admin creates a credential, a system uses it, and the admin revokes it', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { home } = await logInAs(page, 'admin');
  await home.card('admin/api-credentials').click();
  await expect(page).toHaveURL('/admin/api-credentials');
  const screen = new ApiCredentialsPage(page);

  await screen.create('Orthanc PACS', 'เจ้าหน้าที่สาขา (Staff)', 'ทุกสาขา (All)');
  await page.screenshot({ path: screenshotPath('admin-api-credentials-create'), fullPage: true });
  await screen.submit();
  const token = (await page.getByTestId('secret-token').textContent()) ?? '';
  const username = (await page.getByTestId('secret-username').textContent()) ?? '';
  const password = (await page.getByTestId('secret-password').textContent()) ?? '';
  expect(token).toBe(`${username}_${password}`);
  await page.getByTestId('secret-password-copy').click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
  await page.screenshot({ path: screenshotPath('admin-api-credentials-secret'), fullPage: true });
  await page.getByTestId('secret-done').click();

  const row = screen.row('Orthanc PACS');
  await expect(row).toContainText(username);
  await expect(row.getByTestId('credential-last-used')).toHaveText('ยังไม่เคยใช้ (Never)');
  await expect(page.getByText(password)).toHaveCount(0);

  // The system, with no session of its own: HTTP Basic as a PACS sends it.
  const system = await request.newContext({ baseURL, httpCredentials: { username, password, send: 'always' } });
  expect((await system.get('/dicomweb/studies', { headers: { accept: 'application/dicom+json' } })).status()).toBe(200);
  await page.reload();
  await expect(row.getByTestId('credential-last-used')).toHaveText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
  await page.screenshot({ path: screenshotPath('admin-api-credentials'), fullPage: true });

  await screen.revoke('Orthanc PACS');
  await expect(row.getByTestId('credential-status')).toContainText('ยกเลิกแล้ว');
  await expect(row.getByTestId('credential-revoke')).toHaveCount(0);
  const refused = await system.get('/dicomweb/studies', { headers: { accept: 'application/dicom+json' } });
  expect(refused.status()).toBe(401);
  await system.dispose();
});

test('a name already used is refused under the field, and nothing is added', async ({ page }) => {
  const { home } = await logInAs(page, 'admin');
  await home.card('admin/api-credentials').click();
  const screen = new ApiCredentialsPage(page);
  await screen.create('HIS gateway', 'บัญชี (Accounting)', 'ทุกสาขา (All)');
  await screen.submit();
  await page.getByTestId('secret-done').click();
  const rows = await page.getByTestId('credential-row').count();

  await screen.create('HIS gateway', 'บัญชี (Accounting)', 'ทุกสาขา (All)');
  await page.getByTestId('create-credential-submit').click();
  await expect(page.getByTestId('create-credential')).toContainText('มีรหัสเชื่อมต่อระบบชื่อนี้แล้ว');
  await page.screenshot({ path: screenshotPath('admin-api-credentials-name-taken'), fullPage: true });
  await page.getByTestId('create-credential').getByRole('button', { name: /ยกเลิก/ }).click();
  await expect(page.getByTestId('credential-row')).toHaveCount(rows);
});

test('staff have no credentials card and the API refuses them', async ({ page }) => {
  const { home } = await logInAs(page, 'staff');
  expect(await home.cardCodes()).not.toContain('admin/api-credentials');
  expect((await page.request.get('/api/admin/api-credentials')).status()).toBe(403);
});
