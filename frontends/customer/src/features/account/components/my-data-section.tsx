import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmationDialog, FormError, PasswordField, toast } from '@gleba/ui';
import type { Language, TPrivacyRequest } from '@gleba/contracts';
import { describeError, useLang, useT } from '../../../lib/i18n';
import { ERASED } from '../../../lib/logout-state';
import { downloadArchive, requestErasure, requestExport, usePrivacyRequests } from '../api/my-data';

const LOCALE: Record<Language, string> = { pl: 'pl-PL', en: 'en-GB', uk: 'uk-UA' };
export const dateOf = (lang: Language, iso: string) =>
  new Intl.DateTimeFormat(LOCALE[lang], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Warsaw',
  }).format(new Date(iso));

/** One request: what, when, how far (parts answered), and the archive while it can be downloaded. */
export function PrivacyRequestItem({ r }: { r: TPrivacyRequest }) {
  const tr = useT();
  const lang = useLang();
  const [busy, setBusy] = useState(false);
  const done = r.services.filter((s) => s.done).length;
  async function onDownload() {
    setBusy(true);
    try {
      await downloadArchive(r.id);
    } catch (error) {
      toast.error(describeError(lang, error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="my-data__request">
      <strong>{tr(`customer.myDataKind${r.kind}`)}</strong>
      <span className="muted">
        {' '}
        · {tr('customer.myDataRequestedAt', { date: dateOf(lang, r.requestedAt) })}
      </span>
      <p role="status">
        {r.status === 'COMPLETED' && r.completedAt
          ? tr('customer.myDataCompleted', { date: dateOf(lang, r.completedAt) })
          : tr('customer.myDataInProgress', { done, total: r.services.length })}
      </p>
      {r.kind === 'EXPORT' && r.status === 'COMPLETED' && (
        <>
          {r.archiveAvailable && r.archiveExpiresAt ? (
            <>
              <p className="muted">
                {tr('customer.myDataAvailableUntil', { date: dateOf(lang, r.archiveExpiresAt) })}
              </p>
              <button type="button" className="gl-button" disabled={busy} onClick={() => void onDownload()}>
                {tr('customer.myDataDownload')}
              </button>
            </>
          ) : (
            <p className="muted">{tr('customer.myDataExpired')}</p>
          )}
        </>
      )}
    </li>
  );
}

function DeleteAccountForm({ social }: { social: boolean }) {
  const tr = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string>();
  const [linkSent, setLinkSent] = useState(false);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(undefined);
    setConfirming(true);
  }
  async function onConfirm() {
    setBusy(true);
    try {
      const answer = await requestErasure(password || undefined);
      setConfirming(false);
      if (answer.confirmationSent) {
        setLinkSent(true);
        toast.success(tr('customer.deleteAccountLinkSent'));
      } else {
        toast.success(tr('customer.deleteAccountDone'));
        navigate('/logout', { state: ERASED });
      }
    } catch (error) {
      setConfirming(false);
      setFormError(describeError(lang, error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <p>{tr('customer.deleteAccountIntro')}</p>
      <PasswordField
        label={tr('customer.deleteAccountPassword')}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {social && <p className="muted">{tr('customer.deleteAccountSocialHint')}</p>}
      <FormError>{formError}</FormError>
      {linkSent && <p role="status">{tr('customer.deleteAccountLinkSent')}</p>}
      <button type="submit" className="gl-button gl-button--danger" disabled={busy}>
        {tr('customer.deleteAccountSubmit')}
      </button>
      <ConfirmationDialog
        open={confirming}
        danger
        title={tr('customer.deleteAccountConfirmTitle')}
        confirmLabel={tr('customer.deleteAccountSubmit')}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirming(false)}
        busy={busy}
      >
        <p>{tr('customer.deleteAccountConfirmText')}</p>
      </ConfirmationDialog>
    </form>
  );
}

/** My account: "Download my data" and "Delete my account" (decisions 0056, 0057). */
export function MyDataSection({ social }: { social: boolean }) {
  const tr = useT();
  const lang = useLang();
  const { data, mutate } = usePrivacyRequests();
  const [busy, setBusy] = useState(false);
  async function onExport() {
    setBusy(true);
    try {
      await requestExport();
      await mutate();
      toast.success(tr('customer.myDataExportStarted'));
    } catch (error) {
      toast.error(describeError(lang, error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <section className="card my-data" aria-labelledby="my-data-title">
        <h2 id="my-data-title">{tr('customer.myDataTitle')}</h2>
        <p>{tr('customer.myDataIntro')}</p>
        <button type="button" className="gl-button" disabled={busy} onClick={() => void onExport()}>
          {tr('customer.myDataExport')}
        </button>
        <h3>{tr('customer.myDataRequests')}</h3>
        {data && data.length === 0 && <p className="muted">{tr('customer.myDataNoRequests')}</p>}
        {data && data.length > 0 && (
          <ul className="my-data__requests">
            {data.map((r) => (
              <PrivacyRequestItem key={r.id} r={r} />
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="delete-account-title">
        <h2 id="delete-account-title">{tr('customer.deleteAccountTitle')}</h2>
        <DeleteAccountForm social={social} />
      </section>
    </>
  );
}
