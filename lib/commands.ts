/**
 * The keyboard commands the manifest declares, by the id the browser reports them under.
 * The browser owns their keys: the user may change or remove them, so pages read them from
 * `commands.getAll()` and never print the defaults as if they were the user's.
 */
export const COMMANDS = {
  /** Chrome's side panel (a command of ours). */
  openPanel: 'open-side-panel',
  /** Firefox's sidebar: the browser's own command, which toggles it. */
  openSidebar: '_execute_sidebar_action',
  findSimilar: 'find-similar',
} as const;

/**
 * The key each command gets at install, where the browser has it free. Chrome keeps Alt+Shift+A
 * for itself (focus an inactive dialog) and gives it to no extension, so its panel takes D.
 */
export const DEFAULT_SHORTCUTS = {
  openPanel: 'Alt+Shift+D',
  openSidebar: 'Alt+Shift+A',
  findSimilar: 'Alt+Shift+S',
} as const;
