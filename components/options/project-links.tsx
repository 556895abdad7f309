import { projectFileUrl } from '@/components/ui/project-links';
import { t } from '@/lib/i18n';
import 'virtual:adscope-english/options';

/** Where Adscope's privacy policy can be read, and what it covers in one line. */
export function PrivacyNote() {
  const policy = projectFileUrl('PRIVACY.md');
  return (
    <p className="muted">
      {t('options.privacy')}{' '}
      {policy ? (
        <a href={policy} target="_blank" rel="noreferrer">
          {t('options.privacyLink')}
        </a>
      ) : null}
    </p>
  );
}
