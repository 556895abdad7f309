import { t } from '@/lib/i18n';
import 'virtual:adscope-english/boards';

/**
 * Where saves go, said before the first one: when the service's boards are read-only through
 * its API, saves are kept on boards in this browser, with the service's own words for why.
 */
export function ReadOnlyNotice({ writes, message }: { writes: string; message?: string | undefined }) {
  if (writes !== 'refused') return null;
  return <p className="notice">{message ? t('boards.readOnly.answered', { message }) : t('boards.readOnly.notice')}</p>;
}
