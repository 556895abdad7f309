import type { Browser } from 'wxt/browser';

type Port = Browser.runtime.Port;
type Listener<T extends unknown[]> = (...args: T) => void;

/**
 * Two ends of a runtime port in memory: what one posts the other hears; either may close it
 * (the page's end with `page.disconnect()`, the background's, as a worker that stops does, with
 * `closeFromBackground()`). `open` says whether it is open still.
 */
export function portPair(name: string, url: string) {
  const make = () => {
    const message: Listener<[unknown]>[] = [];
    const disconnect: Listener<[]>[] = [];
    return { message, disconnect };
  };
  const a = make();
  const b = make();
  let open = true;
  const close = (other: ReturnType<typeof make>) => {
    if (!open) return;
    open = false;
    for (const listener of [...other.disconnect]) listener();
  };
  const end = (self: ReturnType<typeof make>, other: ReturnType<typeof make>, sender?: object) =>
    ({
      name,
      ...(sender ? { sender } : {}),
      postMessage: (value: unknown) => {
        if (open) other.message.forEach((listener) => listener(value));
      },
      disconnect: () => close(other),
      onMessage: { addListener: (l: Listener<[unknown]>) => self.message.push(l) },
      onDisconnect: {
        addListener: (l: Listener<[]>) => self.disconnect.push(l),
        removeListener: (l: Listener<[]>) => {
          const index = self.disconnect.indexOf(l);
          if (index >= 0) self.disconnect.splice(index, 1);
        },
      },
    }) as unknown as Port;
  return {
    page: end(a, b),
    background: end(b, a, { url }),
    closeFromBackground: () => close(a),
    get open() {
      return open;
    },
  };
}
