import type { TCurrentUser } from '@gleba/contracts';

/** Local storage flag: the wizard has been finished or skipped on this device (shown once). */
export const ONBOARDING_DONE_KEY = 'gleba_onboarding_done';

export const ONBOARDING_STEPS = ['welcome', 'farm', 'plot', 'sampling', 'survey'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export function isOnboardingDone(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    return storage.getItem(ONBOARDING_DONE_KEY) !== null;
  } catch {
    return true; // storage blocked: never nag on every visit
  }
}

export function markOnboardingDone(storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(ONBOARDING_DONE_KEY, new Date().toISOString());
  } catch {
    // storage blocked: nothing to keep
  }
}

/** The profile data still missing before ordering (message keys of `onboarding.field*`). */
export function missingProfileFields(
  user: Pick<TCurrentUser, 'firstName' | 'lastName' | 'phoneNumber' | 'isDataComplete'> | undefined,
): string[] {
  if (!user) return [];
  const missing: string[] = [];
  if (!user.firstName.trim() || !user.lastName.trim()) missing.push('onboarding.fieldName');
  if (!user.phoneNumber) missing.push('onboarding.fieldPhone');
  if (!user.isDataComplete) missing.push('onboarding.fieldAddress');
  return missing;
}
