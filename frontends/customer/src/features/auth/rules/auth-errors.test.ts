import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_REQUEST_FAILED } from '@gleba/api-client';
import { forgotPasswordFailure, loginFailure, setPasswordFailure } from './auth-errors';

const apiError = (statusCode: number, code: string, message = 'server says no') =>
  new ApiError({ statusCode, error: 'Error', message, code });

describe('login error mapping (spec section 8)', () => {
  it('maps each code to its message, and a suspended account to the suspended page', () => {
    expect(loginFailure('en', apiError(401, 'invalidCredentials'))).toEqual({
      kind: 'message',
      message: 'Invalid e-mail or password.',
    });
    expect(loginFailure('en', apiError(403, 'accountNotActive'))).toEqual({
      kind: 'message',
      message: expect.stringContaining('not active'),
    });
    expect(loginFailure('en', apiError(403, 'accountSuspended'))).toEqual({ kind: 'suspended' });
    expect(loginFailure('en', apiError(0, NETWORK_REQUEST_FAILED))).toEqual({
      kind: 'message',
      message: expect.stringContaining('Connection problem'),
    });
    expect(loginFailure('pl', apiError(401, 'unauthorized'))).toEqual({
      kind: 'message',
      message: 'Nieprawidłowy e-mail lub hasło.',
    });
    expect(loginFailure('en', apiError(500, 'internal'))).toEqual({
      kind: 'message',
      message: 'Something went wrong. Please try again.',
    });
    expect(loginFailure('en', new Error('boom'))).toEqual({
      kind: 'message',
      message: 'Something went wrong. Please try again.',
    });
  });
});

describe('forgot password errors', () => {
  it('too many requests has its own message; other failures are "something went wrong"', () => {
    expect(forgotPasswordFailure('en', apiError(429, 'tooManyResetPasswordRequests'))).toBe(
      'Too many password reset attempts. Try again later.',
    );
    expect(forgotPasswordFailure('en', apiError(404, 'emailDoesNotExist'))).toBe(
      'This e-mail does not exist.',
    );
    expect(forgotPasswordFailure('en', apiError(500, 'internal'))).toBe(
      'Something went wrong. Please try again.',
    );
    expect(forgotPasswordFailure('en', apiError(400, 'validationFailed'))).toBe(
      'Something went wrong. Please try again.',
    );
  });
});

describe('set password errors (spec section 5)', () => {
  it("shows the server's message, else passwords do not match", () => {
    expect(setPasswordFailure('en', apiError(400, 'invalidOrExpiredLink', 'The link has expired.'))).toBe(
      'The link has expired.',
    );
    expect(setPasswordFailure('en', new Error('x'))).toBe('The passwords do not match.');
    expect(setPasswordFailure('uk', new Error('x'))).toBe('Паролі не збігаються.');
  });
});
