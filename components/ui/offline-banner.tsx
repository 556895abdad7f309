import { useOnline } from './hooks';

/** Says so when the browser is offline; cached results stay on screen. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <p className="notice notice-warning" role="status">
      You are offline. Showing what Adscope already loaded; new searches resume when the connection returns.
    </p>
  );
}
