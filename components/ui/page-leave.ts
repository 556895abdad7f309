/**
 * Runs `callback` when the page is hidden or closed: on `visibilitychange` to hidden, and on
 * `pagehide` unless the page was already hidden (a closing panel fires both), so the work is
 * done once per leave. Returns the unsubscribe function.
 */
export function onPageLeave(callback: () => void): () => void {
  let handled = false;
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') {
      handled = true;
      callback();
    } else {
      handled = false;
    }
  };
  const onPageHide = () => {
    if (!handled) callback();
    handled = true;
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', onPageHide);
  };
}
