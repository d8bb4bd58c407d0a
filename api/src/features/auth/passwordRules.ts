import commonPasswords from 'fxa-common-password-list';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  repeated: 'A password cannot be one character repeated.',
  common: 'This password is too common. Choose one that is harder to guess.',
} as const;

/**
 * Why a new password (already of an allowed length) is refused, or null when it is fine: one
 * character repeated (`aaaaaaaa`, `11111111`), or on Mozilla's list of 50,000 common
 * passwords, compared case-insensitively (the list is lowercase, so `Password123` is as weak
 * as `password123`).
 */
export function passwordProblem(password: string): string | null {
  if (new Set(Array.from(password)).size <= 1) return PASSWORD_MESSAGES.repeated;
  if (commonPasswords.test(password.toLowerCase())) return PASSWORD_MESSAGES.common;
  return null;
}
