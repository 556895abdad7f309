import { useState } from 'react';
import { AppearanceForm } from './appearance-form';
import { ConnectionForm } from './connection-form';
import { EraseDataForm } from './erase-data-form';
import { PageButtonForm } from './page-button-form';
import { VaultForm } from './vault-form';
import { PrivacyNote } from './project-links';
import { ShortcutList } from '@/components/ui/shortcuts';
import './options.css';

export function OptionsPage() {
  // Forms start again from the stored settings once everything is erased.
  const [erased, setErased] = useState(0);
  return (
    <main className="options-page">
      <h1>Adscope options</h1>
      <p className="muted">
        Connect Adscope to your workspace on the Advertising Intelligence Service. Your key stays on this device and is
        only sent to the base URL you enter.
      </p>
      <ConnectionForm key={`connection-${erased}`} />
      <PageButtonForm key={`page-button-${erased}`} />
      <section aria-labelledby="shortcuts-heading" className="card">
        <h2 id="shortcuts-heading">Keyboard shortcuts</h2>
        <p className="muted">As your browser has them; it lets you change them or turn them off.</p>
        <ShortcutList />
      </section>
      <AppearanceForm />
      <VaultForm key={`vault-${erased}`} />
      <EraseDataForm onErased={() => setErased((count) => count + 1)} />
      <PrivacyNote />
    </main>
  );
}
