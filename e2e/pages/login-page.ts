import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/demo-users';

export class LoginPage {
  readonly root: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('login-page');
    this.username = page.locator('#login-username');
    this.password = page.locator('#login-password');
    this.submit = page.getByTestId('login-submit');
    this.error = page.getByTestId('login-error');
  }

  /** Opens the logon page, with a ReturnUrl exactly as given (already encoded or not, the caller decides). */
  async goto(query = ''): Promise<void> {
    await this.page.goto(`/Member/LogOn${query}`);
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.root).toBeVisible();
    await expect(this.username).toBeEditable();
  }

  async logIn(username: string, password: string = DEMO_PASSWORD): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.submit.click();
  }
}
