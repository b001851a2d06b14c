import { PASSWORD_MIN_LENGTH } from '@gleba/contracts';

/** Spec section 5: minimum 8, a digit, a lowercase, an uppercase and a special character; confirmation matches. */
export const PASSWORD_RULES = [
  {
    id: 'minLength',
    labelKey: 'customer.ruleMinLength',
    test: (p: string) => [...p].length >= PASSWORD_MIN_LENGTH,
  },
  { id: 'digit', labelKey: 'customer.ruleDigit', test: (p: string) => /\d/.test(p) },
  { id: 'lowercase', labelKey: 'customer.ruleLowercase', test: (p: string) => /\p{Ll}/u.test(p) },
  { id: 'uppercase', labelKey: 'customer.ruleUppercase', test: (p: string) => /\p{Lu}/u.test(p) },
  { id: 'special', labelKey: 'customer.ruleSpecial', test: (p: string) => /[^\p{L}\p{N}\s]/u.test(p) },
] as const;

export type PasswordRuleId = (typeof PASSWORD_RULES)[number]['id'] | 'match';

export interface PasswordCheck {
  id: PasswordRuleId;
  labelKey: string;
  met: boolean;
}

export function checkPassword(password: string, confirmation: string): PasswordCheck[] {
  return [
    ...PASSWORD_RULES.map((r) => ({ id: r.id, labelKey: r.labelKey, met: r.test(password) })),
    {
      id: 'match' as const,
      labelKey: 'customer.ruleMatch',
      met: password.length > 0 && password === confirmation,
    },
  ];
}

export function isPasswordValid(password: string, confirmation: string): boolean {
  return checkPassword(password, confirmation).every((c) => c.met);
}
