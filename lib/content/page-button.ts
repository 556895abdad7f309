import type { ContentScriptContext } from 'wxt/utils/content-script-context';

const STYLE = `
.bubble{position:fixed;z-index:2147483647;display:flex;flex-direction:column;align-items:flex-start;gap:6px;
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

/**
 * The opt-in button: shown next to a text selection, in a shadow root that the page's CSS
 * cannot style and its listeners cannot hear; added only while a selection is shown and
 * removed with the extension (when WXT invalidates the context). This is what WXT's
 * createShadowRootUi does (shadow root, `all: initial` reset, isolated events), written out
 * because its auto-mount helpers alone would take the script past its 5 KB budget.
 */
export function mountPageButton(
  ctx: ContentScriptContext,
  send: (selection: string) => Promise<{ opened: boolean } | null>,
): void {
  let host: HTMLElement | null = null;
  let bubble: HTMLElement | null = null;
  let hint: HTMLElement | null = null;
  let selected = '';

  const hide = () => {
    selected = '';
    host?.remove();
  };

  const create = (): HTMLElement => {
    const element = document.createElement('adscope-find-similar');
    const shadow = element.attachShadow({ mode: 'open' });
    for (const type of ISOLATED_EVENTS) shadow.addEventListener(type, (event) => event.stopPropagation());
    const style = document.createElement('style');
    style.textContent = `:host{all:initial !important}${STYLE}`;
    const root = document.createElement('div');
    root.className = 'bubble';
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Find similar ads';
    button.title = 'Adscope: find ads similar to this page and selection (Alt+Shift+S)';
    const status = document.createElement('div');
    status.className = 'hint';
    status.setAttribute('role', 'status');
    // Keep the page's selection when the button is pressed.
    button.addEventListener('mousedown', (event) => event.preventDefault());
    button.addEventListener('click', (event) => {
      // A page script can click a button it finds; only the user's own click counts.
      if (!event.isTrusted || ctx.isInvalid) return;
      status.textContent = '';
      send(selected).then(
        (reply) => {
          if (reply?.opened) hide();
          else if (reply) status.textContent = 'Ready in Adscope: open its side panel (Alt+Shift+A) to see the ads.';
          else status.textContent = 'Adscope could not take this page. Reload it and try again.';
        },
        () => {
          status.textContent = 'Adscope was updated or turned off. Reload the page to use it here.';
        },
      );
    });
    button.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') hide();
    });
    root.append(button, status);
    shadow.append(style, root);
    bubble = root;
    hint = status;
    ctx.onInvalidated(() => element.remove());
    return element;
  };

  const check = () => {
    if (ctx.isInvalid) return;
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
    selected = text.slice(0, MAX_SELECTION);
    host ??= create();
    if (bubble) {
      bubble.style.top = `${Math.round(Math.min(rect.bottom + 8, window.innerHeight - 48))}px`;
      bubble.style.left = `${Math.round(Math.max(8, Math.min(rect.left, window.innerWidth - 200)))}px`;
    }
    if (hint) hint.textContent = '';
    if (!host.isConnected) document.documentElement.append(host);
  };

  // A selection is final once the mouse or key is released; nothing runs before that.
  ctx.addEventListener(document, 'mouseup', () => ctx.setTimeout(check, 0));
  ctx.addEventListener(document, 'keyup', (event) => (event.key === 'Escape' ? hide() : check()));
  ctx.addEventListener(window, 'scroll', hide, { passive: true, capture: true });
}
