import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ZSetPasswordBody } from '@gleba/contracts';
import { errorMessage } from '@gleba/i18n';
import { FormError, PasswordField, toast } from '@gleba/ui';
import { useDescribeError, useLang, useT } from '../../../lib/i18n';
import { useSessionStore } from '../../../stores/session-store';
import { checkSetPasswordToken, setPassword } from '../api/auth';

/** /set-password/{token}: the link of the admin reset e-mail. */
export function SetPasswordPage() {
  const { token = '' } = useParams();
  const tr = useT();
  const lang = useLang();
  const describe = useDescribeError();
  const navigate = useNavigate();
  const signIn = useSessionStore((s) => s.signIn);
  const [password, setPwd] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    checkSetPasswordToken(token).catch((err: unknown) => setError(describe(err)));
  }, [token, describe]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZSetPasswordBody.safeParse({ password, confirmPassword });
    if (!parsed.success) {
      const code = parsed.error.issues[0]?.message ?? '';
      setFieldError(errorMessage(lang, code) ?? tr('admin.passwordsDoNotMatch'));
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      const answer = await setPassword(token, parsed.data);
      toast.success(tr('admin.passwordSet'));
      if (answer?.accessToken && answer.refreshToken)
        signIn({ accessToken: answer.accessToken, refreshToken: answer.refreshToken });
      navigate('/', { replace: true });
    } catch (err) {
      setError(describe(err));
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <h1>{tr('admin.setPasswordTitle')}</h1>
      <PasswordField
        label={tr('admin.newPassword')}
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPwd(e.target.value)}
        error={fieldError}
      />
      <PasswordField
        label={tr('admin.confirmPassword')}
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <FormError>{error}</FormError>
      <button type="submit" className="gl-button" disabled={busy}>
        {tr('admin.savePassword')}
      </button>
      <Link to="/">{tr('admin.backToLogin')}</Link>
    </form>
  );
}
