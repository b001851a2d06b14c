import { Link } from 'react-router';
import { Table } from '@gleba/ui';
import { useLang, useT } from '../../../lib/i18n';
import { useSoilTests, type SoilTestRow } from '../api/soil-tests';

/** My tests (placeholder list from `GET /api/soil-tests` while the orders API is being built). */
export function SoilTestsTable({ limit }: { limit?: number }) {
  const tr = useT();
  const lang = useLang();
  const { data, error, isLoading } = useSoilTests();
  if (error) return <p className="muted">{tr('customer.testsUnavailable')}</p>;
  const rows = limit ? data?.slice(0, limit) : data;
  return (
    <Table<SoilTestRow>
      loading={isLoading}
      rows={rows}
      rowKey={(r) => r.id}
      empty={tr('customer.noTests')}
      columns={[
        { key: 'name', header: tr('customer.testName'), cell: (r) => r.name ?? '—' },
        { key: 'number', header: tr('customer.testNumber'), cell: (r) => r.orderNumber ?? '—' },
        { key: 'status', header: tr('customer.testStatus'), cell: (r) => r.status ?? '—' },
        { key: 'date', header: tr('customer.testDate'), cell: (r) => (r.orderDate ? new Date(r.orderDate).toLocaleDateString(lang === 'en' ? 'en-GB' : lang === 'uk' ? 'uk-UA' : 'pl-PL') : '—') },
        {
          key: 'actions',
          header: tr('customer.testActions'),
          cell: (r) => (
            <span className="row-actions">
              <Link to={`/soil-tests/${encodeURIComponent(r.id)}/results`}>{tr('customer.showResults')}</Link>
              <Link to={`/soil-tests/edit/${encodeURIComponent(r.id)}`}>{tr('customer.editTest')}</Link>
            </span>
          ),
        },
      ]}
    />
  );
}
