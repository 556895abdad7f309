import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/**
 * What WXT's fake browser leaves out and the background's wiring touches: site access
 * (permissions), the context menu and commands, registered scripts, the side panel, runtime
 * ports and the manifest. Each is a small model in memory the week's simulation reads.
 */

type Listener = (...args: never[]) => unknown;

/**
 * Puts `value` in place of `target[key]` and returns what puts it back. Unlike a spy, it keeps
 * no record of the calls: over a simulated week that record would be most of the heap.
 */
export function swap<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): () => void {
  const had = Object.hasOwn(target, key);
  const before = target[key];
  target[key] = value;
  return () => {
    if (had) target[key] = before;
    else delete target[key];
  };
}

/** An extension event in memory: listeners added by the worker, fired by the simulation. */
export function simEvent<L extends Listener>() {
  const listeners: L[] = [];
  return {
    addListener: (listener: L) => void listeners.push(listener),
    removeListener: (listener: L) => {
      const index = listeners.indexOf(listener);
      if (index >= 0) listeners.splice(index, 1);
    },
    hasListener: (listener: L) => listeners.includes(listener),
    hasListeners: () => listeners.length > 0,
    removeAllListeners: () => void (listeners.length = 0),
    trigger: (...args: Parameters<L>) => {
      for (const listener of [...listeners]) listener(...args);
    },
  };
}
export type SimEvent<L extends Listener> = ReturnType<typeof simEvent<L>>;

type Port = Browser.runtime.Port;

/** The background's end of a port: what the page posts reaches it, and either end may close it. */
export interface PortPair {
  page: Port;
  background: Port;
  /** The worker died: the page hears its port close. */
  closeFromBackground(): void;
  /** A dead worker's listeners on its end never run again. */
  detachBackground(): void;
}

export function portPair(name: string, url: string): PortPair {
  const ends = () => ({ message: simEvent<(value: unknown) => void>(), disconnect: simEvent<() => void>() });
  const pageEnd = ends();
  const backgroundEnd = ends();
  let open = true;
  const close = (other: ReturnType<typeof ends>) => {
    if (!open) return;
    open = false;
    other.disconnect.trigger();
  };
  const end = (self: ReturnType<typeof ends>, other: ReturnType<typeof ends>, sender?: object) =>
    ({
      name,
      ...(sender ? { sender } : {}),
      postMessage: (value: unknown) => open && other.message.trigger(value),
      disconnect: () => close(other),
      onMessage: self.message,
      onDisconnect: self.disconnect,
    }) as unknown as Port;
  return {
    page: end(pageEnd, backgroundEnd),
    background: end(backgroundEnd, pageEnd, { url }),
    closeFromBackground: () => close(pageEnd),
    detachBackground: () => {
      backgroundEnd.message.removeAllListeners();
      backgroundEnd.disconnect.removeAllListeners();
    },
  };
}

/** Every event the background adds listeners to: a dead worker's are removed, a new worker adds its own. */
function workerEvents(extra: readonly { removeAllListeners(): void }[]) {
  return [
    fakeBrowser.alarms.onAlarm,
    fakeBrowser.runtime.onMessage,
    fakeBrowser.runtime.onStartup,
    fakeBrowser.runtime.onInstalled,
    fakeBrowser.storage.onChanged,
    fakeBrowser.storage.local.onChanged,
    fakeBrowser.storage.sync.onChanged,
    fakeBrowser.storage.session.onChanged,
    fakeBrowser.notifications.onClicked,
    ...extra,
  ];
}

/**
 * Installs the missing parts on the fake browser (reset it first). `granted` is the site access
 * held at run time, as `permissions.getAll` reports it; the manifest grants none at install.
 */
export function patchBrowser() {
  const granted = new Set<string>();
  const onRemoved = simEvent<(removed: { origins?: string[] }) => void>();
  const onAdded = simEvent<(added: { origins?: string[] }) => void>();
  const onConnect = simEvent<(port: Port) => void>();
  const menuClicked = simEvent<() => void>();
  const command = simEvent<() => void>();
  const { permissions, contextMenus, scripting, sidePanel } = fakeBrowser;
  const restores = [
    swap(permissions, 'getAll', async () => ({ origins: [...granted] })),
    swap(permissions, 'contains', async ({ origins = [] }) => origins.every((origin) => granted.has(origin))),
    swap(permissions, 'request', async ({ origins = [] }) => {
      for (const origin of origins) granted.add(origin);
      onAdded.trigger({ origins });
      return true;
    }),
    swap(permissions, 'remove', async ({ origins = [] }) => {
      const removed = origins.filter((origin) => granted.delete(origin));
      if (removed.length > 0) onRemoved.trigger({ origins: removed });
      return true;
    }),
    swap(contextMenus, 'create', () => 1),
    swap(scripting, 'getRegisteredContentScripts', async () => []),
    swap(scripting, 'registerContentScripts', async () => undefined),
    swap(scripting, 'unregisterContentScripts', async () => undefined),
    swap(sidePanel, 'open', async () => undefined),
  ];
  Object.assign(fakeBrowser.permissions, { onRemoved, onAdded });
  Object.assign(fakeBrowser.contextMenus, { onClicked: menuClicked });
  Object.assign(fakeBrowser.commands, { onCommand: command });
  Object.assign(fakeBrowser.runtime, {
    onConnect,
    getManifest: () => ({ manifest_version: 3, name: 'Adscope', version: '0.1.0', host_permissions: [] }),
    getPlatformInfo: async () => ({ os: 'linux', arch: 'x86-64', nacl_arch: 'x86-64' }),
  });
  const events = workerEvents([onRemoved, onAdded, onConnect, menuClicked, command]);
  return {
    granted,
    onConnect,
    /** A killed worker's listeners go with it. */
    removeWorkerListeners: () => events.forEach((event) => event.removeAllListeners()),
    restore: () => restores.forEach((restore) => restore()),
  };
}
export type PatchedBrowser = ReturnType<typeof patchBrowser>;
