import { projectFileUrl } from '@/components/ui/project-links';
import { useStoredItem } from '@/components/ui/use-stored-item';
import { RELEASE_NOTES, whatsNewItem } from '@/lib/storage/whats-new';
import './whats-new.css';

/** After an update (which opens no tab), one line in the panel says so, until dismissed. */
export function WhatsNew() {
  const update = useStoredItem(whatsNewItem);
  if (!update) return null;
  const changelog = projectFileUrl('CHANGELOG.md');
  const note = RELEASE_NOTES[update.version];
  return (
    <div className="notice whats-new" role="status">
      <p>
        <strong>Adscope was updated to version {update.version}.</strong> {note ?? ''}{' '}
        {changelog ? (
          <a href={changelog} target="_blank" rel="noreferrer">
            What's new
          </a>
        ) : null}
      </p>
      <button type="button" className="btn btn-link" onClick={() => void whatsNewItem.remove()}>
        Dismiss
      </button>
    </div>
  );
}
