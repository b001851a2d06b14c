import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PasswordField, toast } from '@gleba/ui';
import { useLang, useT } from '../../../lib/i18n';
import { useSessionStore } from '../../../stores/session-store';
import { isTokenPair, setPassword } from '../api/auth';
import { setPasswordFailure } from '../rules/auth-errors';
import { isPasswordValid } from '../rules/password-rules';
import { PasswordRules } from './password-rules';
import { AuthSubmit } from './auth-submit';

/**
 * Sets a password with a link token. An answer with an e-mail and tokens signs the user in and
 * goes to / (spec section 7); otherwise the user signs in with the new password.
 */
export function SetPasswordForm({ token }: { token: string }) {
  const tr = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const signIn = useSessionStore((s) => s.signIn);
  const [password, setPasswordValue] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(undefined);
    if (!isPasswordValid(password, confirmPassword)) {
      setFormError(
        password === confirmPassword ? tr('errors.passwordTooShort') : tr('customer.passwordsDoNotMatch'),
      );
      return;
    }
    setBusy(true);
    try {
      const answer = await setPassword(token, { password, confirmPassword });
      if (answer?.email && isTokenPair(answer)) {
        toast.success(tr('customer.passwordChangedSuccess'));
        // Leave the link's route before the session switches the app (the signed-in app serves it too).
        navigate('/', { replace: true });
        signIn({ accessToken: answer.accessToken, refreshToken: answer.refreshToken });
      } else {
        toast.success(tr('customer.passwordResetRequest'));
        navigate('/login', { replace: true });
      }
    } catch (error) {
      setFormError(setPasswordFailure(lang, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <PasswordField
        label={tr('customer.newPassword')}
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPasswordValue(e.target.value)}
      />
      <PasswordField
        label={tr('customer.confirmPassword')}
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(e) => setConfirmPassword(e.target.value)}
      />
      <PasswordRules password={password} confirmation={confirmPassword} />
      <AuthSubmit error={formError} busy={busy} label={tr('customer.setPasswordSubmit')} />
    </form>
  );
}
