/**
 * Removes each `<link rel="modulepreload">` once its module is loaded. Vite's preload helper
 * adds one to the head for every chunk a lazy view needs (about 60 in the side panel once every
 * tab is loaded) and never takes them out; loaded, they do nothing but count against the page's
 * DOM budget. The helper remembers what it preloaded in memory, so it adds none of them again.
 */
export function dropSpentPreloads(doc: Document = document): void {
  const dropOnceLoaded = (link: HTMLLinkElement) => {
    const remove = () => link.remove();
    link.addEventListener('load', remove, { once: true });
    link.addEventListener('error', remove, { once: true });
  };
  // The page's own, in its HTML, are the entry's static imports: loaded before it runs.
  for (const link of doc.head.querySelectorAll('link[rel="modulepreload"]')) link.remove();
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node instanceof HTMLLinkElement && node.rel === 'modulepreload') dropOnceLoaded(node);
  }).observe(doc.head, { childList: true });
}
