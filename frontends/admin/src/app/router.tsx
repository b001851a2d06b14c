import { Navigate, Route, Routes, useParams } from 'react-router';
import { SWRConfig } from 'swr';
import { ErrorPage, GenericErrorPage, LoadingScreen, NotFoundPage, ServerErrorPage } from '@gleba/ui';
import { isApiError, NETWORK_REQUEST_FAILED, REAUTHENTICATE } from '@gleba/api-client';
import { useT } from '../lib/i18n';
import { useModeStore } from '../stores/mode-store';
import { useSessionStore } from '../stores/session-store';
import { useCurrentUser } from '../features/auth/api/auth';
import { LoginPage } from '../features/auth/components/login-page';
import { ResetPage } from '../features/auth/components/reset-page';
import { SetPasswordPage } from '../features/auth/components/set-password-page';
import { LogoutPage } from '../features/auth/components/logout-page';
import { OrdersPage } from '../features/orders/components/orders-page';
import { OrderDetailPage } from '../features/orders/components/order-detail-page';
import { ImportsPage } from '../features/imports/components/imports-page';
import { LabelsPage } from '../features/labels/components/labels-page';
import { ShipmentsPage } from '../features/shipments/components/shipments-page';
import { ShipmentDetailPage } from '../features/shipments/components/shipment-detail-page';
import { OrderShipments } from '../features/shipments/components/order-shipments';
import { UsersPage } from '../features/users/components/users-page';
import { ComplaintsPage } from '../features/complaints/components/complaints-page';
import { DeliveriesPage } from '../features/deliveries/components/deliveries-page';
import { AdminLayout } from './layout/admin-layout';
import { AuthLayout } from './layout/auth-layout';

function OrderRoute() {
  const { id = '' } = useParams();
  return (
    <OrderDetailPage id={id} shipments={(orderNumber) => <OrderShipments orderNumber={orderNumber} />} />
  );
}

function ShipmentRoute() {
  const { id = '' } = useParams();
  return <ShipmentDetailPage id={id} />;
}

export function SignedOutRoutes() {
  return (
    <Routes>
      <Route element={<AuthLayout />}>
        <Route path="/" element={<LoginPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/reset" element={<ResetPage />} />
        <Route path="/set-password/:token" element={<SetPasswordPage />} />
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

export function SignedInRoutes() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route path="/" element={<Navigate to="/orders" replace />} />
        <Route path="/orders" element={<OrdersPage />} />
        <Route path="/orders/:id" element={<OrderRoute />} />
        <Route path="/imports" element={<ImportsPage />} />
        <Route path="/labels" element={<LabelsPage />} />
        <Route path="/shipments" element={<ShipmentsPage />} />
        <Route path="/shipments/:id" element={<ShipmentRoute />} />
        <Route path="/users" element={<UsersPage />} />
        <Route path="/deliveries" element={<DeliveriesPage />} />
        <Route path="/complaints" element={<ComplaintsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route element={<AuthLayout />}>
        <Route path="/set-password/:token" element={<SetPasswordPage />} />
      </Route>
      <Route path="/login" element={<Navigate to="/" replace />} />
      <Route path="/logout" element={<LogoutPage />} />
    </Routes>
  );
}

/** A customer's session on the same origin is not an admin's: say so and offer to log out. */
function NotAdministrator() {
  const tr = useT();
  return <ErrorPage title={tr('errors.notAdministrator')} homeHref="/logout" />;
}

/** Signed in when a token exists and `GET users/me` succeeds for an ADMIN. */
function SignedInApp() {
  const { data, error } = useCurrentUser();
  if (error) {
    if (isApiError(error) && error.code === REAUTHENTICATE) return <LoadingScreen />;
    if (isApiError(error) && (error.code === NETWORK_REQUEST_FAILED || error.status >= 500))
      return <ServerErrorPage />;
    return <GenericErrorPage />;
  }
  if (!data) return <LoadingScreen />;
  if (data.role !== 'ADMIN') return <NotAdministrator />;
  return <SignedInRoutes />;
}

export function AppRoutes() {
  const signedIn = useSessionStore((s) => s.signedIn);
  const epoch = useSessionStore((s) => s.epoch);
  const mode = useModeStore((s) => s.mode);
  // A new cache per session and per mode: one session's or one mode's data never shows in the other.
  return (
    <SWRConfig key={`${epoch}:${mode}`} value={{ provider: () => new Map() }}>
      {signedIn ? <SignedInApp /> : <SignedOutRoutes />}
    </SWRConfig>
  );
}
