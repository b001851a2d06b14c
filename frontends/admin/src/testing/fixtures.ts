/**
 * Plain test data, free of vitest and React, so the component tests (through render-app) and the
 * browser test in Node (test/admin.browser.test.ts) serve the same signed-in admin.
 */

/** `GET users/me` for the signed-in administrator. */
export const ADMIN = {
  id: '0b7c0e6e-7a8e-4a55-9d1a-3f1d2f7f0a99',
  publicUserId: 'U-9',
  firstName: 'Ewa',
  lastName: 'Laborantka',
  email: 'admin@gleba.local',
  phoneNumber: null,
  genderType: null,
  role: 'ADMIN',
  isActive: true,
  isEnabled: true,
  newsletterConsent: false,
  language: 'pl',
  isDataComplete: true,
  socialAccounts: [],
  createdAt: '2026-01-01T00:00:00.000Z',
};
