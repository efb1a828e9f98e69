import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  // Let the drawer's width transition finish; the assertion retries until it has.
  await page.waitForLoadState('networkidle');
}

// UI guide: every screen gets a screenshot at 1366×768 and someone looks at it.
test('login page', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await settle(page);
  await page.screenshot({ path: screenshotPath('login') });
});

test('home with the drawer open and collapsed', async ({ page }) => {
  const { shell } = await logInAs(page, 'admin');
  await expect(shell.drawer).toHaveAttribute('data-collapsed', 'false');
  await expect.poll(() => shell.drawerWidth()).toBe(256);
  await settle(page);
  await page.screenshot({ path: screenshotPath('home-drawer-open') });

  await shell.drawerToggle.click();
  await expect(shell.drawer).toHaveAttribute('data-collapsed', 'true');
  await expect.poll(() => shell.drawerWidth()).toBe(64);
  // The toggle's tooltip would cover the collapsed drawer in the picture.
  await shell.drawerToggle.blur();
  await page.mouse.move(900, 700);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await settle(page);
  await page.screenshot({ path: screenshotPath('home-drawer-collapsed') });

  // Remembered on this workstation.
  await page.reload();
  await expect(shell.drawer).toHaveAttribute('data-collapsed', 'true');
});

test('document page', async ({ page }) => {
  await logInAs(page, 'staff');
  await page.goto('/document/');
  await expect(page.getByTestId('document-page')).toContainText('Document');
  await expect(page.getByTestId('document-page').getByRole('progressbar')).toBeVisible();
});

test('login page in English', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await page.getByTestId('language-switch').getByRole('button', { name: 'English' }).click();
  await expect(login.submit).toHaveText('Sign in');
  await page.reload();
  await expect(login.submit).toHaveText('Sign in');
  await settle(page);
  await page.screenshot({ path: screenshotPath('login-en') });
});
