import { expect, test } from '@playwright/test';
import { logInAs } from '../support/log-in';

interface MeAnswer {
  success: boolean;
  data: { displayName: string; branchName: string | null; roleName: string };
}

// Spec §1: the header shows the branch name, except to doctors.
test('a doctor does not see the branch in the header', async ({ page }) => {
  const { shell } = await logInAs(page, 'doctor1');
  const me = (await (await page.request.get('/api/me')).json()) as MeAnswer;
  expect(me.data.roleName).toBe('Doctor');

  await expect(shell.user).toContainText(me.data.displayName);
  await expect(shell.branch).toHaveCount(0);
});

test('staff see their branch and name in the header', async ({ page }) => {
  const { shell } = await logInAs(page, 'staff');
  const me = (await (await page.request.get('/api/me')).json()) as MeAnswer;
  expect(me.data.branchName, 'the staff demo user belongs to a branch').toBeTruthy();

  await expect(shell.branch).toBeVisible();
  await expect(shell.branch).toHaveText(me.data.branchName ?? '');
  await expect(shell.user).toContainText(me.data.displayName);
});
