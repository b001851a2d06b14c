import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ZEmailBody } from '@gleba/contracts';
import { FormError, TextField } from '@gleba/ui';
import { useDescribeError, useT } from '../../../lib/i18n';
import { adminForgotPassword } from '../api/auth';

/** Password reset: e-mail, then the check-your-e-mail step (identity answers 200 either way). */
export function ResetPage() {
  const tr = useT();
  const describe = useDescribeError();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZEmailBody.safeParse({ email });
    if (!parsed.success) {
      setFieldError(tr(email ? 'admin.invalidEmail' : 'admin.fieldRequired'));
      return;
    }
    setFieldError(undefined);
    setError(null);
    setBusy(true);
    try {
      await adminForgotPassword(parsed.data);
      setSentTo(parsed.data.email);
    } catch (err) {
      setError(describe(err));
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <section className="auth-form" aria-live="polite">
        <h1>{tr('admin.checkEmailTitle')}</h1>
        <p>{tr('admin.checkEmailText', { email: sentTo })}</p>
        <Link to="/" className="gl-button">
          {tr('admin.backToLogin')}
        </Link>
      </section>
    );
  }
  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <h1>{tr('admin.resetTitle')}</h1>
      <p>{tr('admin.resetText')}</p>
      <TextField
        label={tr('admin.email')}
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fieldError}
      />
      <FormError>{error}</FormError>
      <button type="submit" className="gl-button" disabled={busy}>
        {tr('admin.sendLink')}
      </button>
      <Link to="/">{tr('admin.backToLogin')}</Link>
    </form>
  );
}
