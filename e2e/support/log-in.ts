import { expect, type Page } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { HomePage } from '../pages/home-page';
import { LoginPage } from '../pages/login-page';
import { DEMO_PASSWORD } from './demo-users';

/** Logs in through the real logon page and waits for home with its menu. */
export async function logInAs(
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
): Promise<{ shell: AppShell; home: HomePage }> {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(username, password);
  await expect(page).toHaveURL('/');
  const shell = new AppShell(page);
  const home = new HomePage(page);
  await shell.expectShown();
  await home.expectLoaded();
  return { shell, home };
}
