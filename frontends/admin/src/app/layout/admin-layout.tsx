import { NavLink, Outlet } from 'react-router';
import useSWR from 'swr';
import { LanguageSwitcher, Logo } from '@gleba/ui';
import { useT } from '../../lib/i18n';
import { useLanguageStore } from '../../stores/language-store';
import { useModeStore } from '../../stores/mode-store';
import { ModeSwitch } from '../../components/mode-switch';

const NAV = [
  { to: '/orders', key: 'admin.navOrders' },
  { to: '/imports', key: 'admin.navImports' },
  { to: '/labels', key: 'admin.navLabels' },
  { to: '/shipments', key: 'admin.navShipments' },
  { to: '/users', key: 'admin.navUsers' },
  { to: '/deliveries', key: 'admin.navDeliveries' },
  { to: '/complaints', key: 'admin.navComplaints' },
] as const;

/** Spec 6: the unseen-count query runs only while local storage has no `mode`. */
function UnseenCount() {
  const tr = useT();
  const stored = useModeStore((s) => s.stored);
  const { data } = useSWR<{ unseenCount: number }>(stored ? null : 'notifications/in-app/unseen/count');
  if (!data || data.unseenCount <= 0) return null;
  return <span className="badge">{tr('admin.unseenCount', { count: data.unseenCount })}</span>;
}

/** Sidebar at 1280 px; on a tablet it becomes a top bar that wraps. */
export function AdminLayout() {
  const tr = useT();
  const { lang, setLanguage } = useLanguageStore();
  return (
    <div className="admin-shell">
      <aside className="sidebar">
        <div className="sidebar__brand">
          <Logo size={36} /> <span>Gleba</span>
        </div>
        <ModeSwitch />
        <nav aria-label={tr('admin.mainNavigation')}>
          <ul>
            {NAV.map((n) => (
              <li key={n.to}>
                <NavLink to={n.to}>{tr(n.key)}</NavLink>
              </li>
            ))}
            <li>
              <NavLink to="/logout">{tr('admin.navLogout')}</NavLink>
            </li>
          </ul>
        </nav>
        <UnseenCount />
        <LanguageSwitcher value={lang} onChange={setLanguage} />
      </aside>
      <main className="content">
        <Outlet />
      </main>
    </div>
  );
}
