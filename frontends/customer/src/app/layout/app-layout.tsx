import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { LanguageSwitcher, LoadingScreen, Logo } from '@gleba/ui';
import { NamespaceGate, useT } from '../../lib/i18n';
import { MOBILE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { useLanguageStore } from '../../stores/language-store';
import { useLiveNotifications, useUnseenCount } from '../../features/notifications/api/notifications';
import { routeMeta } from '../route-meta';
import { OfflineQueueRunner } from '../../features/pwa/components/offline-queue-runner';

/** The menu: its texts are the shell's (in the initial bundle), never a lazy namespace's. */
export const NAV = [
  { to: '/', key: 'customer.navHome', end: true },
  { to: '/soil-tests', key: 'customer.navMyTests', end: false },
  { to: '/orders', key: 'customer.navOrders', end: false },
  { to: '/map', key: 'farmMap.navMap', end: true },
  { to: '/notifications', key: 'customer.navNotifications', end: true },
  { to: '/my-account', key: 'customer.navMyAccount', end: true },
] as const;

function useUnseen(): number {
  const { data } = useUnseenCount();
  return data?.unseenCount ?? 0;
}

/** Desktop: main page, my tests, my orders, field map, notifications (unseen count in brackets when above 0), my account, log out. */
function Sidebar() {
  const tr = useT();
  const unseen = useUnseen();
  return (
    <aside className="sidebar">
      <Link to="/" className="sidebar__brand">
        <Logo size={40} /> <span>Gleba</span>
      </Link>
      <nav aria-label={tr('customer.mainNavigation')}>
        <ul>
          {NAV.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end}>
                {tr(item.key)}
                {item.to === '/notifications' && unseen > 0 ? ` (${unseen})` : ''}
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to="/logout">{tr('customer.navLogout')}</NavLink>
          </li>
        </ul>
      </nav>
    </aside>
  );
}

/** The notifications bell, drawn (an emoji renders as an empty box where the font lacks it). */
function BellIcon() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/** Mobile: a top bar with the notifications badge and a menu with the language switcher. */
function MobileBar() {
  const tr = useT();
  const unseen = useUnseen();
  const { lang, setLanguage } = useLanguageStore();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [location.pathname]);
  // Escape closes the open menu and puts focus back on its button.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <header className="topbar">
      <Link to="/" className="topbar__brand" aria-label={tr('customer.navHome')}>
        <Logo size={32} />
      </Link>
      <span className="topbar__actions">
        <Link to="/notifications" className="topbar__bell" aria-label={tr('customer.navNotifications')}>
          <BellIcon />
          {unseen > 0 && (
            <span className="badge" aria-label={tr('customer.unseenNotifications', { count: unseen })}>
              {unseen}
            </span>
          )}
        </Link>
        <button
          ref={menuButton}
          type="button"
          className="topbar__menu"
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen(!open)}
        >
          {open ? tr('customer.closeMenu') : tr('customer.menu')}
        </button>
      </span>
      {open && (
        <nav id="mobile-menu" className="mobile-menu" aria-label={tr('customer.mainNavigation')}>
          <ul>
            {NAV.filter((n) => n.to !== '/notifications').map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end}>
                  {tr(item.key)}
                </NavLink>
              </li>
            ))}
            <li>
              <LanguageSwitcher value={lang} onChange={setLanguage} />
            </li>
            <li>
              <NavLink to="/logout">{tr('customer.navLogout')}</NavLink>
            </li>
          </ul>
        </nav>
      )}
    </header>
  );
}

/** The translated title and a back arrow to the route the spec names. */
function PageHeader() {
  const tr = useT();
  const { pathname } = useLocation();
  const meta = routeMeta(pathname);
  const { lang, setLanguage } = useLanguageStore();
  const mobile = useMediaQuery(MOBILE_QUERY);
  if (!meta) return null;
  return (
    <div className="page-header">
      {meta.back && (
        <Link to={meta.back} className="page-header__back" aria-label={tr('customer.back')}>
          ←
        </Link>
      )}
      <h1 className="page-header__title">{tr(meta.titleKey)}</h1>
      {/* A phone's top bar has the switcher in its menu; a page without the menu (results) has it here. */}
      {(!mobile || meta.hideMenu) && (
        <span className="page-header__lang">
          <LanguageSwitcher value={lang} onChange={setLanguage} />
        </span>
      )}
    </div>
  );
}

export function AppLayout() {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const { pathname } = useLocation();
  const hideMenu = routeMeta(pathname)?.hideMenu ?? false;
  useLiveNotifications();
  return (
    <div className={`app-shell${mobile ? ' app-shell--mobile' : ''}${hideMenu ? ' app-shell--no-menu' : ''}`}>
      {!hideMenu && (mobile ? <MobileBar /> : <Sidebar />)}
      <main className="app-main">
        <OfflineQueueRunner />
        {/* The header and the page wait for the route's lazily loaded message namespaces (lib/i18n). */}
        <Suspense fallback={null}>
          <NamespaceGate pathname={pathname}>
            <PageHeader />
          </NamespaceGate>
        </Suspense>
        <Suspense fallback={<LoadingScreen />}>
          <NamespaceGate pathname={pathname}>
            <Outlet />
          </NamespaceGate>
        </Suspense>
      </main>
    </div>
  );
}
