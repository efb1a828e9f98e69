import { expect, type Locator, type Page } from '@playwright/test';

export class HomePage {
  readonly root: Locator;
  readonly cards: Locator;
  readonly greeting: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('home-page');
    this.cards = page.locator('[data-testid^="home-card-"]');
    this.greeting = page.getByTestId('home-greeting');
  }

  card(code: string): Locator {
    return this.page.getByTestId(`home-card-${code}`);
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
    await this.expectLoaded();
  }

  /** Home has finished loading the menu: either cards or the empty notice are on screen. */
  async expectLoaded(): Promise<void> {
    await expect(this.root).toBeVisible();
    await expect(this.page.getByTestId('home-cards').or(this.page.getByTestId('home-empty'))).toBeVisible();
  }

  async cardCodes(): Promise<string[]> {
    await this.expectLoaded();
    const ids = await this.cards.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('data-testid') ?? ''),
    );
    return ids.map((id) => id.replace(/^home-card-/, ''));
  }
}
