import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/current-user';
import type { ReactNode } from 'react';

/** / : greeting and my tests. The tests table comes in as a slot so features stay independent. */
export function DashboardPage({ tests }: { tests: ReactNode }) {
  const tr = useT();
  const { data: user } = useCurrentUser();
  return (
    <section className="page">
      <h2 className="greeting">
        {user?.firstName ? tr('customer.greeting', { name: user.firstName }) : tr('customer.greetingNoName')}
      </h2>
      <p className="muted">{tr('customer.dashboardIntro')}</p>
      <div className="section-header">
        <h3>{tr('customer.myTests')}</h3>
        <span className="section-header__actions">
          <Link to="/soil-tests/add" className="gl-button">
            {tr('customer.addTest')}
          </Link>
          <Link to="/soil-tests">{tr('customer.seeAllTests')}</Link>
        </span>
      </div>
      {tests}
    </section>
  );
}
