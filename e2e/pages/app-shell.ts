import { expect, type Locator, type Page } from '@playwright/test';

/** Header and side drawer around every signed-in screen (spec §1). */
export class AppShell {
  readonly header: Locator;
  readonly sectionTitle: Locator;
  readonly branch: Locator;
  readonly user: Locator;
  readonly drawer: Locator;
  readonly drawerPaper: Locator;
  readonly drawerToggle: Locator;
  readonly drawerMenu: Locator;
  readonly logoutButton: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByTestId('app-header');
    this.sectionTitle = page.getByTestId('header-section');
    this.branch = page.getByTestId('header-branch');
    this.user = page.getByTestId('header-user');
    this.drawer = page.getByTestId('drawer');
    this.drawerPaper = this.drawer.locator('.MuiDrawer-paper');
    this.drawerToggle = page.getByTestId('drawer-toggle');
    this.drawerMenu = page.getByTestId('drawer-menu');
    this.logoutButton = page.getByTestId('logout');
  }

  async expectShown(): Promise<void> {
    await expect(this.header).toBeVisible();
    await expect(this.drawer).toBeVisible();
  }

  async drawerWidth(): Promise<number> {
    const box = await this.drawerPaper.boundingBox();
    if (!box) throw new Error('drawer is not rendered');
    return Math.round(box.width);
  }

  /** The menu codes the drawer lists, from their test ids, home and sub-items (branch_report/daily) left out; admin/... are top-level. */
  async menuCodes(): Promise<string[]> {
    const ids = await this.drawerMenu
      .locator('[data-testid^="menu-item-"]')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-testid') ?? ''));
    return ids
      .map((id) => id.replace(/^menu-item-/, ''))
      .filter((code) => code !== 'home' && (!code.includes('/') || code.startsWith('admin/')));
  }
}
