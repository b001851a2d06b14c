import type { LabTestType } from '@gleba/contracts';

/**
 * Additional lab tests that exclude each other. EGNER (Egner-Riehm, DL) and UNIVERSAL_METHOD
 * (Mehlich 3) are alternative extraction methods of phosphorus and potassium: one sample is
 * analysed by one of them, so ordering both is refused.
 */
export const EXCLUSIVE_TEST_GROUPS: readonly (readonly LabTestType[])[] = [['EGNER', 'UNIVERSAL_METHOD']];

/** Why a set of additional tests is invalid, or null when it is valid. */
export function invalidTestCombination(tests: readonly LabTestType[]): string | null {
  const seen = new Set<LabTestType>();
  for (const t of tests) {
    if (seen.has(t)) return `${t} is listed twice`;
    seen.add(t);
  }
  for (const group of EXCLUSIVE_TEST_GROUPS) {
    const chosen = group.filter((t) => seen.has(t));
    if (chosen.length > 1) return `${chosen.join(' and ')} are alternative methods; choose one`;
  }
  return null;
}
