import type { ReactNode } from 'react';
import { useT } from '../i18n/ui-language';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The column's sort order, on the header cell (`aria-sort` belongs on the `<th>`, not on its button). */
  sort?: 'ascending' | 'descending' | 'none';
}

/**
 * A horizontally scrolling box for a table wider than a phone's screen. It is focusable and named
 * (a region), so a keyboard user can reach it and scroll it with the arrow keys (WCAG 2.1.1,
 * axe `scrollable-region-focusable`).
 */
export function TableScroll({ label, children }: { label?: string | undefined; children: ReactNode }) {
  const tr = useT();
  return (
    <div className="gl-table-scroll" tabIndex={0} role="region" aria-label={label ?? tr('ui.scrollRegion')}>
      {children}
    </div>
  );
}

export interface TableProps<Row> {
  columns: Column<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  /** While true, skeleton rows show instead of data. */
  loading?: boolean;
  skeletonRows?: number;
  empty?: ReactNode;
  caption?: string;
  /**
   * On a phone (below 768 px) each row becomes a card, every cell under its column's name, instead
   * of a table scrolling sideways.
   */
  stackOnNarrow?: boolean;
  /** Names the scrolling region around the table; the caption when not given. */
  label?: string;
}

export function Table<Row>({
  columns,
  rows,
  rowKey,
  loading,
  skeletonRows = 5,
  empty,
  caption,
  stackOnNarrow,
  label,
}: TableProps<Row>) {
  const tr = useT();
  const stack = (role: string) => (stackOnNarrow ? role : undefined);
  // The wrapper scrolls sideways when the columns do not fit (a phone) instead of widening the page.
  return (
    <TableScroll label={label ?? caption}>
      {/* Stacked as cards on a phone (display: block), a table loses its roles in the accessibility
          tree: they are given back explicitly so screen readers still read rows and cells. */}
      <table className={stackOnNarrow ? 'gl-table gl-table--stack' : 'gl-table'} role={stack('table')}>
        {caption && <caption>{caption}</caption>}
        <thead role={stack('rowgroup')}>
          <tr role={stack('row')}>
            {columns.map((c) => (
              <th key={c.key} scope="col" aria-sort={c.sort} role={stack('columnheader')}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role={stack('rowgroup')}>
          {loading ? (
            <SkeletonRows rows={skeletonRows} cells={columns.length} />
          ) : rows && rows.length > 0 ? (
            rows.map((row) => (
              <tr key={rowKey(row)} role={stack('row')}>
                {columns.map((c) => (
                  <td
                    key={c.key}
                    role={stack('cell')}
                    data-label={typeof c.header === 'string' ? c.header : undefined}
                  >
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          ) : (
            <tr role={stack('row')}>
              <td colSpan={columns.length} role={stack('cell')}>
                {empty ?? tr('ui.noData')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** Spec section 2: skeleton table rows of 5 cells. */
export function SkeletonRows({ rows = 5, cells = 5 }: { rows?: number; cells?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <tr key={r} aria-hidden="true" data-skeleton-row="">
          {Array.from({ length: cells }, (_, c) => (
            <td key={c}>
              <span className="gl-skeleton" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
