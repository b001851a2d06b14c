import { lazy } from 'react';

/** Every screen is its own chunk, loaded when its route is first shown. */
export const LoginPage = lazy(() =>
  import('../../features/auth/components/login-page').then((m) => ({ default: m.LoginPage })),
);
export const RegisterPage = lazy(() =>
  import('../../features/auth/components/register-page').then((m) => ({ default: m.RegisterPage })),
);
export const ResetPage = lazy(() =>
  import('../../features/auth/components/reset-page').then((m) => ({ default: m.ResetPage })),
);
export const SetPasswordPage = lazy(() =>
  import('../../features/auth/components/set-password-page').then((m) => ({ default: m.SetPasswordPage })),
);
export const ForgotPasswordPage = lazy(() =>
  import('../../features/auth/components/set-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
export const ActivationPage = lazy(() =>
  import('../../features/auth/components/activation-page').then((m) => ({ default: m.ActivationPage })),
);
export const AccountSuspendedPage = lazy(() =>
  import('../../features/auth/components/account-suspended-page').then((m) => ({
    default: m.AccountSuspendedPage,
  })),
);
export const DashboardPage = lazy(() =>
  import('./dashboard-route').then((m) => ({ default: m.DashboardRoute })),
);
export const DataArchivePage = lazy(() =>
  import('../../features/account/components/my-data-pages').then((m) => ({ default: m.DataArchivePage })),
);
export const ConfirmErasurePage = lazy(() =>
  import('../../features/account/components/my-data-pages').then((m) => ({ default: m.ConfirmErasurePage })),
);
export const MyAccountPage = lazy(() =>
  import('../../features/account/components/my-account-page').then((m) => ({ default: m.MyAccountPage })),
);
export const NotificationsPage = lazy(() =>
  import('../../features/notifications/components/notifications-page').then((m) => ({
    default: m.NotificationsPage,
  })),
);
export const SoilTestsPage = lazy(() =>
  import('../../features/soil-tests/components/soil-tests-pages').then((m) => ({ default: m.SoilTestsPage })),
);
export const AddSoilTestPage = lazy(() =>
  import('../../features/soil-tests/components/soil-tests-pages').then((m) => ({
    default: m.AddSoilTestPage,
  })),
);
export const EditSoilTestPage = lazy(() =>
  import('../../features/soil-tests/components/soil-tests-pages').then((m) => ({
    default: m.EditSoilTestPage,
  })),
);
export const SoilTestResultsPage = lazy(() =>
  import('../../features/results/components/results-page').then((m) => ({
    default: m.ResultsPage,
  })),
);
export const FaqPage = lazy(() =>
  import('../../features/content/components/content-pages').then((m) => ({ default: m.FaqPage })),
);
export const TermsPage = lazy(() =>
  import('../../features/content/components/content-pages').then((m) => ({ default: m.TermsPage })),
);
export const HowToSamplePage = lazy(() =>
  import('../../features/guide/components/how-to-sample-page').then((m) => ({ default: m.HowToSamplePage })),
);
export const OnboardingPage = lazy(() =>
  import('../../features/onboarding/components/onboarding-pages').then((m) => ({
    default: m.OnboardingPage,
  })),
);
export const FarmMapPage = lazy(() =>
  import('../../features/farm-map/components/farm-map-route').then((m) => ({ default: m.FarmMapRoute })),
);
export const OrdersPage = lazy(() =>
  import('../../features/farm-order/components/orders-page').then((m) => ({ default: m.OrdersPage })),
);
export const OrderWizardPage = lazy(() =>
  import('../../features/farm-order/components/order-wizard-page').then((m) => ({
    default: m.OrderWizardRoute,
  })),
);
export const OrderPaymentPage = lazy(() =>
  import('../../features/farm-order/components/payment-page').then((m) => ({ default: m.PaymentPage })),
);
export const PaymentReturnPage = lazy(() =>
  import('../../features/farm-order/components/payment-page').then((m) => ({ default: m.PaymentReturnPage })),
);
export const FieldResultsPage = lazy(() =>
  import('../../features/farm-order/components/field-results-page').then((m) => ({
    default: m.FieldResultsPage,
  })),
);
export const PrescriptionPage = lazy(() =>
  import('../../features/farm-order/components/prescription-page').then((m) => ({
    default: m.PrescriptionPage,
  })),
);
export const SamplingPage = lazy(() =>
  import('../../features/sampling/components/sampling-page').then((m) => ({ default: m.SamplingPage })),
);
