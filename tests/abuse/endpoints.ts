/**
 * The endpoint inventory of the abuse suite: every endpoint of every service behind the gateway,
 * who may call it, and the zod schemas of its body and query (the fuzzer mutates valid bodies).
 *
 * `access`: public (no token needed), token (anyone holding a link token), user (any signed-in
 * account, sees only its own data), admin (role ADMIN).
 * `owned`: the path names a resource of user A ({plotId}, {cropId}...): anyone else must be refused
 * (401/403/404, never a 2xx), including an admin on the customer API.
 * Placeholders are filled by the test with real ids created through the API (src/owned.ts): of user
 * A, a farmer: {plotId} {cropId} {sectorId} {testId} {notificationId} {orderId} {sampleId} {kitOrderId}; of a
 * gardener: {testId} {kitOrderId} {shipmentId} (with a DPD label) {dropOffShipmentId} (a drop-off
 * code, no label); {exportRequestId} (A's completed data export); {userId} (the suspended user, for admin calls) {batchId} {importId} {uuid}
 * (unknown id) {token}. An owned endpoint is tried on each owner's resource that fills its path.
 *
 * The expected status class per caller is derived in `expected()` below and written out as
 * `authorization-matrix.md` by `test/matrix.test.ts`.
 */
import type { z } from 'zod';
import {
  ZAddGardenTestBody,
  ZAdminComplaintsQuery,
  ZAnswerComplaintBody,
  ZAdminOrdersQuery,
  ZAdminUsersQuery,
  ZAutoDivideBody,
  ZBarcodeLabelsQuery,
  ZBulkLabelsBody,
  ZCadastralPlotBody,
  ZCadastreWmsQuery,
  ZChangePasswordBody,
  ZChangePaymentMethodBody,
  ZChangeStatusBody,
  ZCheckPaymentBody,
  ZCitiesQuery,
  ZCommunesQuery,
  ZCountiesQuery,
  ZCourierAvailabilityQuery,
  ZCreateBarcodeBatchBody,
  ZCreateCropBody,
  ZCreateKitOrderBody,
  ZCreateOrderBody,
  ZCreatePlotBody,
  ZCreateShipmentBody,
  ZCutBody,
  ZDeliveryListQuery,
  ZDivideBody,
  ZEmailBody,
  ZErasureBody,
  ZErasureConfirmBody,
  ZFileComplaintBody,
  ZFarmBody,
  ZImportPlotsBody,
  ZImportPreviewBody,
  ZPlotExportQuery,
  ZInAppChangesQuery,
  ZInAppListQuery,
  ZLoginBody,
  ZLogoutBody,
  ZMergePlotsBody,
  ZMoveBody,
  ZMyTestsQuery,
  ZNewsletterSubscribeBody,
  ZP24Notification,
  ZRecordPuncturesBody,
  ZPageQuery,
  ZParcelAtQuery,
  ZPrescriptionExportBody,
  ZParcelQuery,
  ZPickupPointsQuery,
  ZPrecinctsQuery,
  ZProfileBody,
  ZProfilePatchBody,
  ZQuoteBody,
  ZRefreshTokenBody,
  ZRegisterBody,
  ZSetPasswordBody,
  ZSuspendBody,
  ZSurveyAnswersBody,
  ZUpdateCropBody,
  ZUpdateGardenTestBody,
  ZUpdateMeBody,
  ZUpdatePlotBody,
  ZUpdatePreferencesBody,
  ZUpdateSectorsBody,
  ZVerifyBarcodeBody,
} from '@gleba/contracts';

export type Access = 'public' | 'token' | 'user' | 'admin';
export type Service = 'gateway' | 'identity' | 'geo' | 'orders' | 'lab-import' | 'shipping' | 'notification';

export interface Endpoint {
  service: Service;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  access: Access;
  owned?: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  /** Changes or removes A's resource: run after the non-destructive calls of a column. */
  destructive?: boolean;
  /** Ends the caller's session (logout): the last call of a caller's column. */
  endsSession?: boolean;
  /** Answers a redirect (social sign-in). */
  redirect?: boolean;
  /** Not a JSON body (multipart, raw file): left out of the body fuzzing. */
  rawBody?: boolean;
}

