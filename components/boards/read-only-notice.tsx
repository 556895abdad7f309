/**
 * Where saves go, said before the first one: when the service's boards are read-only through
 * its API, saves are kept on boards in this browser, with the service's own words for why.
 */
export function ReadOnlyNotice({ writes, message }: { writes: string; message?: string | undefined }) {
  if (writes !== 'refused') return null;
  return (
    <p className="notice">
      Saves are kept on boards in this browser: this service&apos;s boards are read-only through its API
      {message ? ` (it answered “${message}”)` : ''}. They stay here until you delete them, and go into exports, reports
      and downloads like any board.
    </p>
  );
}
