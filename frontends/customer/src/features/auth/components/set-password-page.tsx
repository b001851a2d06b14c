import { Link, useParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { useT } from '../../../lib/i18n';
import { checkResetPasswordToken, checkSetPasswordToken } from '../api/auth';
import { useTokenCheck } from '../hooks/use-token-check';
import { SetPasswordForm } from './set-password-form';

function LinkInvalid() {
  const tr = useT();
  return (
    <>
      <p role="alert">{tr('customer.linkInvalid')}</p>
      <Link to="/reset" className="gl-button">
        {tr('customer.resetSubmit')}
      </Link>
    </>
  );
}

/** /set-password/{token}: `GET auth/set-password/{token}` checks the link, then the form. */
export function SetPasswordPage() {
  const tr = useT();
  const { token } = useParams();
  const state = useTokenCheck(token, checkSetPasswordToken);
  return (
    <AuthCard title={tr('customer.setPasswordHeading')}>
      {state === 'checking' && <p aria-busy="true">{tr('common.loading')}</p>}
      {state === 'invalid' && <LinkInvalid />}
      {state === 'valid' && token && <SetPasswordForm token={token} />}
    </AuthCard>
  );
}

/** /forgot-password/{token}: the page the reset e-mail opens (`GET auth/reset-password/{token}` loads it). */
export function ForgotPasswordPage() {
  const tr = useT();
  const { token } = useParams();
  const state = useTokenCheck(token, checkResetPasswordToken);
  return (
    <AuthCard title={tr('customer.forgotPasswordHeading')}>
      {state === 'checking' && <p aria-busy="true">{tr('common.loading')}</p>}
      {state === 'invalid' && <LinkInvalid />}
      {state === 'valid' && token && <SetPasswordForm token={token} />}
    </AuthCard>
  );
}
