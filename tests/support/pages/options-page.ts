import { expect, type Page } from '@playwright/test';
import { type Words, wordsOf } from '../words';

export class OptionsPage {
  /** `say`: the words of the page's language (English unless the test chose another). */
  constructor(
    readonly page: Page,
    private readonly say: Words = wordsOf('en'),
  ) {}

  get baseUrl() {
    return this.page.getByLabel(this.say('options.connection.baseUrl'));
  }
  get apiKey() {
    return this.page.getByLabel(this.say('options.connection.apiKey'));
  }
  get save() {
    return this.page.getByRole('button', { name: this.say('options.connection.save') });
  }

  async connect(baseUrl: string, apiKey: string): Promise<void> {
    await this.baseUrl.fill(baseUrl);
    await this.apiKey.fill(apiKey);
    await this.save.click();
    await expect(
      this.page.getByRole('status').filter({ hasText: this.say('options.connection.connected') }),
    ).toBeVisible();
  }
}
