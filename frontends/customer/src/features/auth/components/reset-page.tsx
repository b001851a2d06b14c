import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { TextField } from '@gleba/ui';
import { ZEmailBody } from '@gleba/contracts';
import { AuthCard } from '../../../components/auth-card';
import { fieldMessage, useLang, useT } from '../../../lib/i18n';
import { fieldErrors } from '../../../lib/zod-errors';
import { forgotPassword } from '../api/auth';
import { forgotPasswordFailure } from '../rules/auth-errors';
import { AuthSubmit } from './auth-submit';

/** /reset: asks for the e-mail and sends a link to set a new password. */
export function ResetPage() {
  const tr = useT();
  const lang = useLang();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(undefined);
    const parsed = ZEmailBody.safeParse({ email });
    if (!parsed.success) {
      setError(fieldMessage(lang, fieldErrors(parsed.error, { email }).email ?? 'invalidEmail'));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await forgotPassword(parsed.data);
      setSent(true);
    } catch (err) {
      setFormError(forgotPasswordFailure(lang, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={tr('customer.resetHeading')}>
      {sent ? (
        <p role="status">{tr('customer.resetSent')}</p>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <p>{tr('customer.resetText')}</p>
          <TextField
            label={tr('customer.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={error}
          />
          <AuthSubmit error={formError} busy={busy} label={tr('customer.resetSubmit')} />
        </form>
      )}
      <p className="auth-card__links">
        <Link to="/login">{tr('customer.backToLogin')}</Link>
      </p>
    </AuthCard>
  );
}
