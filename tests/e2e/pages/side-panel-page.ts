import type { Page } from '@playwright/test';

export class SidePanelPage {
  constructor(readonly page: Page) {}

  tab(name: string) {
    return this.page.getByRole('tab', { name });
  }
  get brandsHeading() {
    return this.page.getByRole('heading', { name: 'Your brands' });
  }
  get setupPrompt() {
    return this.page.getByRole('heading', { name: 'Connect Adscope to your workspace' });
  }
}
