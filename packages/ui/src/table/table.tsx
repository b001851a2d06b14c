import type { ReactNode } from 'react';
import { useT } from '../i18n/ui-language';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
}

export interface TableProps<Row> {
  columns: Column<Row>[];
  rows: Row[] | undefined;
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
}: TableProps<Row>) {
  const tr = useT();
  // The wrapper scrolls sideways when the columns do not fit (a phone) instead of widening the page.
  return (
    <div className="gl-table-scroll">
      <table className={stackOnNarrow ? 'gl-table gl-table--stack' : 'gl-table'}>
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading ? (
            <SkeletonRows rows={skeletonRows} cells={columns.length} />
          ) : rows && rows.length > 0 ? (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c) => (
                  <td key={c.key} data-label={typeof c.header === 'string' ? c.header : undefined}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          ) : (
            <tr>
              <td colSpan={columns.length}>{empty ?? tr('ui.noData')}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
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
