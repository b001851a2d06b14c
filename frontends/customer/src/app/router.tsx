import { useState } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { SWRConfig } from 'swr';
import { GenericErrorPage, LoadingScreen, NotFoundPage, ServerErrorPage } from '@gleba/ui';
import { isApiError, NETWORK_REQUEST_FAILED, REAUTHENTICATE } from '@gleba/api-client';
import { useAccountLanguage, useCurrentUser } from '../lib/current-user';
import { useSessionStore } from '../stores/session-store';
import { useUrlSession } from '../features/auth/hooks/use-url-session';
import { LogoutPage } from '../features/auth/components/logout-page';
import { safeReturnTo } from '../features/auth/rules/return-to';
import { SplashCarousel, isSplashPending } from '../features/splash/components/splash-carousel';
import { AppLayout } from './layout/app-layout';
import { AuthLayout } from './layout/auth-layout';
import { ScrollToTop } from './layout/scroll-to-top';
import * as Page from './routes/pages';
import { SendSamplesRoute } from '../features/send-samples';

/** Routes shared by both apps: the links of e-mails work whether or not someone is signed in. */
function linkRoutes() {
  return [
    <Route key="reset" path="/reset" element={<Page.ResetPage />} />,
    <Route key="forgot" path="/forgot-password/:token" element={<Page.ForgotPasswordPage />} />,
    <Route key="set" path="/set-password/:token" element={<Page.SetPasswordPage />} />,
    <Route key="activate" path="/activate/:token" element={<Page.ActivationPage />} />,
  ];
}

/**
 * `/` and `/login` when signed out (the installed app opens at `/?source=pwa`): the splash carousel
 * on the first visit (`splash_screen_on` not set), then the login.
 */
function SignedOutHome() {
  const [splash, setSplash] = useState(isSplashPending);
  return splash ? <SplashCarousel onDone={() => setSplash(false)} /> : <Page.LoginPage />;
}

/**
 * A signed-in screen opened while signed out (a link in an e-mail): the sign-in, which returns
 * there afterwards (`returnTo`).
 */
function ToSignIn() {
  const { pathname, search, hash } = useLocation();
  if (pathname === '/') return <Navigate to="/" replace />;
  return <Navigate to={`/login?returnTo=${encodeURIComponent(`${pathname}${search}${hash}`)}`} replace />;
}

/** `/login` once signed in: where the sign-in was to return (`returnTo`), else the dashboard. */
function AfterSignIn() {
  const { search } = useLocation();
  return <Navigate to={safeReturnTo(new URLSearchParams(search)) ?? '/'} replace />;
}

export function SignedOutRoutes() {
  return (
    <Routes>
      <Route element={<AuthLayout />}>
        <Route path="/" element={<SignedOutHome />} />
        <Route path="/login" element={<SignedOutHome />} />
        <Route path="/register" element={<Page.RegisterPage />} />
        {linkRoutes()}
        <Route path="/account-suspended" element={<Page.AccountSuspendedPage />} />
        <Route path="/terms-and-privacy-policy" element={<Page.TermsPage />} />
      </Route>
      <Route path="/logout" element={<LogoutPage />} />
      <Route path="*" element={<ToSignIn />} />
    </Routes>
  );
}

export function SignedInRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/" element={<Page.DashboardPage />} />
        <Route path="/my-account" element={<Page.MyAccountPage />} />
        <Route path="/account/data/:requestId" element={<Page.DataArchivePage />} />
        <Route path="/account/delete/:token" element={<Page.ConfirmErasurePage />} />
        <Route path="/notifications" element={<Page.NotificationsPage />} />
        <Route path="/soil-tests" element={<Page.SoilTestsPage />} />
        <Route path="/soil-tests/add" element={<Page.AddSoilTestPage />} />
        <Route path="/soil-tests/edit/:id" element={<Page.EditSoilTestPage />} />
        <Route path="/soil-tests/:id/results" element={<Page.SoilTestResultsPage />} />
        <Route path="/soil-tests/:id/send" element={<SendSamplesRoute />} />
        <Route path="/map" element={<Page.FarmMapPage />} />
        <Route path="/orders" element={<Page.OrdersPage />} />
        <Route path="/orders/new" element={<Page.OrderWizardPage />} />
        <Route path="/orders/payment-return" element={<Page.PaymentReturnPage />} />
        <Route path="/orders/:id/payment" element={<Page.OrderPaymentPage />} />
        <Route path="/orders/:id/sampling" element={<Page.SamplingPage />} />
        <Route path="/fields/:cropId/results" element={<Page.FieldResultsPage />} />
        <Route path="/fields/:cropId/prescription" element={<Page.PrescriptionPage />} />
        <Route path="/how-to-sample" element={<Page.HowToSamplePage />} />
        <Route path="/onboarding" element={<Page.OnboardingPage />} />
        <Route path="/faq" element={<Page.FaqPage />} />
        <Route path="/terms-and-privacy-policy" element={<Page.TermsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route element={<AuthLayout />}>{linkRoutes()}</Route>
      <Route path="/login" element={<AfterSignIn />} />
      <Route path="/register" element={<Navigate to="/" replace />} />
      <Route path="/logout" element={<LogoutPage />} />
    </Routes>
  );
}

/** Spec section 4: signed in when a token exists and `GET users/me` succeeds; its error shows an error screen. */
function SignedInApp() {
  const { data, error } = useCurrentUser();
  useAccountLanguage(data);
  if (error) {
    if (isApiError(error) && error.code === REAUTHENTICATE) return <LoadingScreen />; // the session is ending
    if (isApiError(error) && (error.code === NETWORK_REQUEST_FAILED || error.status >= 500))
      return <ServerErrorPage />;
    return <GenericErrorPage />;
  }
  if (!data) return <LoadingScreen />;
  return <SignedInRoutes />;
}

export function AppRoutes() {
  const settingUpSession = useUrlSession();
  const signedIn = useSessionStore((s) => s.signedIn);
  const epoch = useSessionStore((s) => s.epoch);
  if (settingUpSession) return <LoadingScreen />;
  // A new swr cache for every session (sign-in or sign-out): one user's data never shows to the next.
  return (
    <SWRConfig key={epoch} value={{ provider: () => new Map() }}>
      <ScrollToTop />
      {signedIn ? <SignedInApp /> : <SignedOutRoutes />}
    </SWRConfig>
  );
}
