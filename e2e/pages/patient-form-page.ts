import { expect, type Locator, type Page } from '@playwright/test';

/** /patient/{new|import|importbycard|id}: the patient form (spec §2, §4, §5). */
export class PatientFormPage {
  readonly root: Locator;
  readonly title: Locator;
  readonly save: Locator;
  readonly cancel: Locator;
  readonly password: Locator;
  readonly hn: Locator;
  readonly nationalNumber: Locator;
  readonly phoneNumber: Locator;
  readonly thaiPrefix: Locator;
  readonly thaiFirst: Locator;
  readonly thaiLast: Locator;
  readonly englishPrefix: Locator;
  readonly englishFirst: Locator;
  readonly englishLast: Locator;
  readonly gender: Locator;
  readonly birthDate: Locator;
  readonly unknownBirthDate: Locator;
  readonly age: Locator;
  readonly notice: Locator;
  readonly importHn: Locator;
  readonly readCard: Locator;
  readonly photo: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('patient-form-page');
    this.title = page.getByTestId('patient-form-title');
    this.save = page.getByTestId('patient-save');
    this.cancel = page.getByTestId('patient-cancel');
    this.password = page.locator('#patient-password');
    this.hn = page.locator('#patient-hn');
    this.nationalNumber = page.locator('#patient-nationalNumber');
    this.phoneNumber = page.locator('#patient-phoneNumber');
    this.thaiPrefix = page.locator('#patient-nameTH-prefix');
    this.thaiFirst = page.locator('#patient-nameTH-first');
    this.thaiLast = page.locator('#patient-nameTH-last');
    this.englishPrefix = page.locator('#patient-nameEN-prefix');
    this.englishFirst = page.locator('#patient-nameEN-first');
    this.englishLast = page.locator('#patient-nameEN-last');
    this.gender = page.getByTestId('patient-gender');
    this.birthDate = page.locator('#patient-birthDate');
    this.unknownBirthDate = page.locator('#patient-unknownBirthDate');
    this.age = page.locator('#patient-age');
    this.notice = page.getByTestId('patient-notice');
    this.importHn = page.getByTestId('patient-import-hn');
    this.readCard = page.getByTestId('patient-read-card');
    this.photo = page.getByTestId('patient-photo');
  }

  async gotoNew(): Promise<void> {
    await this.page.goto('/patient/new');
    await this.expectLoaded();
  }

  async goto(patientId: string): Promise<void> {
    await this.page.goto(`/patient/${patientId}`);
    await this.expectLoaded();
  }

  async expectLoaded(): Promise<void> {
    await expect(this.root).toBeVisible();
    await expect(this.thaiFirst).toBeVisible();
  }

  /** The message under a field (FormText / DateField put it in the helper text). */
  errorOf(fieldId: string): Locator {
    return this.page.getByTestId(`${fieldId}-error`);
  }

  tab(index: number): Locator {
    return this.page.getByTestId(`patient-tab-${index}`);
  }

  /** Picks a prefix from the grouped list by its exact text. */
  async choosePrefix(input: Locator, text: string): Promise<void> {
    await input.click();
    await input.fill(text);
    await this.page.getByRole('option', { name: text, exact: true }).first().click();
  }
}
