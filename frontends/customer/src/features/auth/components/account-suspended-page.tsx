import { Link } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { useT } from '../../../lib/i18n';

export function AccountSuspendedPage() {
  const tr = useT();
  return (
    <AuthCard title={tr('customer.titleAccountSuspended')}>
      <p role="alert">{tr('customer.suspendedText')}</p>
      <p className="auth-card__links">
        <Link to="/login">{tr('customer.backToLogin')}</Link>
      </p>
    </AuthCard>
  );
}