const both = (path: string, e: Omit<Endpoint, 'path'>): Endpoint[] =>
  ['/farm-api', '/garden-api'].map((b) => ({ ...e, path: `${b}${path}` }));

export const ENDPOINTS: Endpoint[] = [
  // ---- gateway ----
  { service: 'gateway', method: 'GET', path: '/api/language', access: 'public' },
  // ---- identity: auth (under /api and both admin bases) ----
  ...['/api', '/farm-api', '/garden-api'].flatMap((b): Endpoint[] => [
    {
      service: 'identity',
      method: 'POST',
      path: `${b}/auth/register`,
      access: 'public',
      body: ZRegisterBody,
    },
    { service: 'identity', method: 'GET', path: `${b}/auth/activate/{token}`, access: 'token' },
    {
      service: 'identity',
      method: 'POST',
      path: `${b}/auth/activation-link`,
      access: 'public',
      body: ZEmailBody,
    },
    { service: 'identity', method: 'POST', path: `${b}/auth/login`, access: 'public', body: ZLoginBody },
    {
      service: 'identity',
      method: 'POST',
      path: `${b}/auth/refresh-token`,
      access: 'public',
      body: ZRefreshTokenBody,
    },
    {
      service: 'identity',
      method: 'POST',
      path: `${b}/auth/logout`,
      access: 'public',
      body: ZLogoutBody,
      endsSession: true,
    },
    {
      service: 'identity',
      method: 'POST',
      path: `${b}/auth/forgot-password`,
      access: 'public',
      body: ZEmailBody,
    },
    { service: 'identity', method: 'GET', path: `${b}/auth/set-password/{token}`, access: 'token' },
    { service: 'identity', method: 'GET', path: `${b}/auth/reset-password/{token}`, access: 'token' },
    {
      service: 'identity',
      method: 'POST',
      path: `${b}/auth/set-password/{token}`,
      access: 'token',
      body: ZSetPasswordBody,
    },
    { service: 'identity', method: 'GET', path: `${b}/auth/token-exchange`, access: 'token' },
    { service: 'identity', method: 'GET', path: `${b}/users/me`, access: 'user' },
  ]),
  { service: 'identity', method: 'GET', path: '/api/auth/social/google', access: 'public', redirect: true },
  {
    service: 'identity',
    method: 'GET',
    path: '/api/auth/social/google/callback',
    access: 'public',
    redirect: true,
  },
  {
    service: 'identity',
    method: 'POST',
    path: '/api/auth/social/apple/callback',
    access: 'public',
    redirect: true,
  },
  { service: 'identity', method: 'PATCH', path: '/api/users/me', access: 'user', body: ZUpdateMeBody },
  {
    service: 'identity',
    method: 'POST',
    path: '/api/users/me/password',
    access: 'user',
    body: ZChangePasswordBody,
  },
  { service: 'identity', method: 'GET', path: '/api/users/me/survey', access: 'user' },
  {
    service: 'identity',
    method: 'PUT',
    path: '/api/users/me/survey',
    access: 'user',
    body: ZSurveyAnswersBody,
  },
  { service: 'identity', method: 'GET', path: '/api/users/profile', access: 'user' },
  { service: 'identity', method: 'POST', path: '/api/users/profile', access: 'user', body: ZProfileBody },
  {
    service: 'identity',
    method: 'PATCH',
    path: '/api/users/profile',
    access: 'user',
    body: ZProfilePatchBody,
  },
  // My data (decisions 0056, 0057): export and erasure requests; the archive only to its owner.
  { service: 'identity', method: 'GET', path: '/api/users/me/privacy-requests', access: 'user' },
  { service: 'identity', method: 'POST', path: '/api/users/me/privacy-requests/export', access: 'user' },
  {
    service: 'identity',
    method: 'POST',
    path: '/api/users/me/privacy-requests/erasure',
    access: 'user',
    body: ZErasureBody,
  },
  {
    service: 'identity',
    method: 'POST',
    path: '/api/users/me/privacy-requests/erasure/confirm',
    access: 'user',
    body: ZErasureConfirmBody,
  },
  {
    service: 'identity',
    method: 'GET',
    path: '/api/users/me/privacy-requests/{exportRequestId}/archive',
    access: 'user',
    owned: true,
  },
  ...both('/auth/admin/login', { service: 'identity', method: 'POST', access: 'public', body: ZLoginBody }),
  ...both('/auth/admin/forgot-password', {
    service: 'identity',
    method: 'POST',
    access: 'public',
    body: ZEmailBody,
  }),
  ...both('/users', { service: 'identity', method: 'GET', access: 'admin', query: ZAdminUsersQuery }),
  ...both('/users/survey/ONBOARDING', { service: 'identity', method: 'GET', access: 'admin' }),
  ...both('/users/{userId}', { service: 'identity', method: 'GET', access: 'admin' }),
  ...both('/users/{userId}/suspend', {
    service: 'identity',
    method: 'POST',
    access: 'admin',
    body: ZSuspendBody,
    destructive: true,
  }),
  ...both('/users/{userId}/reinstate', {
    service: 'identity',
    method: 'POST',
    access: 'admin',
    destructive: true,
  }),
  ...both('/users/{userId}/privacy-requests', { service: 'identity', method: 'GET', access: 'admin' }),
  ...both('/users/{userId}/privacy-requests/export', {
    service: 'identity',
    method: 'POST',
    access: 'admin',
  }),
  ...both('/users/{userId}/privacy-requests/erasure', {
    service: 'identity',
    method: 'POST',
    access: 'admin',
    destructive: true,
  }),
  ...both('/users/privacy-requests/{exportRequestId}/archive', {
    service: 'identity',
    method: 'GET',
    access: 'admin',
  }),
  // ---- geo ----
  { service: 'geo', method: 'GET', path: '/api/farm', access: 'user' },
  { service: 'geo', method: 'PUT', path: '/api/farm', access: 'user', body: ZFarmBody },
  { service: 'geo', method: 'GET', path: '/api/farm/export', access: 'user' },
  { service: 'geo', method: 'GET', path: '/api/plots', access: 'user' },
  { service: 'geo', method: 'POST', path: '/api/plots', access: 'user', body: ZCreatePlotBody },
  { service: 'geo', method: 'POST', path: '/api/plots/cadastral', access: 'user', body: ZCadastralPlotBody },
  { service: 'geo', method: 'POST', path: '/api/plots/import', access: 'user', body: ZImportPlotsBody },
  {
    service: 'geo',
    method: 'POST',
    path: '/api/plots/import/preview',
    access: 'user',
    body: ZImportPreviewBody,
  },
  { service: 'geo', method: 'GET', path: '/api/plots/export', access: 'user', query: ZPlotExportQuery },
  { service: 'geo', method: 'POST', path: '/api/plots/merge', access: 'user', body: ZMergePlotsBody },
  { service: 'geo', method: 'GET', path: '/api/plots/{plotId}', access: 'user', owned: true },
  {
    service: 'geo',
    method: 'PATCH',
    path: '/api/plots/{plotId}',
    access: 'user',
    owned: true,
    body: ZUpdatePlotBody,
  },
  {
    service: 'geo',
    method: 'DELETE',
    path: '/api/plots/{plotId}',
    access: 'user',
    owned: true,
    destructive: true,
  },
  {
    service: 'geo',
    method: 'POST',
    path: '/api/plots/{plotId}/move',
    access: 'user',
    owned: true,
    body: ZMoveBody,
  },
  {
    service: 'geo',
    method: 'POST',
    path: '/api/plots/{plotId}/divide',
    access: 'user',
    owned: true,
    body: ZDivideBody,
  },
  { service: 'geo', method: 'POST', path: '/api/plots/{plotId}/undo', access: 'user', owned: true },
  { service: 'geo', method: 'POST', path: '/api/plots/{plotId}/redo', access: 'user', owned: true },
  { service: 'geo', method: 'GET', path: '/api/crops', access: 'user' },
  { service: 'geo', method: 'POST', path: '/api/crops', access: 'user', body: ZCreateCropBody },
  { service: 'geo', method: 'GET', path: '/api/crops/{cropId}', access: 'user', owned: true },
  {
    service: 'geo',
    method: 'PATCH',
    path: '/api/crops/{cropId}',
    access: 'user',
    owned: true,
    body: ZUpdateCropBody,
  },
  {
    service: 'geo',
    method: 'DELETE',
    path: '/api/crops/{cropId}',
    access: 'user',
    owned: true,
    destructive: true,
  },
  {
    service: 'geo',
    method: 'POST',
    path: '/api/crops/{cropId}/move',
    access: 'user',
    owned: true,
    body: ZMoveBody,
  },
  {
    service: 'geo',
    method: 'POST',
    path: '/api/crops/{cropId}/cut',
    access: 'user',
    owned: true,
    body: ZCutBody,
  },
  {
    service: 'geo',
    method: 'POST',
    path: '/api/crops/{cropId}/divide',
    access: 'user',
    owned: true,
    body: ZDivideBody,
  },
  { service: 'geo', method: 'POST', path: '/api/crops/{cropId}/undo', access: 'user', owned: true },
  { service: 'geo', method: 'POST', path: '/api/crops/{cropId}/redo', access: 'user', owned: true },
  { service: 'geo', method: 'GET', path: '/api/crops/{cropId}/sectors', access: 'user', owned: true },
  {
    service: 'geo',
    method: 'PUT',
    path: '/api/crops/{cropId}/sectors',
    access: 'user',
    owned: true,
    body: ZUpdateSectorsBody,
  },
  {
    service: 'geo',
    method: 'POST',
    path: '/api/crops/{cropId}/sectors/auto-divide',
    access: 'user',
    owned: true,
    body: ZAutoDivideBody,
  },
  { service: 'geo', method: 'POST', path: '/api/crops/{cropId}/sectors/revert', access: 'user', owned: true },
  {
    service: 'geo',
    method: 'POST',
    path: '/api/crops/{cropId}/prescription/isoxml',
    access: 'user',
    owned: true,
    body: ZPrescriptionExportBody,
  },
  {
    service: 'geo',
    method: 'POST',
    path: '/api/crops/{cropId}/prescription/shp',
    access: 'user',
    owned: true,
    body: ZPrescriptionExportBody,
  },
  {
    service: 'geo',
    method: 'POST',
    path: '/api/crops/{cropId}/prescription/geojson',
    access: 'user',
    owned: true,
    body: ZPrescriptionExportBody,
  },
  { service: 'geo', method: 'GET', path: '/api/sectors/{sectorId}', access: 'user', owned: true },
  { service: 'geo', method: 'GET', path: '/api/admin-units/voivodeships', access: 'public' },
  {
    service: 'geo',
    method: 'GET',
    path: '/api/admin-units/counties',
    access: 'public',
    query: ZCountiesQuery,
  },
  {
    service: 'geo',
    method: 'GET',
    path: '/api/admin-units/communes',
    access: 'public',
    query: ZCommunesQuery,
  },
  {
    service: 'geo',
    method: 'GET',
    path: '/api/admin-units/precincts',
    access: 'public',
    query: ZPrecinctsQuery,
  },
  { service: 'geo', method: 'GET', path: '/api/cadastre/parcels', access: 'public', query: ZParcelQuery },
  { service: 'geo', method: 'GET', path: '/api/cadastre/parcels/at', access: 'user', query: ZParcelAtQuery },
  { service: 'geo', method: 'GET', path: '/api/cadastre/wms', access: 'public', query: ZCadastreWmsQuery },
  { service: 'geo', method: 'GET', path: '/api/cities', access: 'public', query: ZCitiesQuery },
  { service: 'geo', method: 'GET', path: '/api/plants', access: 'public' },
  // ---- orders ----
  { service: 'orders', method: 'GET', path: '/api/prices', access: 'public' },
  { service: 'orders', method: 'POST', path: '/api/orders/quote', access: 'user', body: ZQuoteBody },
  { service: 'orders', method: 'POST', path: '/api/orders/kits', access: 'user', body: ZCreateKitOrderBody },
  { service: 'orders', method: 'GET', path: '/api/orders/kits/{kitOrderId}', access: 'user', owned: true },
  { service: 'orders', method: 'POST', path: '/api/orders', access: 'user', body: ZCreateOrderBody },
  { service: 'orders', method: 'GET', path: '/api/orders', access: 'user', query: ZPageQuery },
  { service: 'orders', method: 'GET', path: '/api/orders/{orderId}', access: 'user', owned: true },
  { service: 'orders', method: 'POST', path: '/api/orders/{orderId}/pay', access: 'user', owned: true },
  {
    service: 'orders',
    method: 'POST',
    path: '/api/orders/{orderId}/payment/check',
    access: 'user',
    owned: true,
    body: ZCheckPaymentBody,
  },
  {
    service: 'orders',
    method: 'POST',
    path: '/api/orders/{orderId}/payment-method',
    access: 'user',
    owned: true,
    destructive: true,
    body: ZChangePaymentMethodBody,
  },
  {
    service: 'orders',
    method: 'POST',
    path: '/api/orders/{orderId}/cancel',
    access: 'user',
    owned: true,
    destructive: true,
  },
  // Guided sampling (decision 0058): the plan and the punctures taken.
  { service: 'orders', method: 'GET', path: '/api/orders/{orderId}/sampling', access: 'user', owned: true },
  {
    service: 'orders',
    method: 'POST',
    path: '/api/orders/{orderId}/samples/{sampleId}/punctures',
    access: 'user',
    owned: true,
    body: ZRecordPuncturesBody,
  },
  { service: 'orders', method: 'GET', path: '/farm-api/orders/{orderId}/sampling', access: 'admin' },
  {
    service: 'orders',
    method: 'POST',
    path: '/api/orders/{orderId}/status',
    access: 'user',
    owned: true,
    body: ZChangeStatusBody,
  },
  {
    service: 'orders',
    method: 'POST',
    path: '/api/soil-tests/verify',
    access: 'user',
    body: ZVerifyBarcodeBody,
  },
  { service: 'orders', method: 'POST', path: '/api/soil-tests', access: 'user', body: ZAddGardenTestBody },
  { service: 'orders', method: 'GET', path: '/api/soil-tests', access: 'user', query: ZMyTestsQuery },
  { service: 'orders', method: 'GET', path: '/api/soil-tests/{testId}', access: 'user', owned: true },
  {
    service: 'orders',
    method: 'PATCH',
    path: '/api/soil-tests/{testId}',
    access: 'user',
    owned: true,
    body: ZUpdateGardenTestBody,
  },
  {
    service: 'orders',
    method: 'POST',
    path: '/api/soil-tests/{testId}/confirm-shipment',
    access: 'user',
    owned: true,
    destructive: true,
  },
  {
    service: 'orders',
    method: 'POST',
    path: '/api/soil-tests/{testId}/cancel',
    access: 'user',
    owned: true,
    destructive: true,
  },
  {
    service: 'orders',
    method: 'PUT',
    path: '/api/soil-tests/{testId}/photo',
    access: 'user',
    owned: true,
    rawBody: true,
  },
  { service: 'orders', method: 'GET', path: '/api/soil-tests/{testId}/photo', access: 'user', owned: true },
  {
    service: 'orders',
    method: 'GET',
    path: '/api/soil-tests/{testId}/complaints',
    access: 'user',
    owned: true,
  },
  {
    service: 'orders',
    method: 'POST',
    path: '/api/soil-tests/{testId}/complaints',
    access: 'user',
    owned: true,
    body: ZFileComplaintBody,
  },
  { service: 'orders', method: 'GET', path: '/api/complaints/{uuid}/photo', access: 'user' },
  ...both('/complaints', { service: 'orders', method: 'GET', access: 'admin', query: ZAdminComplaintsQuery }),
  ...both('/complaints/{uuid}/answer', {
    service: 'orders',
    method: 'POST',
    access: 'admin',
    body: ZAnswerComplaintBody,
  }),
  ...both('/complaints/{uuid}/photo', { service: 'orders', method: 'GET', access: 'admin' }),
  {
    service: 'orders',
    method: 'POST',
    path: '/api/payments/p24/notify',
    access: 'public',
    body: ZP24Notification,
  },
  ...(
    [
      ['/orders', '{orderId}'],
      ['/soil-tests', '{testId}'],
    ] as const
  ).flatMap(([p, id]) => [
    ...both(p, { service: 'orders', method: 'GET', access: 'admin', query: ZAdminOrdersQuery }),
    ...both(`${p}/${id}`, { service: 'orders', method: 'GET', access: 'admin' }),
    ...both(`${p}/${id}/status`, {
      service: 'orders',
      method: 'POST',
      access: 'admin',
      body: ZChangeStatusBody,
    }),
    ...both(`${p}/${id}/cancel`, { service: 'orders', method: 'POST', access: 'admin', destructive: true }),
    ...both(`${p}/${id}/mark-paid`, {
      service: 'orders',
      method: 'POST',
      access: 'admin',
      destructive: true,
    }),
    ...both(`${p}/${id}/mark-refunded`, {
      service: 'orders',
      method: 'POST',
      access: 'admin',
      destructive: true,
    }),
  ]),
  ...both('/kit-orders', { service: 'orders', method: 'GET', access: 'admin', query: ZPageQuery }),
  ...both('/kit-orders/{kitOrderId}/mark-paid', {
    service: 'orders',
    method: 'POST',
    access: 'admin',
    destructive: true,
  }),
  ...both('/barcode-labels/batches', {
    service: 'orders',
    method: 'POST',
    access: 'admin',
    body: ZCreateBarcodeBatchBody,
  }),
  ...both('/barcode-labels/batches', {
    service: 'orders',
    method: 'GET',
    access: 'admin',
    query: ZPageQuery,
  }),
  ...both('/barcode-labels', {
    service: 'orders',
    method: 'GET',
    access: 'admin',
    query: ZBarcodeLabelsQuery,
  }),
  ...both('/barcode-labels/batches/{batchId}/pdf', { service: 'orders', method: 'GET', access: 'admin' }),
  ...both('/barcode-labels/batches/{batchId}/mark-paid', {
    service: 'orders',
    method: 'POST',
    access: 'admin',
  }),
  // ---- lab-import ----
  ...both('/imports/template', { service: 'lab-import', method: 'GET', access: 'admin' }),
  ...both('/imports', { service: 'lab-import', method: 'POST', access: 'admin', rawBody: true }),
  ...both('/imports', { service: 'lab-import', method: 'GET', access: 'admin', query: ZPageQuery }),
  ...both('/imports/{importId}', { service: 'lab-import', method: 'GET', access: 'admin' }),
  ...both('/imports/{importId}/check', { service: 'lab-import', method: 'POST', access: 'admin' }),
  ...both('/imports/{importId}/apply', { service: 'lab-import', method: 'POST', access: 'admin' }),
  ...both('/results', { service: 'lab-import', method: 'GET', access: 'admin' }),
  { service: 'lab-import', method: 'GET', path: '/api/results/tests/{testId}', access: 'user', owned: true },
  {
    service: 'lab-import',
    method: 'GET',
    path: '/api/results/tests/{testId}/report.pdf',
    access: 'user',
    owned: true,
  },
  {
    service: 'lab-import',
    method: 'GET',
    path: '/api/results/orders/{orderId}',
    access: 'user',
    owned: true,
  },
  { service: 'lab-import', method: 'GET', path: '/api/results/fields/history', access: 'user' },
  // ---- shipping ----
  { service: 'shipping', method: 'GET', path: '/api/shipments/shippable', access: 'user' },
  {
    service: 'shipping',
    method: 'GET',
    path: '/api/shipments/courier/availability',
    access: 'user',
    query: ZCourierAvailabilityQuery,
  },
  {
    service: 'shipping',
    method: 'POST',
    path: '/api/shipments/summary',
    access: 'user',
    body: ZCreateShipmentBody,
  },
  { service: 'shipping', method: 'POST', path: '/api/shipments', access: 'user', body: ZCreateShipmentBody },
  { service: 'shipping', method: 'GET', path: '/api/shipments', access: 'user' },
  ...['{shipmentId}', '{dropOffShipmentId}'].flatMap((id): Endpoint[] => [
    { service: 'shipping', method: 'GET', path: `/api/shipments/${id}`, access: 'user', owned: true },
    { service: 'shipping', method: 'GET', path: `/api/shipments/${id}/label`, access: 'user', owned: true },
  ]),
  {
    service: 'shipping',
    method: 'GET',
    path: '/api/pickup-points',
    access: 'user',
    query: ZPickupPointsQuery,
  },
  ...both('/shipments', { service: 'shipping', method: 'GET', access: 'admin' }),
  ...both('/shipments/labels', {
    service: 'shipping',
    method: 'POST',
    access: 'admin',
    body: ZBulkLabelsBody,
  }),
  ...both('/shipments/protocol', { service: 'shipping', method: 'GET', access: 'admin' }),
  ...both('/shipments/{shipmentId}', { service: 'shipping', method: 'GET', access: 'admin' }),
  ...both('/shipments/{shipmentId}/label', { service: 'shipping', method: 'GET', access: 'admin' }),
  ...both('/shipments/{shipmentId}/track', { service: 'shipping', method: 'POST', access: 'admin' }),
  ...both('/shipments/{shipmentId}/return', {
    service: 'shipping',
    method: 'POST',
    access: 'admin',
    destructive: true,
  }),
  ...both('/shipments/{shipmentId}/return-label', { service: 'shipping', method: 'GET', access: 'admin' }),
  // ---- notification ----
  {
    service: 'notification',
    method: 'GET',
    path: '/api/notifications/in-app',
    access: 'user',
    query: ZInAppListQuery,
  },
  { service: 'notification', method: 'GET', path: '/api/notifications/in-app/unseen/count', access: 'user' },
  {
    service: 'notification',
    method: 'GET',
    path: '/api/notifications/in-app/changes',
    access: 'user',
    query: ZInAppChangesQuery,
  },
  {
    service: 'notification',
    method: 'PATCH',
    path: '/api/notifications/in-app/{notificationId}',
    access: 'user',
    owned: true,
  },
  { service: 'notification', method: 'GET', path: '/api/notifications/preferences', access: 'user' },
  {
    service: 'notification',
    method: 'PUT',
    path: '/api/notifications/preferences',
    access: 'user',
    body: ZUpdatePreferencesBody,
  },
  {
    service: 'notification',
    method: 'POST',
    path: '/api/newsletter/subscribe',
    access: 'public',
    body: ZNewsletterSubscribeBody,
  },
  { service: 'notification', method: 'GET', path: '/api/newsletter/subscription', access: 'user' },
  { service: 'notification', method: 'POST', path: '/api/newsletter/unsubscribe', access: 'user' },
  { service: 'notification', method: 'GET', path: '/api/newsletter/unsubscribe/{token}', access: 'token' },
  { service: 'notification', method: 'POST', path: '/api/newsletter/unsubscribe/{token}', access: 'token' },
  ...both('/deliveries', {
    service: 'notification',
    method: 'GET',
    access: 'admin',
    query: ZDeliveryListQuery,
  }),
  ...both('/deliveries/sms-log', {
    service: 'notification',
    method: 'GET',
    access: 'admin',
    query: ZPageQuery,
  }),
];

