import { projectFileUrl } from '@/components/ui/project-links';
import { useStoredItem } from '@/components/ui/use-stored-item';
import { RELEASE_NOTES, whatsNewItem } from '@/lib/storage/whats-new';
import { t } from '@/lib/i18n';
import './whats-new.css';
import 'virtual:adscope-english/panel';

/** After an update (which opens no tab), one line in the panel says so, until dismissed. */
export function WhatsNew() {
  const update = useStoredItem(whatsNewItem);
  if (!update) return null;
  const changelog = projectFileUrl('CHANGELOG.md');
  const note = RELEASE_NOTES[update.version];
  return (
    <div className="notice whats-new" role="status">
      <p>
        <strong>{t('panel.whatsNew.updated', { version: update.version })}</strong> {note ? t(note) : ''}{' '}
        {changelog ? (
          <a href={changelog} target="_blank" rel="noreferrer">
            {t('panel.whatsNew.link')}
          </a>
        ) : null}
      </p>
      <button type="button" className="btn btn-link" onClick={() => void whatsNewItem.remove()}>
        {t('panel.whatsNew.dismiss')}
      </button>
    </div>
  );
}
