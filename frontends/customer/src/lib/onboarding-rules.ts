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

/** The farm's total area as typed, in hectares (a comma or a point for decimals). */
export function parseAreaHa(text: string): { value: number } | { error: string } {
  const t = text.trim().replace(/\s/g, '').replace(',', '.');
  if (t === '') return { error: 'customer.fieldRequired' };
  if (!/^-?\d+(\.\d+)?$/.test(t)) return { error: 'onboarding.farmAreaInvalid' };
  const value = Number(t);
  if (value < 0) return { error: 'onboarding.farmAreaNegative' };
  if (value > 1_000_000) return { error: 'onboarding.farmAreaTooLarge' };
  return { value };
}

/** Hectares to the square metres the farm keeps. */
export const areaHaToM2 = (ha: number): number => Math.round(ha * 10_000);
