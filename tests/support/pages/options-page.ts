import { expect, type Page } from '@playwright/test';

export class OptionsPage {
  constructor(readonly page: Page) {}

  get baseUrl() {
    return this.page.getByLabel('Base URL');
  }
  get apiKey() {
    return this.page.getByLabel('API key');
  }
  get save() {
    return this.page.getByRole('button', { name: 'Save and test' });
  }

  async connect(baseUrl: string, apiKey: string): Promise<void> {
    await this.baseUrl.fill(baseUrl);
    await this.apiKey.fill(apiKey);
    await this.save.click();
    await expect(this.page.getByRole('status').filter({ hasText: 'Connected.' })).toBeVisible();
  }
}
