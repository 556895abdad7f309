/** Placeholder rows shown while data loads; announced once as busy. */
export function SkeletonList({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <span key={index} className="skeleton" style={{ height: 44, marginBottom: 8 }} aria-hidden="true" />
      ))}
    </div>
  );
}
