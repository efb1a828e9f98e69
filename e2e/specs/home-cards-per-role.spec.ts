import { expect, test } from '@playwright/test';
import { DEMO_USERS, expectedHomeCards } from '../support/demo-users';
import { logInAs } from '../support/log-in';

// Spec §2 + §6: home shows one card per menu item the user's permissions allow; accounting_* never shows.
for (const user of DEMO_USERS) {
  test(`${user.username} (${user.role}) sees exactly the home cards of its role`, async ({ page }) => {
    const { home, shell } = await logInAs(page, user.username);
    const expected = expectedHomeCards(user.role);

    const cards = await home.cardCodes();
    expect([...cards].sort()).toEqual([...expected].sort());
    expect(cards.filter((code) => code.startsWith('accounting_'))).toEqual([]);

    // Each card shows a drawn picture (not an empty box) and a title.
    for (const code of cards) {
      const card = home.card(code);
      await expect(card.locator(`svg[data-picture="${code}"]`)).toBeVisible();
      expect(await card.locator(`svg[data-picture="${code}"] > *`).count()).toBeGreaterThan(8);
      await expect(card.getByTestId('card-title')).not.toBeEmpty();
    }

    // The drawer lists the same items as home.
    expect([...(await shell.menuCodes())].sort()).toEqual([...expected].sort());
  });
}
