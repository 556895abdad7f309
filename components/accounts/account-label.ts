const PLATFORM_NAMES: Record<string, string> = { meta: 'Meta', google: 'Google Ads' };

/** "Acme Outdoor (Meta)": the account's name, with its platform only when the name does not say it already. */
export function accountLabel(account: { id: string; name: string | null; platform: string | null }): string {
  const name = account.name ?? account.id;
  const platform = account.platform ? (PLATFORM_NAMES[account.platform] ?? account.platform) : null;
  return platform && !name.toLowerCase().includes(platform.toLowerCase()) ? `${name} (${platform})` : name;
}
