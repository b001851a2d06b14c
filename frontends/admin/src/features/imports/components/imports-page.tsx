import { useState } from 'react';
import { ImportTestType } from '@gleba/contracts';
import { formatDate, useLang, useT } from '../../../lib/i18n';
import { PagedTable } from '../../../lib/paging';
import { useModeStore } from '../../../stores/mode-store';
import { isImportBusy, useImportHistory } from '../api/imports';
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
      <PagedTable
        className="table-wrap imports-history"
        loading={isLoading}
        rows={data?.items}
        rowKey={(i) => i.id}
        columns={[
          { key: 'date', header: tr('admin.createdAt'), cell: (i) => formatDate(lang, i.createdAt) },
          {
            key: 'file',
            header: tr('admin.fileName'),
            cell: (i) => <span className="imports__file">{i.fileName ?? '—'}</span>,
          },
          {
            key: 'type',
            header: tr('admin.testType'),
            // A refused upload may carry a test type the panel does not know.
            cell: (i) =>
              ImportTestType.safeParse(i.testType).success ? tr(`labResults.test${i.testType}`) : '—',
          },
          {
            key: 'status',
            header: tr('admin.status'),
            cell: (i) => (
              <div className="imports__status">
                <span className={`status status--${i.status}`}>{tr(`admin.importStatus${i.status}`)}</span>
                {i.errorCode && <span className="imports__message">{importErrorText(lang, i)}</span>}
              </div>
            ),
          },
          {
            key: 'rows',
            header: tr('admin.importRowsColumn'),
            cell: (i) =>
              // Counts exist once the check has read the file; a refused or waiting file has none.
              isImportBusy(i.status) || i.status === 'REJECTED' ? (
                '—'
              ) : (
                <span className="imports__counts">
                  {tr('admin.importRowsCounts', {
                    read: i.summary.rowsRead,
                    applied: i.summary.applied,
                    rejected: i.summary.rejected,
                  })}
                </span>
              ),
          },
          { key: 'orders', header: tr('admin.ordersTouched'), cell: (i) => i.summary.ordersTouched },
        ]}
        meta={data?.meta}
        onPage={setPage}
      />
    </section>
  );
}
