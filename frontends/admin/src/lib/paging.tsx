import { Table, type TableProps } from '@gleba/ui';
import type { TPageMeta } from '@gleba/contracts';
import { useDescribeError, useT } from './i18n';

/** Previous / next under a paged table. */
export function Pager({ meta, onPage }: { meta: TPageMeta | undefined; onPage: (page: number) => void }) {
  const tr = useT();
  if (!meta) return null;
  const pages = Math.max(1, Math.ceil(meta.total / meta.perPage));
  return (
    <nav className="pager" aria-label="pagination">
      <button
        type="button"
        className="gl-button gl-button--secondary"
        disabled={meta.prev === null}
        onClick={() => meta.prev !== null && onPage(meta.prev)}
      >
        {tr('admin.previous')}
      </button>
      <span>{tr('admin.pageOf', { page: meta.page, pages, total: meta.total })}</span>
      <button
        type="button"
        className="gl-button gl-button--secondary"
        disabled={meta.next === null}
        onClick={() => meta.next !== null && onPage(meta.next)}
      >
        {tr('admin.next')}
      </button>
    </nav>
  );
}

/** A list page's body: the load error when there is one, the table, then the pager. */
export function PagedTable<Row>({
  error,
  meta,
  onPage,
  className = 'table-wrap',
  ...table
}: TableProps<Row> & {
  error?: unknown;
  meta: TPageMeta | undefined;
  onPage: (page: number) => void;
  /** The box around the table. */
  className?: string;
}) {
  const describe = useDescribeError();
  return (
    <>
      {error ? (
        <p role="alert" className="gl-field__error">
          {describe(error)}
        </p>
      ) : null}
      <div className={className}>
        <Table {...table} />
      </div>
      <Pager meta={meta} onPage={onPage} />
    </>
  );
}
