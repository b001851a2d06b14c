import type { TImportView } from '@gleba/contracts';
import { useT } from '../../../lib/i18n';

/** Status and counts of one import (wizard and history). */
export function ImportSummary({ detail }: { detail: TImportView }) {
  const tr = useT();
  const s = detail.summary;
  return (
    <div className="summary" aria-label={tr('admin.summaryTitle')}>
      <p>
        <strong className={`status status--${detail.status}`}>
          {tr(`admin.importStatus${detail.status}`)}
        </strong>
        {detail.errorMessage ? ` — ${detail.errorMessage}` : ''}
      </p>
      <dl className="dl dl--inline">
        <div>
          <dt>{tr('admin.rowsRead')}</dt>
          <dd>{s.rowsRead}</dd>
        </div>
        <div>
          <dt>{tr('admin.rowsValid')}</dt>
          <dd>{s.valid}</dd>
        </div>
        <div>
          <dt>{tr('admin.rowsApplied')}</dt>
          <dd>{s.applied}</dd>
        </div>
        <div>
          <dt>{tr('admin.rowsRejected')}</dt>
          <dd>{s.rejected}</dd>
        </div>
        <div>
          <dt>{tr('admin.ordersTouched')}</dt>
          <dd>{s.ordersTouched}</dd>
        </div>
      </dl>
    </div>
  );
}
