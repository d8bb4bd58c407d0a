/**
 * The owner's own account: profile fields, password change and reset, and account deletion.
 * Plain rules and texts; the zod schemas in `account.schemas.ts` use the same pieces, so the
 * dashboard's forms and the server refuse the same input with the same words.
 */

export const PROFILE_LIMITS = { nameMax: 100, imageUrlMax: 2000 } as const;

/** The account pages' texts, word for word. */
export const ACCOUNT_MESSAGES = {
  firstNameLong: `First name must be at most ${PROFILE_LIMITS.nameMax} characters`,
  lastNameLong: `Last name must be at most ${PROFILE_LIMITS.nameMax} characters`,
  profileImageUrl: 'Picture URL must be an http(s) URL',
  profileImageNotYours: 'Use an http(s) URL or a picture you uploaded to your profile.',
  imageType: 'Please select an image file (JPG, PNG, GIF, WebP).',
  imageTooLarge: 'Please select an image smaller than 10MB.',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  newPasswordRequired: 'New password is required',
  confirmPasswordMismatch: 'Passwords do not match',
  confirmEmail: 'Type your email address to confirm.',
  resetLinkInvalid: 'This reset link is invalid or has expired.',
  resetByEmailUnavailable: 'Password reset by email is not available on this server. Ask your administrator to reset your password.',
  resetRequested: 'If an account exists for this email address, we have sent it a link to reset the password. The link works for one hour.',
} as const;

/** PATCH /api/account/profile: each field optional (left as it is); null or '' clears a name or the picture. */
export interface ProfileUpdate {
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
}

/** POST /api/account/password. */
export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/** A form choosing a new password: typed twice. */
export interface NewPasswordForm {
  newPassword: string;
  confirmPassword: string;
}

/** The change-password form. */
export interface PasswordChangeForm extends NewPasswordForm {
  currentPassword: string;
}

/** POST /api/auth/reset-password (the form of /reset-password sends the same two fields). */
export interface PasswordReset {
  token: string;
  newPassword: string;
}

/** DELETE /api/account. */
export interface AccountDeletion {
  confirmEmail: string;
}

/** Whether what the owner typed names their account: case and surrounding spaces do not matter. */
export function confirmsEmail(typed: string, email: string): boolean {
  const value = typed.trim().toLowerCase();
  return value.length > 0 && value === email.trim().toLowerCase();
}

