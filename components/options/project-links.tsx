import { projectFileUrl } from '@/components/ui/project-links';

/** Where Adscope's privacy policy can be read, and what it covers in one line. */
export function PrivacyNote() {
  const policy = projectFileUrl('PRIVACY.md');
  return (
    <p className="muted">
      Adscope has no server of its own, no analytics and no tracking: what you search and save goes only to the service
      you connect.{' '}
      {policy ? (
        <a href={policy} target="_blank" rel="noreferrer">
          Privacy policy
        </a>
      ) : null}
    </p>
  );
}
