import { expect, test } from '@playwright/test';
import { logInAs } from '../support/log-in';

// Spec §2: a card goes to /{permissionCode}; branch_report and its daily/monthly items open a new window.
test('a home card opens its section, with the menu title in the header', async ({ page }) => {
  const { home, shell } = await logInAs(page, 'staff');
  const title = (await home.card('patient').getByTestId('card-title').textContent()) ?? '';

  await home.card('patient').click();

  await expect(page).toHaveURL('/patient');
  await expect(shell.sectionTitle).toHaveText(title);
  await expect(page.getByTestId('menu-item-patient')).toHaveAttribute('aria-current', 'page');
});

test('branch report daily and monthly open in a new window', async ({ page, context }) => {
  const { home } = await logInAs(page, 'staff');
  const card = home.card('branch_report');

  for (const period of ['daily', 'monthly']) {
    const item = card.getByTestId(`home-subitem-branch_report/${period}`);
    await expect(item).toHaveAttribute('target', '_blank');
    const [popup] = await Promise.all([context.waitForEvent('page'), item.click()]);
    await expect(popup).toHaveURL(`/branch_report/${period}`);
    // A full-window report screen (issue 8), outside the shell.
    await expect(popup.getByTestId('report-viewer')).toBeVisible();
    await popup.close();
  }
  await expect(page).toHaveURL('/');
});
