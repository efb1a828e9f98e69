import { expect, test } from '@playwright/test';
import { screenshotPath } from '../support/artifacts';
import { failOnCspViolations } from '../support/csp-violations';
import { logInAs } from '../support/log-in';

failOnCspViolations();

/** The LINE simulator's first test user (apps/simulators/src/line-simulator.ts LINE_SIM_DEFAULTS). */
const LINE_NAME = 'หมอธนากร LINE';

// Spec §1 and issue 28 item 5: the drawer's chat-account link, through LINE Login in a popup, and unlinking it.
test('a doctor links a LINE account from the drawer, sees its name, and unlinks it', async ({ page }) => {
  const { shell } = await logInAs(page, 'doctor1');
  const loginLink = shell.drawer.getByTestId('drawer-line-login');
  await expect(loginLink).toHaveText('เชื่อมต่อบัญชี LINE');
  await page.screenshot({ path: screenshotPath('line-drawer-unlinked') });

  const popupOpened = page.waitForEvent('popup');
  await loginLink.click();
  const popup = await popupOpened;
  // The simulator's LINE Login page: one button per test LINE user.
  const asUser = popup.getByRole('link', { name: `เข้าสู่ระบบเป็น ${LINE_NAME}` });
  await expect(asUser).toBeVisible();
  await popup.screenshot({ path: screenshotPath('line-login-dialog') });
  await asUser.click();
  await expect(popup.getByTestId('line-callback-message')).toContainText(`เชื่อมต่อบัญชี LINE "${LINE_NAME}" แล้ว`);
  await popup.screenshot({ path: screenshotPath('line-callback-linked') });
  // The page tells the drawer and closes itself.
  await popup.waitForEvent('close');

  await expect(shell.drawer.getByTestId('drawer-line-name')).toHaveText(`LINE: ${LINE_NAME}`);
  await expect(shell.user).toContainText(LINE_NAME);
  await page.screenshot({ path: screenshotPath('line-drawer-linked') });

  await shell.drawer.getByTestId('drawer-line-unlink').click();
  const confirm = page.getByTestId('line-unlink-confirm');
  await expect(confirm).toContainText('ยกเลิกการเชื่อมต่อบัญชี LINE?');
  await page.screenshot({ path: screenshotPath('line-unlink-confirm') });
  await confirm.getByTestId('confirm-yes').click();
  await expect(confirm).toBeHidden();
  await expect(shell.drawer.getByTestId('drawer-line-login')).toBeVisible();
  await expect(shell.user).not.toContainText(LINE_NAME);
});

test('a replayed LINE callback is refused on the page with a message, and nothing is linked', async ({ page }) => {
  const { shell } = await logInAs(page, 'doctor2');
  const popupOpened = page.waitForEvent('popup');
  await shell.drawer.getByTestId('drawer-line-login').click();
  const popup = await popupOpened;
  // Open the callback a second time in the same window, as a replay would (the first one links).
  await popup.getByRole('link', { name: 'เข้าสู่ระบบเป็น Dr. Nok' }).click();
  await expect(popup.getByTestId('line-callback-message')).toContainText('Dr. Nok');
  const callbackUrl = popup.url();
  await popup.waitForEvent('close');
  await expect(shell.drawer.getByTestId('drawer-line-name')).toHaveText('LINE: Dr. Nok');
  await shell.drawer.getByTestId('drawer-line-unlink').click();
  await page.getByTestId('line-unlink-confirm').getByTestId('confirm-yes').click();
  await expect(shell.drawer.getByTestId('drawer-line-login')).toBeVisible();

  const replay = await page.context().newPage();
  const answer = await replay.goto(callbackUrl);
  expect(answer?.status()).toBe(400);
  await expect(replay.getByTestId('line-callback-message')).toContainText('คำขอเชื่อมต่อ LINE นี้ไม่ถูกต้องหรือหมดอายุแล้ว');
  await replay.screenshot({ path: screenshotPath('line-callback-refused') });
  await replay.close();
  await page.reload();
  await expect(shell.drawer.getByTestId('drawer-line-login')).toBeVisible();
});
