import { expect, type Locator, type Page } from '@playwright/test';

/** /admin/api-credentials: the list, the create dialog, the one-time secret and the revoke question. */
export class ApiCredentialsPage {
  readonly table: Locator;
  readonly secret: Locator;

  constructor(private readonly page: Page) {
    this.table = page.getByTestId('credentials-table');
    this.secret = page.getByTestId('credential-secret');
  }

  row(name: string): Locator {
    return this.page.getByTestId('credential-row').filter({ hasText: name });
  }

  async create(name: string, role: string, scope: string): Promise<void> {
    await this.page.getByTestId('credential-new').click();
    const dialog = this.page.getByTestId('create-credential');
    await dialog.getByLabel(/ชื่อระบบ/).fill(name);
    await dialog.locator('#credential-role').click();
    await this.page.getByRole('option', { name: role }).click();
    await dialog.locator('#credential-scope').click();
    await this.page.getByRole('option', { name: scope }).click();
  }

  async submit(): Promise<void> {
    await this.page.getByTestId('create-credential-submit').click();
    await expect(this.secret).toBeVisible();
  }

  async revoke(name: string): Promise<void> {
    await this.row(name).getByTestId('credential-revoke').click();
    await this.page.getByTestId('revoke-credential').getByTestId('confirm-yes').click();
    await expect(this.page.getByTestId('credential-notice')).toBeVisible();
  }
}
