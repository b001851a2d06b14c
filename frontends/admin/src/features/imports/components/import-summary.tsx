import type { TImportView } from '@gleba/contracts';
import { importMessage } from '@gleba/i18n';
import { useLang, useT } from '../../../lib/i18n';

/** The file-level message of an import in the panel's language (the service's text when it has no code). */
export function importErrorText(
  lang: Parameters<typeof importMessage>[0],
  detail: TImportView,
): string | null {
  if (!detail.errorCode) return null;
  return importMessage(lang, detail.errorCode, detail.errorParams, detail.errorMessage);
}

/** Status and counts of one import (wizard and history). */
export function ImportSummary({ detail }: { detail: TImportView }) {
  const tr = useT();
  const lang = useLang();
  const s = detail.summary;
  const error = importErrorText(lang, detail);
  return (
    <div className="summary" aria-label={tr('admin.summaryTitle')}>
      <p>
        <strong className={`status status--${detail.status}`}>
          {tr(`admin.importStatus${detail.status}`)}
        </strong>
        {error ? ` — ${error}` : ''}
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
