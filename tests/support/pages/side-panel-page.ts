import { expect, type Page } from '@playwright/test';

export class SidePanelPage {
  constructor(readonly page: Page) {}

  tab(name: 'Search' | 'Accounts' | 'Similar' | 'Brands' | 'Boards' | 'Saved' | 'Generate' | 'Workspace' | 'New') {
    return this.page.getByRole('tab', { name });
  }
  get brandsHeading() {
    return this.page.getByRole('heading', { name: 'Your brands' });
  }
  get setupPrompt() {
    return this.page.getByRole('heading', { name: 'Connect Adscope to your workspace' });
  }

  // Search
  get searchBox() {
    return this.page.getByRole('searchbox', { name: 'Search ads' });
  }
  get sort() {
    return this.page.getByRole('combobox', { name: 'Sort' });
  }
  get results() {
    return this.page.getByRole('list', { name: 'Search results' });
  }
  get cards() {
    return this.results.getByRole('listitem');
  }
  get filters() {
    return this.page.getByText('Filters', { exact: false }).first();
  }
  get activeFilters() {
    return this.page.getByRole('list', { name: 'Active filters' });
  }
  get backToResults() {
    return this.page.getByRole('button', { name: 'Back to results' });
  }

  /** Types a search and waits until the results shown are for it. */
  async search(text: string): Promise<void> {
    await this.searchBox.fill(text);
    await expect(this.page.locator('.results-status')).toHaveText(`Results for “${text.trim()}”`, { timeout: 15_000 });
  }

  /** The button that opens a card's detail (its title). */
  cardTitle(index = 0) {
    return this.cards.nth(index).getByRole('heading').getByRole('button');
  }

  /** Opens one filter's popover from its chip in the filter bar. */
  async openFilter(name: 'Language' | 'Launch date' | 'Format' | 'Brand' | 'Platform') {
    await this.page
      .getByRole('group', { name: /^Filters/ })
      .getByRole('button', { name: new RegExp(`^${name}`) })
      .click();
    const popover = this.page.getByRole('dialog', { name });
    await expect(popover).toBeVisible();
    return popover;
  }

  /** Closes the open filter popover (its Done button). */
  async closeFilter(name: 'Language' | 'Launch date' | 'Format' | 'Brand' | 'Platform'): Promise<void> {
    const popover = this.page.getByRole('dialog', { name });
    await popover.getByRole('button', { name: 'Done' }).click();
    await expect(popover).toBeHidden();
  }

  // Accounts
  /** Opens the folded line of period and metrics, if it is folded. */
  async openReportControls(): Promise<void> {
    const details = this.page.locator('details.fold');
    if ((await details.getAttribute('open')) === null) await this.page.getByText('Period and metrics').click();
  }

  // Brands
  /** Goes to Brands, finds a brand by name in the catalogue and opens its detail. */
  async openBrand(name: string): Promise<void> {
    await this.tab('Brands').click();
    await this.page.getByRole('searchbox', { name: 'Search brands' }).fill(name);
    await this.page.getByRole('list', { name: 'Matching brands' }).getByRole('button', { name, exact: true }).click();
  }
  get followed() {
    return this.page.getByRole('list', { name: 'Followed brands' });
  }
  get brandAds() {
    return this.page.getByRole('list', { name: 'Brand ads' });
  }
  get boardAds() {
    return this.page.getByRole('list', { name: 'Board ads' });
  }
  get savedAds() {
    return this.page.getByRole('list', { name: 'Saved ads' });
  }
}
