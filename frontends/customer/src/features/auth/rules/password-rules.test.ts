import { describe, expect, it } from 'vitest';
import { checkPassword, isPasswordValid } from './password-rules';

const met = (password: string, confirmation = password) =>
  Object.fromEntries(checkPassword(password, confirmation).map((c) => [c.id, c.met]));

describe('password rules (spec section 5)', () => {
  it('needs 8 characters, a digit, a lowercase, an uppercase and a special character', () => {
    expect(met('')).toEqual({
      minLength: false,
      digit: false,
      lowercase: false,
      uppercase: false,
      special: false,
      match: false,
    });
    expect(met('Abcdef1!')).toEqual({
      minLength: true,
      digit: true,
      lowercase: true,
      uppercase: true,
      special: true,
      match: true,
    });
    expect(met('Abcde1!').minLength).toBe(false);
    expect(met('Abcdefg!').digit).toBe(false);
    expect(met('ABCDEF1!').lowercase).toBe(false);
    expect(met('abcdef1!').uppercase).toBe(false);
    expect(met('Abcdefg1').special).toBe(false);
  });

  it('accepts Polish and Ukrainian letters as letters, not as special characters', () => {
    expect(met('Źdźbło12').special).toBe(false);
    expect(met('Їжак123!')).toMatchObject({ lowercase: true, uppercase: true, special: true });
  });

  it('needs the confirmation to match', () => {
    expect(met('Abcdef1!', 'Abcdef1?').match).toBe(false);
    expect(isPasswordValid('Abcdef1!', 'Abcdef1?')).toBe(false);
    expect(isPasswordValid('Abcdef1!', 'Abcdef1!')).toBe(true);
  });
});
