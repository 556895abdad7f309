import { expect, test } from './fixtures';

test('a language chosen in Options is the one every page shows, after a reload too', async ({ openPage }) => {
  const options = await openPage('options');
  const choice = options.getByLabel('Language');
  await expect(choice).toHaveValue('auto');
  await expect(options.locator('html')).toHaveAttribute('lang', 'en');

  await choice.selectOption('de');
  const german = options.getByLabel('Sprache');
  await expect(german).toHaveValue('de');
  await expect(german).toBeFocused();
  await expect(options.locator('html')).toHaveAttribute('lang', 'de');

  // Another page opened now, and this one reloaded, read the stored choice.
  const again = await openPage('options');
  await expect(again.getByLabel('Sprache')).toHaveValue('de');
  await again.close();
  await options.reload();
  await expect(options.getByLabel('Sprache')).toHaveValue('de');

  await options.getByLabel('Sprache').selectOption('auto');
  await expect(options.getByLabel('Language')).toHaveValue('auto');
  await expect(options.getByRole('option', { name: 'Browser\u2019s language (English)' })).toBeAttached();
});

test.describe('in a German browser', () => {
  test.use({ browserLocale: 'de' });

  test('Adscope speaks German until another language is chosen', async ({ openPage }) => {
    const options = await openPage('options');
    await expect(options.getByLabel('Sprache')).toHaveValue('auto');
    await expect(options.getByRole('option', { name: 'Sprache des Browsers (Deutsch)' })).toBeAttached();
    await options.getByLabel('Sprache').selectOption('ja');
    await expect(options.getByLabel('言語')).toHaveValue('ja');
    await expect(options.locator('html')).toHaveAttribute('lang', 'ja');
  });
});
