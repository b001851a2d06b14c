import { useState } from 'react';
import { hasMessage, namespaces } from '@gleba/i18n';
import { Table } from '@gleba/ui';
import { formatDate, useLang, useT } from '../../../lib/i18n';
import { Pager } from '../../../lib/paging';
import { useModeStore } from '../../../stores/mode-store';
import { useImportHistory } from '../api/imports';
import { importErrorText } from './import-summary';
import { ImportWizard } from './import-wizard';

/** The import wizard and the history of imports with their summaries. */
export function ImportsPage() {
  const tr = useT();
  const lang = useLang();
  const mode = useModeStore((s) => s.mode);
  const [page, setPage] = useState(1);
  const { data, isLoading } = useImportHistory(mode, page);
  return (
    <section className="page">
      <h1>{tr('admin.importTitle')}</h1>
      <ImportWizard />
      <h2>{tr('admin.historyTitle')}</h2>
      <div className="table-wrap">
        <Table
          loading={isLoading}
          rows={data?.items}
          rowKey={(i) => i.id}
          columns={[
            { key: 'date', header: tr('admin.createdAt'), cell: (i) => formatDate(lang, i.createdAt) },
            { key: 'file', header: tr('admin.fileName'), cell: (i) => i.fileName ?? '—' },
            {
              key: 'type',
              header: tr('admin.testType'),
              // A refused upload may name a test type that does not exist: shown as it was sent.
              cell: (i) =>
                hasMessage(namespaces, `labResults.test${i.testType}`)
                  ? tr(`labResults.test${i.testType}`)
                  : i.testType || '—',
            },
            {
              key: 'status',
              header: tr('admin.status'),
              cell: (i) => {
                const error = importErrorText(lang, i);
                return `${tr(`admin.importStatus${i.status}`)}${error ? ` — ${error}` : ''}`;
              },
            },
            { key: 'read', header: tr('admin.rowsRead'), cell: (i) => i.summary.rowsRead },
            { key: 'applied', header: tr('admin.rowsApplied'), cell: (i) => i.summary.applied },
            { key: 'rejected', header: tr('admin.rowsRejected'), cell: (i) => i.summary.rejected },
            { key: 'orders', header: tr('admin.ordersTouched'), cell: (i) => i.summary.ordersTouched },
          ]}
        />
      </div>
      <Pager meta={data?.meta} onPage={setPage} />
    </section>
  );
}
