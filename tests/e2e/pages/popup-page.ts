import type { Page } from '@playwright/test';

export class PopupPage {
  constructor(readonly page: Page) {}

  get openSidePanel() {
    return this.page.getByRole('button', { name: 'Open side panel' });
  }
  get jobsHeading() {
    return this.page.getByRole('heading', { name: 'Image generations' });
  }
}
