import { describe, expect, test } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  RegisterSchema,
  SetPasswordSchema,
  initialsOf,
  isStrongPassword,
  LoginSchema,
} from './accounts.ts';

describe('accounts', () => {
  test('registration refuses different passwords with the spec text', () => {
    const result = RegisterSchema.safeParse({
      email: 'a@b.fr',
      password: 'Demo-2026!',
      passwordConfirm: 'Demo-2026?',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(ACCOUNT_MESSAGES.passwordMismatch);
  });
  test('registration lower-cases the e-mail and refuses an invalid one', () => {
    expect(
      RegisterSchema.parse({ email: ' Jean@Ex.FR ', password: 'Demo-2026!', passwordConfirm: 'Demo-2026!' })
        .email,
    ).toBe('jean@ex.fr');
    const bad = RegisterSchema.safeParse({
      email: 'jean@',
      password: 'Demo-2026!',
      passwordConfirm: 'Demo-2026!',
    });
    expect(bad.error?.issues[0]?.message).toBe(ACCOUNT_MESSAGES.emailInvalid);
  });
  test('unknown fields are refused', () => {
    expect(LoginSchema.safeParse({ username: 'a@b.fr', password: 'x', admin: true }).success).toBe(false);
  });
  test('password strength', () => {
    expect(isStrongPassword('Demo-2026!')).toBe(true);
    expect(isStrongPassword('demo-2026!')).toBe(false);
    expect(isStrongPassword('Demo2026ab')).toBe(false);
    expect(isStrongPassword('De-26!')).toBe(false);
    expect(
      SetPasswordSchema.safeParse({ password: 'short', passwordConfirm: 'short' }).error?.issues[0]?.message,
    ).toBe(ACCOUNT_MESSAGES.passwordWeak);
  });
  test('initials', () => {
    expect(initialsOf({ firstName: 'Marie', lastName: 'Durand', email: 'm@x.fr' })).toBe('MD');
    expect(initialsOf({ firstName: null, lastName: null, email: 'zoe@x.fr' })).toBe('Z');
  });
});
