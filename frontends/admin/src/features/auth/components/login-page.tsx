import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ZLoginBody } from '@gleba/contracts';
import { FormError, PasswordField, TextField } from '@gleba/ui';
import { useDescribeError, useT } from '../../../lib/i18n';
import { useSessionStore } from '../../../stores/session-store';
import { adminLogin } from '../api/auth';

/** Admin login: a non-admin is refused with the server's (translated) `notAdministrator` message. */
export function LoginPage() {
  const tr = useT();
  const describe = useDescribeError();
  const signIn = useSessionStore((s) => s.signIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const parsed = ZLoginBody.safeParse({ email, password });
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((i) => String(i.path[0])));
      setFieldErrors({
        ...(fields.has('email') ? { email: tr(email ? 'admin.invalidEmail' : 'admin.fieldRequired') } : {}),
        ...(fields.has('password') ? { password: tr('admin.fieldRequired') } : {}),
      });
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      signIn(await adminLogin(parsed.data));
    } catch (err) {
      setError(describe(err));
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <h1>{tr('admin.loginTitle')}</h1>
      <TextField
        label={tr('admin.email')}
        type="email"
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fieldErrors.email}
      />
      <PasswordField
        label={tr('admin.password')}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fieldErrors.password}
      />
      <FormError>{error}</FormError>
      <button type="submit" className="gl-button" disabled={busy}>
        {tr('admin.signIn')}
      </button>
      <Link to="/reset">{tr('admin.forgotPassword')}</Link>
    </form>
  );
}
