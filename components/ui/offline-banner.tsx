import { useOnline } from './hooks';
import { t } from '@/lib/i18n';
import 'virtual:adscope-english/panel';

/** Says so when the browser is offline; cached results stay on screen. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <p className="notice notice-warning" role="status">
      {t('panel.offline')}
    </p>
  );
}
