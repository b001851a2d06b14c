import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FormError, toast } from '@gleba/ui';
import { describeError, useLang, useT } from '../../../lib/i18n';
import { ERASED } from '../../../lib/logout-state';
import { confirmErasure, usePrivacyRequests } from '../api/my-data';
import { PrivacyRequestItem } from './my-data-section';

/** `/account/data/:requestId`: the e-mailed link of a ready export (the download needs this sign-in); the top bar leads back. */
export function DataArchivePage() {
  const tr = useT();
  const { requestId } = useParams();
  const { data, isLoading } = usePrivacyRequests();
  const request = data?.find((r) => r.id === requestId);
  return (
    <div className="page account">
      <section className="card">
        <h2>{tr('customer.myDataArchiveTitle')}</h2>
        {isLoading && <p aria-busy="true">{tr('common.loading')}</p>}
        {data && !request && <FormError>{tr('errors.privacyRequestNotFound')}</FormError>}
        {request && (
          <ul className="my-data__requests">
            <PrivacyRequestItem r={request} />
          </ul>
        )}
      </section>
    </div>
  );
}

/** `/account/delete/:token`: a social sign-in account confirms its erasure from the e-mailed link. */
export function ConfirmErasurePage() {
  const tr = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  async function onConfirm() {
    setBusy(true);
    setError(undefined);
    try {
      await confirmErasure(token);
      toast.success(tr('customer.deleteAccountDone'));
      navigate('/logout', { state: ERASED });
    } catch (e) {
      setError(describeError(lang, e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="page account">
      <section className="card">
        <h2>{tr('customer.deleteAccountConfirmTitle')}</h2>
        <p>{tr('customer.deleteAccountIntro')}</p>
        <FormError>{error}</FormError>
        <button
          type="button"
          className="gl-button gl-button--danger"
          disabled={busy}
          onClick={() => void onConfirm()}
        >
          {tr('customer.deleteAccountSubmit')}
        </button>
      </section>
    </div>
  );
}
