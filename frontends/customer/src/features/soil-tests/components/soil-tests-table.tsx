import { useState } from 'react';
import { Link } from 'react-router';
import { Table } from '@gleba/ui';
import { useLang, useT } from '../../../lib/i18n';
import { useSoilTests, type MyTestsTab, type SoilTestRow } from '../../../lib/api/soil-tests';
import { formatDate, hasResults, isEditable, isFarmShippable, isShippable } from '../../../lib/test-status';

/** My tests: `GET /api/soil-tests?tab=ORDERED|ARCHIVE&page&perPage`, one page at a time. */
export function SoilTestsTable({ limit }: { limit?: number }) {
  const tr = useT();
  const lang = useLang();
  const [tab, setTab] = useState<MyTestsTab>('ORDERED');
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useSoilTests(tab, page, limit);
  const choose = (next: MyTestsTab) => {
    setTab(next);
    setPage(1);
  };
  const meta = data?.meta;
  const pages = meta ? Math.max(1, Math.ceil(meta.total / meta.perPage)) : 1;
  return (
    <div>
      {!limit && (
        <div className="tabs" role="tablist">
          {(['ORDERED', 'ARCHIVE'] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              className="tabs__tab"
              aria-selected={tab === t}
              onClick={() => choose(t)}
            >
              {tr(t === 'ORDERED' ? 'customerTests.tabOrdered' : 'customerTests.tabArchive')}
            </button>
          ))}
        </div>
      )}
      {error ? (
        <p className="muted">{tr('customerTests.testsUnavailable')}</p>
      ) : (
        <Table<SoilTestRow>
          loading={isLoading}
          rows={data?.items}
          rowKey={(r) => r.id}
          empty={tr('customerTests.noTests')}
          stackOnNarrow
          columns={[
            { key: 'name', header: tr('customerTests.colName'), cell: (r) => r.name ?? '—' },
            { key: 'number', header: tr('customerTests.colNumber'), cell: (r) => r.orderNumber ?? '—' },
            { key: 'code', header: tr('customerTests.colCode'), cell: (r) => r.barcode ?? '—' },
            {
              key: 'status',
              header: tr('customerTests.colStatus'),
              cell: (r) => (r.status ? tr(`customerTests.status_${r.status}`) : '—'),
            },
            {
              key: 'date',
              header: tr('customerTests.colDate'),
              cell: (r) => (r.orderDate ? formatDate(lang, r.orderDate) : '—'),
            },
            {
              key: 'actions',
              header: tr('customerTests.colActions'),
              cell: (r) => (
                <span className="row-actions">
                  {hasResults(r.status) && (
                    <Link
                      to={`/soil-tests/${encodeURIComponent(r.id)}/results${r.kind === 'FARM' ? '?order' : ''}`}
                    >
                      {tr('customerTests.showResults')}
                    </Link>
                  )}
                  {r.kind !== 'FARM' && (
                    // Only a test waiting for shipment can be changed (the API refuses the rest):
                    // a cancelled or shipped one is opened to be read.
                    <Link to={`/soil-tests/edit/${encodeURIComponent(r.id)}`}>
                      {tr(isEditable(r.status) ? 'customerTests.edit' : 'customerTests.viewDetails')}
                    </Link>
                  )}
                  {(r.kind === 'FARM' ? isFarmShippable(r.status) : isShippable(r.status)) && (
                    <Link to={`/soil-tests/${encodeURIComponent(r.id)}/send`}>
                      {tr('customerTests.sendSamples')}
                    </Link>
                  )}
                </span>
              ),
            },
          ]}
        />
      )}
      {!limit && meta && pages > 1 && (
        <nav className="pager" aria-label={tr('customerTests.pageOf', { page, pages })}>
          <button
            type="button"
            className="gl-button gl-button--secondary"
            disabled={!meta.prev}
            onClick={() => setPage(meta.prev ?? 1)}
          >
            {tr('customerTests.pagePrev')}
          </button>
          <span>{tr('customerTests.pageOf', { page, pages })}</span>
          <button
            type="button"
            className="gl-button gl-button--secondary"
            disabled={!meta.next}
            onClick={() => setPage(meta.next ?? page)}
          >
            {tr('customerTests.pageNext')}
          </button>
        </nav>
      )}
    </div>
  );
}
