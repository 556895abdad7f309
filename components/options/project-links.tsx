import { browser } from 'wxt/browser';

/** The project's home (the manifest's homepage_url, from package.json): the privacy policy and release notes live there. */
function homepage(): string | null {
  return browser.runtime.getManifest().homepage_url ?? null;
}

/** Where Adscope's privacy policy can be read, and what it covers in one line. */
export function PrivacyNote() {
  const home = homepage();
  return (
    <p className="muted">
      Adscope has no server of its own, no analytics and no tracking: what you search and save goes only to the service
      you connect.{' '}
      {home ? (
        <a href={`${home}/blob/main/PRIVACY.md`} target="_blank" rel="noreferrer">
          Privacy policy
        </a>
      ) : null}
    </p>
  );
}
