import { browser } from 'wxt/browser';

/** Shown instead of data views until a base URL and key are saved. */
export function SetupPrompt() {
  return (
    <div className="empty-state">
      <h2>Connect Adscope to your workspace</h2>
      <p>Add the API base URL and your API key once; every view then works from here.</p>
      <button type="button" className="btn btn-primary" onClick={() => void browser.runtime.openOptionsPage()}>
        Open options
      </button>
    </div>
  );
}
