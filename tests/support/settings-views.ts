import type { SettingsView } from '@/lib/messaging/protocol';

/** What `settings.get` answers with no connection stored yet. */
export const NO_KEY: SettingsView = {
  baseUrl: '',
  origin: null,
  theme: 'system',
  language: 'auto',
  hasApiKey: false,
  apiKeyLast4: null,
};

/** What `settings.get` answers once a key for an example service is stored. */
export const CONNECTED: SettingsView = {
  ...NO_KEY,
  baseUrl: 'https://api.northwind.example',
  origin: 'https://api.northwind.example',
  hasApiKey: true,
  apiKeyLast4: '1234',
};
