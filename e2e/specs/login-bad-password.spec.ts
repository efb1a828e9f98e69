import { expect, test } from '@playwright/test';
import { LoginPage } from '../pages/login-page';

const GENERIC_MESSAGE = 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง';

// The same message for a wrong password and an unknown user, so the form does not reveal who has an account.
test('a wrong password shows the one generic message', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();

  await login.logIn('doctor2', 'not-the-password');
  await expect(login.error).toHaveText(GENERIC_MESSAGE);
  await expect(page).toHaveURL('/Member/LogOn');
  await expect(login.submit).toBeEnabled();

  await login.logIn('nobody-by-this-name', 'not-the-password');
  await expect(login.error).toHaveText(GENERIC_MESSAGE);
  expect((await page.request.get('/api/me')).status()).toBe(401);
});

test('empty fields are caught before anything is sent', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  let posted = false;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/Member/LogOn')) posted = true;
  });

  await login.submit.click();
  await expect(page.locator('#login-username-error')).toBeVisible();
  await expect(login.username).toBeFocused();
  expect(posted).toBe(false);
});
