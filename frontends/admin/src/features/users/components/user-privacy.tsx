import { useState } from 'react';
import type { PrivacyService, TCurrentUser, TPrivacyRequest } from '@gleba/contracts';
import { toast } from '@gleba/ui';
import { saveBlob } from '../../../lib/files';
import { formatDate, useDescribeError, useLang, useT } from '../../../lib/i18n';
import { useModeStore } from '../../../stores/mode-store';
import { fetchUserArchive, requestUserErasure, requestUserExport, usePrivacyRequests } from '../api/users';

const SERVICE_LABEL: Record<PrivacyService, string> = {
  identity: 'admin.privacySvcIdentity',
  geo: 'admin.privacySvcGeo',
  orders: 'admin.privacySvcOrders',
  'lab-import': 'admin.privacySvcLabImport',
  shipping: 'admin.privacySvcShipping',
  notification: 'admin.privacySvcNotification',
};

function RequestProgress({ r }: { r: TPrivacyRequest }) {
  const tr = useT();
  const lang = useLang();
  const describe = useDescribeError();
  async function download() {
    try {
      const { blob, fileName } = await fetchUserArchive(r.id);
      saveBlob(blob, fileName.endsWith('.zip') ? fileName : 'gleba-data.zip');
    } catch (error) {
      toast.error(describe(error));
    }
  }
  return (
    <div className="privacy-request">
      <p>
        <strong>{tr(`admin.privacyKind${r.kind}`)}</strong>{' '}
        {tr('admin.privacyRequested', {
          date: formatDate(lang, r.requestedAt),
          by: tr(`admin.privacyBy${r.requestedBy}`),
        })}
        {' · '}
        {r.completedAt
          ? tr('admin.privacyDone', { date: formatDate(lang, r.completedAt) })
          : tr('admin.privacyInProgress')}
      </p>
      {r.overdue && (
        <p role="alert" className="gl-field__error">
          {tr('admin.privacyOverdue')}
        </p>
      )}
      <table className="privacy-request__services">
        <thead>
          <tr>
            <th scope="col">{tr('admin.privacyService')}</th>
            <th scope="col">{tr('admin.privacyAnswer')}</th>
            <th scope="col">{tr('admin.privacyAttempts')}</th>
          </tr>
        </thead>
        <tbody>
          {r.services.map((s) => (
            <tr key={s.service}>
              <th scope="row">{tr(SERVICE_LABEL[s.service])}</th>
              <td>{s.answeredAt ? formatDate(lang, s.answeredAt) : tr('admin.privacyWaiting')}</td>
              <td>{s.attempts}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {r.archiveAvailable && (
        <button type="button" className="gl-button gl-button--secondary" onClick={() => void download()}>
          {tr('admin.privacyDownload')}
        </button>
      )}
    </div>
  );
}

/** In a user's details: export or erase their data on request, and each request's progress per service. */
export function UserPrivacy({ user }: { user: TCurrentUser }) {
  const tr = useT();
  const describe = useDescribeError();
  const mode = useModeStore((s) => s.mode);
  const { data, mutate } = usePrivacyRequests(mode, user.id);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    try {
      await action();
      toast.success(tr('admin.privacyStarted'));
      await mutate();
    } catch (error) {
      toast.error(describe(error));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }
  return (
    <section className="privacy" aria-labelledby="privacy-title">
      <h3 id="privacy-title">{tr('admin.privacyTitle')}</h3>
      <p>{tr('admin.privacyIntro')}</p>
      <div className="row-actions">
        <button
          type="button"
          className="gl-button gl-button--secondary"
          disabled={busy}
          onClick={() => void run(() => requestUserExport(user.id))}
        >
          {tr('admin.privacyExport')}
        </button>
        {user.role === 'USER' && !confirming && (
          <button
            type="button"
            className="gl-button gl-button--danger"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {tr('admin.privacyErase')}
          </button>
        )}
      </div>
      {confirming && (
        <div role="group" aria-labelledby="privacy-erase-confirm" className="privacy__confirm">
          <p id="privacy-erase-confirm">{tr('admin.privacyEraseConfirm', { email: user.email })}</p>
          <div className="row-actions">
            <button
              type="button"
              className="gl-button gl-button--secondary"
              onClick={() => setConfirming(false)}
            >
              {tr('ui.no')}
            </button>
            <button
              type="button"
              className="gl-button gl-button--danger"
              disabled={busy}
              onClick={() => void run(() => requestUserErasure(user.id))}
            >
              {tr('admin.privacyErase')}
            </button>
          </div>
        </div>
      )}
      {data && data.length === 0 && <p className="muted">{tr('admin.privacyNone')}</p>}
      {data?.map((r) => (
        <RequestProgress key={r.id} r={r} />
      ))}
    </section>
  );
}
