import { Link, useInRouterContext } from 'react-router';
import { useT } from '../i18n';

/**
 * The field map's way to the test orders and the results maps. The map page is also rendered on
 * its own (its component tests have no router): there it is a plain link.
 */
export function OrdersLink() {
  const tr = useT();
  const inRouter = useInRouterContext();
  const label = tr('farmOrder.ordersLink');
  const className = 'gl-button gl-button--secondary';
  return inRouter ? (
    <Link to="/orders" className={className}>
      {label}
    </Link>
  ) : (
    <a href="/orders" className={className}>
      {label}
    </a>
  );
}
