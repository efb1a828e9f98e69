import { expect, test } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { logInAs } from '../support/log-in';

// Spec §1: Log out clears the cookies and goes to /Member/LogOn; the session is over on the server too.
test('log out returns to the logon page and ends the session', async ({ page, context }) => {
  const { shell } = await logInAs(page, 'staff');
  expect((await page.request.get('/api/me')).status()).toBe(200);

  await shell.logoutButton.click();

  await expect(page).toHaveURL('/Member/LogOn');
  await new LoginPage(page).expectShown();
  expect((await page.request.get('/api/me')).status()).toBe(401);
  expect(await page.evaluate(() => document.cookie)).toBe('');

  // The app is closed to this browser now: nothing left that would let it back in.
  const sessionCookies = (await context.cookies()).filter((cookie) => cookie.httpOnly && cookie.value !== '');
  expect(sessionCookies).toEqual([]);
  await page.goto('/');
  await expect(page).toHaveURL('/Member/LogOn?ReturnUrl=%2F');
});
