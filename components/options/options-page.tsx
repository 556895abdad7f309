import { AppearanceForm } from './appearance-form';
import { ConnectionForm } from './connection-form';
import { PageButtonForm } from './page-button-form';

export function OptionsPage() {
  return (
    <main className="options-page">
      <h1>Adscope options</h1>
      <p className="muted">
        Connect Adscope to your workspace on the Advertising Intelligence Service. Your key stays on this device and is
        only sent to the base URL you enter.
      </p>
      <ConnectionForm />
      <PageButtonForm />
      <AppearanceForm />
    </main>
  );
}
