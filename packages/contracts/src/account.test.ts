import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { isImageAddress } from './chatbot';
import { ACCOUNT_MESSAGES, confirmsEmail, type AccountDeletion, type NewPasswordForm, type PasswordChange, type PasswordChangeForm, type PasswordReset, type ProfileUpdate } from './account';
import { type accountDeletionSchema, newPasswordFormSchema, passwordChangeFormSchema, type passwordChangeSchema, type passwordResetSchema, profileUpdateSchema } from './account.schemas';

describe('account schemas', () => {
  it('describe the same shapes as the plain types', () => {
    expectTypeOf<z.output<typeof profileUpdateSchema>>().toEqualTypeOf<ProfileUpdate>();
    expectTypeOf<z.output<typeof passwordChangeSchema>>().toEqualTypeOf<PasswordChange>();
    expectTypeOf<z.output<typeof passwordChangeFormSchema>>().toEqualTypeOf<PasswordChangeForm>();
    expectTypeOf<z.output<typeof newPasswordFormSchema>>().toEqualTypeOf<NewPasswordForm>();
    expectTypeOf<z.output<typeof passwordResetSchema>>().toEqualTypeOf<PasswordReset>();
    expectTypeOf<z.output<typeof accountDeletionSchema>>().toEqualTypeOf<AccountDeletion>();
  });

  it('trim names, store empty ones as null and leave absent fields alone', () => {
    expect(profileUpdateSchema.parse({ firstName: '  Ada ', lastName: '   ' })).toEqual({ firstName: 'Ada', lastName: null });
    expect(profileUpdateSchema.parse({ profileImageUrl: null })).toEqual({ profileImageUrl: null });
    expect(profileUpdateSchema.parse({})).toEqual({});
  });

  it('refuse long names and picture addresses that are not http(s) or a local path', () => {
    const long = profileUpdateSchema.safeParse({ firstName: 'a'.repeat(101) });
    expect(long.error?.issues.map((i) => i.message)).toEqual([ACCOUNT_MESSAGES.firstNameLong]);
    for (const bad of ['javascript:alert(1)', '//evil.example/x.png', 'data:image/png;base64,AAAA', 'ftp://x.example/a.png']) {
      expect(profileUpdateSchema.safeParse({ profileImageUrl: bad }).error?.issues[0]?.message, bad).toBe(ACCOUNT_MESSAGES.profileImageUrl);
    }
    expect(profileUpdateSchema.parse({ profileImageUrl: 'https://cdn.example/me.png' })).toEqual({ profileImageUrl: 'https://cdn.example/me.png' });
  });

  it('ask for the new password twice on the form', () => {
    const result = passwordChangeFormSchema.safeParse({ currentPassword: 'old one', newPassword: 'new secret 1', confirmPassword: 'new secret 2' });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['confirmPassword'], message: 'Passwords do not match' })]);
    expect(passwordChangeFormSchema.safeParse({ currentPassword: '', newPassword: 'x', confirmPassword: 'x' }).error?.issues[0]?.message).toBe('Current password is required');
    expect(newPasswordFormSchema.safeParse({ newPassword: 'abc', confirmPassword: 'abd' }).error?.issues[0]).toMatchObject({ path: ['confirmPassword'], message: 'Passwords do not match' });
    expect(newPasswordFormSchema.safeParse({ newPassword: 'abc', confirmPassword: 'abc' }).success).toBe(true);
  });
});

describe('confirmsEmail', () => {
  it('matches the account address whatever the case and surrounding spaces', () => {
    expect(confirmsEmail(' Ada@Example.COM ', 'ada@example.com')).toBe(true);
    expect(confirmsEmail('ada@example.co', 'ada@example.com')).toBe(false);
    expect(confirmsEmail('', '')).toBe(false);
  });
});

describe('isImageAddress', () => {
  it('takes http(s) and same-site paths only', () => {
    expect(['https://a.example/p.png', 'http://a.example/p.png', '/uploads/profile-1.webp'].every(isImageAddress)).toBe(true);
    expect(['//a.example/p.png', 'javascript:x', 'https://', 'mailto:a@b.c', 'https://a.example/my p.png', '/uploads/a b.webp', ''].some(isImageAddress)).toBe(false);
  });
});
