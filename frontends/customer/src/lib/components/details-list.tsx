import type { ReactNode } from 'react';

/** Label and value pairs, one row each (one column on phones, two on wide screens). */
export function DetailsList({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="sample-details">
      {rows.map(([label, value]) => (
        <div className="sample-details__row" key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