export const CALLERS = ['anonymous', 'userA', 'userB', 'admin', 'suspended'] as const;
export type Caller = (typeof CALLERS)[number];

/**
 * Expected status class:
 * - `401`: exactly 401; `403`: exactly 403;
 * - `deny`: 401, 403 or 404 (another user's resource: 404 is preferred, it does not reveal existence);
 * - `ok`: the caller is let in: anything but 401/403 (2xx, or a 4xx of validation or business rules);
 * - `any`: public or token endpoint, any non-5xx answer (with invalid tokens never a 2xx).
 * Every cell must also be below 500.
 *
 * The suspended user calls with the access token it held before the suspension (login is refused):
 * the gateway refuses it at once on every signed-in endpoint (identity marks the suspension in Redis;
 * FINDINGS.md F-1, fixed), so each of its cells is exactly 403.
 */
export function expected(e: Endpoint, caller: Caller): '401' | '403' | 'deny' | 'ok' | 'any' {
  if (e.access === 'public' || e.access === 'token') return 'any';
  if (caller === 'anonymous') return '401';
  if (caller === 'suspended') return '403';
  if (e.access === 'admin') return caller === 'admin' ? 'ok' : '403';
  if (e.owned) return caller === 'userA' ? 'ok' : 'deny';
  return 'ok';
}

export function matches(cls: ReturnType<typeof expected>, status: number): boolean {
  if (status >= 500) return false;
  switch (cls) {
    case '401':
      return status === 401;
    case '403':
      return status === 403;
    case 'deny':
      return status === 401 || status === 403 || status === 404;
    case 'ok':
      return status !== 401 && status !== 403;
    case 'any':
      return true;
  }
}
