import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { describeAuthError } from './LoginPage';

const apiError = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body));

describe('describeAuthError', () => {
  it("shows the server's password rule under the password field", () => {
    const message = 'This password is too common. Choose one that is harder to guess.';
    const error = apiError(400, { message, details: { fieldErrors: { password: [message] }, formErrors: [] } });
    expect(describeAuthError(error, 'signup')).toEqual({ fields: { password: message }, message: null });
  });

  it("shows the server's sign-in and registration limits as they are", () => {
    const locked = 'Too many failed sign-in attempts for this account. Please wait 5 minutes and try again.';
    expect(describeAuthError(apiError(429, { message: locked, details: { retryAfterSeconds: 300 } }), 'signin')).toEqual({ fields: {}, message: locked });
    const registrations = 'Too many accounts created from your network. Please wait 60 minutes and try again.';
    expect(describeAuthError(apiError(429, { message: registrations }), 'signup')).toEqual({ fields: {}, message: registrations });
  });
});
