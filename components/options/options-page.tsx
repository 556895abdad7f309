import { useState } from 'react';
import { AppearanceForm } from './appearance-form';
import { ConnectionForm } from './connection-form';
import { EraseDataForm } from './erase-data-form';
import { PageButtonForm } from './page-button-form';
import { VaultForm } from './vault-form';
import { PrivacyNote } from './project-links';
import { ShortcutList } from '@/components/ui/shortcuts';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import './options.css';
import 'virtual:adscope-english/options';

export function OptionsPage() {
  // Forms start again from the stored settings once everything is erased.
  const [erased, setErased] = useState(0);
  useDocumentTitle(t('options.title'));
  return (
    <main className="options-page">
      <h1>{t('options.title')}</h1>
      <p className="muted">{t('options.intro')}</p>
      <ConnectionForm key={`connection-${erased}`} />
      <PageButtonForm key={`page-button-${erased}`} />
      <section aria-labelledby="shortcuts-heading" className="card">
        <h2 id="shortcuts-heading">{t('options.shortcuts.title')}</h2>
        <p className="muted">{t('options.shortcuts.intro')}</p>
        <ShortcutList />
      </section>
      <AppearanceForm />
      <VaultForm key={`vault-${erased}`} />
      <EraseDataForm onErased={() => setErased((count) => count + 1)} />
      <PrivacyNote />
    </main>
  );
}
