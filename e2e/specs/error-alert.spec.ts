import { expect, test } from '@playwright/test';
import { screenshotPath } from '../support/artifacts';
import { logInAs } from '../support/log-in';

// Spec §8: a failed call shows an alert with the server's message (validation messages appended once),
// or "Something went wrong!" when the server gave none.
test('a failed call shows the server message with its validation messages, each once', async ({ page }) => {
  await logInAs(page, 'staff');
  await page.route('**/api/uidata/menu', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        message: 'ข้อมูลไม่ถูกต้อง',
        errors: [
          { field: 'a', message: 'กรุณาระบุสาขา' },
          { field: 'b', message: 'กรุณาระบุสาขา' },
          { field: 'c', message: 'กรุณาระบุวันที่' },
        ],
      }),
    }),
  );
  await page.reload();

  const alert = page.getByTestId('error-alert').getByRole('alertdialog');
  await expect(alert).toBeVisible();
  await expect(alert.locator('#error-alert-message')).toHaveText('ข้อมูลไม่ถูกต้อง\nกรุณาระบุสาขา\nกรุณาระบุวันที่', {
    useInnerText: true,
  });
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.screenshot({ path: screenshotPath('error-alert'), animations: 'disabled' });

  await alert.getByRole('button').click();
  await expect(alert).toBeHidden();
});

test('a failure without a server message shows "Something went wrong!"', async ({ page }) => {
  await logInAs(page, 'staff');
  await page.route('**/api/uidata/menu', (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>Bad gateway</body></html>' }),
  );
  await page.reload();

  const alert = page.getByTestId('error-alert').getByRole('alertdialog');
  await expect(alert).toContainText('Something went wrong!');
});
