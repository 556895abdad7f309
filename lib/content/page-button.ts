import { browser } from 'wxt/browser';
import type { PageButtonWords } from '../messaging/page-trigger';

const STYLE = `
.bubble{display:flex;flex-direction:column;align-items:flex-start;gap:6px;
  font:13px/1.35 system-ui,-apple-system,"Segoe UI",sans-serif;color-scheme:light dark}
button{font:inherit;font-weight:600;padding:6px 12px;border-radius:8px;border:1px solid #1e40af;
  background:#1d4ed8;color:#fff;cursor:pointer;box-shadow:0 2px 10px rgb(0 0 0 / .25)}
button:hover{background:#1e40af}
button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.hint{max-width:260px;padding:6px 10px;border-radius:8px;border:1px solid #d1d5db;background:#fff;color:#111827;
  box-shadow:0 2px 10px rgb(0 0 0 / .2)}
.hint:empty{display:none}
@media (prefers-color-scheme:dark){
  button{background:#60a5fa;border-color:#93c5fd;color:#0b1220}
  button:hover{background:#93c5fd}
  .hint{background:#111827;color:#f3f4f6;border-color:#4b5563}
}`;

const MIN_SELECTION = 2;
const MAX_SELECTION = 500;

/** Events that stop at the shadow root, so the page's listeners never hear the button. */
const ISOLATED_EVENTS = ['keydown', 'keyup', 'keypress', 'mousedown', 'mouseup', 'click', 'focusin', 'focusout'];

/** The isolated-world global naming the copy of the script that owns the button (page scripts cannot see it). */
const OWNER_GLOBAL = '__adscopePageButtonOwner';

/**
 * Whether this copy of the script is still the one to show the button: the newest copy takes
 * over from older ones through a global of the extension's isolated world, which a page's
 * scripts can neither read nor write, and an update or removal of the extension (its id gone)
 * ends every copy. Nothing here listens to an event a page could fire.
 */
function claimOwnership(): () => boolean {
  const token = {};
  (globalThis as Record<string, unknown>)[OWNER_GLOBAL] = token;
  return () => (globalThis as Record<string, unknown>)[OWNER_GLOBAL] === token && browser.runtime?.id != null;
}

/**
 * The opt-in button: shown next to a text selection the user made, in a closed shadow root
 * that the page's CSS cannot style, its scripts cannot reach and its listeners cannot hear;
 * added only while a selection is shown. It reacts to the user's own events only (a page can
 * dispatch a mouseup or a click, but not a trusted one). This is what WXT's createShadowRootUi
 * does (shadow root, `all: initial` reset, isolated events), written out because its
 * auto-mount helpers alone would take the script past its 5 KB budget. Its words come from the
 * worker, in the language chosen in Options (`askWords`): asked for each new selection it is shown for, as this script can neither read the choice (storage is closed to content scripts) nor
 * hear it change, so a language chosen while the page is open reaches the button at its next use.
 */
export function mountPageButton(
  send: (selection: string) => Promise<{ opened: boolean } | null>,
  askWords: () => Promise<PageButtonWords | null>,
): void {
  const alive = claimOwnership();
  const listeners = new AbortController();
  let host: HTMLElement | null = null;
  let hint: HTMLElement | null = null;
  let selected = '';
  let words: PageButtonWords | null = null;
  let asking = false;

  const hide = () => {
    selected = '';
    host?.remove();
  };
  const stop = () => {
    listeners.abort();
    hide();
  };

  const create = (said: PageButtonWords): HTMLElement => {
    const element = document.createElement('adscope-find-similar');
    const shadow = element.attachShadow({ mode: 'closed' });
    for (const type of ISOLATED_EVENTS) shadow.addEventListener(type, (event) => event.stopPropagation());
    const style = document.createElement('style');
    style.textContent = `:host{all:initial !important;position:fixed !important;z-index:2147483647 !important}${STYLE}`;
    const root = document.createElement('div');
    root.className = 'bubble';
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = said.label;
    button.title = said.title;
    const status = document.createElement('div');
    status.className = 'hint';
    status.setAttribute('role', 'status');
    // Keep the page's selection when the button is pressed.
    button.addEventListener('mousedown', (event) => event.preventDefault());
    button.addEventListener('click', (event) => {
      // Only the user's own click (or Enter) counts, and only while this copy is alive.
      if (!event.isTrusted) return;
      if (!alive()) return stop();
      status.textContent = '';
      send(selected).then(
        (reply) => {
          if (reply?.opened) hide();
          else status.textContent = reply ? said.ready : said.refused;
        },
        () => {
          status.textContent = said.gone;
        },
      );
    });
    button.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && event.isTrusted) hide();
    });
    root.append(button, status);
    shadow.append(style, root);
    hint = status;
    return element;
  };

  // Shown with the words it has (none at first: shown once they are here); new ones redraw it.
  const learn = () => {
    if (asking) return;
    asking = true;
    void askWords().then((said) => {
      asking = false;
      if (!said || JSON.stringify(said) === JSON.stringify(words)) return;
      words = said;
      host?.remove();
      host = null;
      check(false);
    });
  };

  const check = (ask = true) => {
    if (!alive()) return stop();
    const selection = window.getSelection();
    const text = (selection?.toString() ?? '').replace(/\s+/g, ' ').trim();
    if (!selection || selection.isCollapsed || selection.rangeCount === 0 || text.length < MIN_SELECTION) {
      hide();
      return;
    }
    const rect = selection.getRangeAt(0).getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) {
      hide();
      return;
    }
    // Asked for each new selection it is shown for, not at each release while the selection stays
    // (a key pressed, a click that leaves it): one message to the worker a selection.
    if (ask && text.slice(0, MAX_SELECTION) !== selected) learn();
    if (!words) return;
    selected = text.slice(0, MAX_SELECTION);
    host ??= create(words);

    host.style.setProperty('top', `${Math.round(Math.min(rect.bottom + 8, window.innerHeight - 48))}px`, 'important');
    host.style.setProperty(
      'left',
      `${Math.round(Math.max(8, Math.min(rect.left, window.innerWidth - 200)))}px`,
      'important',
    );
    if (hint) hint.textContent = '';
    if (!host.isConnected) document.documentElement.append(host);
  };

  // A selection is final once the mouse or key is released; nothing runs before that, and a
  // page dispatching those events itself shows nothing.
  const options = { signal: listeners.signal };
  document.addEventListener(
    'mouseup',
    (event) => {
      if (event.isTrusted) setTimeout(check, 0);
    },
    options,
  );
  document.addEventListener(
    'keyup',
    (event) => {
      if (!event.isTrusted) return;
      if (event.key === 'Escape') hide();
      else check();
    },
    options,
  );
  window.addEventListener('scroll', hide, { ...options, passive: true, capture: true });
}
