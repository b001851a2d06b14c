import { matchPath } from 'react-router';

export interface RouteMeta {
  pattern: string;
  titleKey: string;
  /** Where the header's back arrow goes (spec section 2). */
  back?: string;
  /** The results page hides the menu. */
  hideMenu?: boolean;
}

export const SIGNED_IN_ROUTES: RouteMeta[] = [
  { pattern: '/', titleKey: 'customer.titleDashboard' },
  { pattern: '/my-account', titleKey: 'customer.titleMyAccount', back: '/' },
  { pattern: '/account/data/:requestId', titleKey: 'customer.myDataTitle', back: '/my-account' },
  { pattern: '/account/delete/:token', titleKey: 'customer.deleteAccountTitle', back: '/my-account' },
  { pattern: '/notifications', titleKey: 'customer.titleNotifications', back: '/' },
  { pattern: '/soil-tests', titleKey: 'customer.titleSoilTests', back: '/' },
  { pattern: '/soil-tests/add', titleKey: 'customer.titleAddTest', back: '/soil-tests' },
  { pattern: '/soil-tests/edit/:id', titleKey: 'customer.titleEditTest', back: '/soil-tests' },
  {
    pattern: '/soil-tests/:id/results',
    titleKey: 'customer.titleResults',
    back: '/soil-tests',
    hideMenu: true,
  },
  { pattern: '/soil-tests/:id/send', titleKey: 'customerTests.sendTitle', back: '/soil-tests' },
  { pattern: '/how-to-sample', titleKey: 'guide.title', back: '/' },
  { pattern: '/onboarding', titleKey: 'onboarding.dialogTitle', back: '/' },
  { pattern: '/faq', titleKey: 'customer.titleFaq', back: '/' },
  { pattern: '/terms-and-privacy-policy', titleKey: 'customer.titleTerms', back: '/' },
  { pattern: '/orders', titleKey: 'farmOrder.titleOrders', back: '/' },
  { pattern: '/orders/new', titleKey: 'farmOrder.titleNewOrder', back: '/orders' },
  { pattern: '/orders/:id/payment', titleKey: 'farmOrder.titlePayment', back: '/orders' },
  { pattern: '/orders/:id/sampling', titleKey: 'sampling.title', back: '/orders' },
  { pattern: '/fields/:cropId/results', titleKey: 'farmOrder.titleFieldResults', back: '/orders' },
  { pattern: '/fields/:cropId/prescription', titleKey: 'prescription.title', back: '/orders' },
];

export function routeMeta(pathname: string): RouteMeta | undefined {
  return SIGNED_IN_ROUTES.find((r) => matchPath({ path: r.pattern, end: true }, pathname));
}
