import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { SoilTestsTable } from '../../features/soil-tests/components/soil-tests-table';

/** The app composes the dashboard with the tests table (features do not import each other). */
export function DashboardRoute() {
  return <DashboardPage tests={<SoilTestsTable limit={5} />} />;
}
