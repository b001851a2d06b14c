import { Suspense } from 'react';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { SoilTestsTable } from '../../features/soil-tests/components/soil-tests-table';
import { DashboardOnboarding } from '../../features/onboarding/components/onboarding-pages';
import { WeatherWidget } from '../../features/weather/components/weather-widget';
import { GuideLink } from '../../features/guide/components/how-to-sample-page';
import { WithNamespaces } from '../../lib/i18n';

/** The app composes the dashboard with the tests table (features do not import each other). */
export function DashboardRoute() {
  // The greeting and the tests show at once; the extras follow when their texts are loaded.
  return (
    <>
      <Suspense fallback={null}>
        <WithNamespaces names={['onboarding']}>
          <DashboardOnboarding />
        </WithNamespaces>
      </Suspense>
      <DashboardPage tests={<SoilTestsTable limit={5} />} />
      <Suspense fallback={null}>
        <WithNamespaces names={['weather', 'guide']}>
          <div className="dashboard-extras">
            <WeatherWidget />
            <p className="card dashboard-guide">
              <GuideLink />
            </p>
          </div>
        </WithNamespaces>
      </Suspense>
    </>
  );
}
