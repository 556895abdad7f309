import type { Page } from '@playwright/test';

export class PopupPage {
  constructor(readonly page: Page) {}

  get openSidePanel() {
    return this.page.getByRole('button', { name: 'Open side panel' });
  }
  get findSimilar() {
    return this.page.getByRole('button', { name: 'Find similar ads on this page' });
  }
  get jobsHeading() {
    return this.page.getByRole('heading', { name: 'Image generations' });
  }
}
