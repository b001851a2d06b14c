import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordField, TextField } from '@gleba/ui';
import { ZLoginBody } from '@gleba/contracts';
import { AuthCard } from '../../../components/auth-card';
import { fieldMessage, useLang, useT } from '../../../lib/i18n';
import { fieldErrors } from '../../../lib/zod-errors';
import { useSessionStore } from '../../../stores/session-store';
import { isTokenPair, login } from '../api/auth';
import { loginFailure } from '../rules/auth-errors';
import { safeReturnTo } from '../rules/return-to';
import { AuthSubmit } from './auth-submit';

export function LoginPage() {
  const tr = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const signIn = useSessionStore((s) => s.signIn);
  const [search] = useSearchParams();
  // Back to where a link opened while signed out wanted to go (`?returnTo=`), else the dashboard.
  const safeReturn = safeReturnTo(search) ?? '/';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(undefined);
    const parsed = ZLoginBody.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, { email, password }));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const pair = await login(parsed.data);
      if (!isTokenPair(pair)) throw new Error('login answered without tokens');
      navigate(safeReturn, { replace: true });
      signIn(pair);
    } catch (error) {
      const failure = loginFailure(lang, error);
      if (failure.kind === 'suspended') navigate('/account-suspended');
      else setFormError(failure.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={tr('customer.loginHeading')}>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={tr('customer.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email && fieldMessage(lang, errors.email)}
        />
        <PasswordField
          label={tr('customer.password')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password && fieldMessage(lang, errors.password)}
        />
        <AuthSubmit error={formError} busy={busy} label={tr('customer.loginSubmit')} />
      </form>
      <p className="auth-card__links">
        <Link to="/reset">{tr('customer.loginForgotLink')}</Link>
      </p>
      <p className="auth-card__links">
        {tr('customer.loginNoAccount')} <Link to="/register">{tr('customer.loginRegisterLink')}</Link>
      </p>
    </AuthCard>
  );
}
