import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { LoginPage } from '../pages/login-page';

// Spec §1: without a session the user goes to /Member/LogOn with ReturnUrl holding where they were.
test('ReturnUrl brings the user back to the page they asked for', async ({ page }) => {
  await page.goto('/request?x=1');
  await expect(page).toHaveURL('/Member/LogOn?ReturnUrl=%2Frequest%3Fx%3D1');

  const login = new LoginPage(page);
  await login.expectShown();
  await login.logIn('staff');

  await expect(page).toHaveURL('/request?x=1');
  const shell = new AppShell(page);
  await shell.expectShown();
  // /request is the request list since issue 7.
  await expect(page.getByTestId('request-list-page')).toBeVisible();
  await expect(shell.sectionTitle).not.toBeEmpty();
});

for (const target of ['//evil.example', 'https://evil.example']) {
  test(`a ReturnUrl of ${target} lands on home instead`, async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto(`?ReturnUrl=${encodeURIComponent(target)}`);
    await login.logIn('staff');

    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('home-page')).toBeVisible();
  });
}
