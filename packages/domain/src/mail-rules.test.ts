import { describe, expect, test } from 'vitest';
import { canResendMail, isMailCapExempt } from './mail-rules.ts';

describe('mail rules', () => {
  test('only an administrator resends, and only a failed mail', () => {
    expect(canResendMail({ roles: ['ROLE_ADMIN'] }, 'failed')).toBe(true);
    expect(canResendMail({ roles: ['ROLE_ADMIN'] }, 'pending')).toBe(false);
    expect(canResendMail({ roles: ['ROLE_ADMIN'] }, 'sent')).toBe(false);
    expect(canResendMail({ roles: ['ROLE_INSTRUCTEUR'] }, 'failed')).toBe(false);
    expect(canResendMail({ roles: ['ROLE_DEMANDEUR'] }, 'failed')).toBe(false);
    expect(canResendMail(null, 'failed')).toBe(false);
  });

  test('instructors and administrators are not capped; applicants and operators are', () => {
    expect(isMailCapExempt({ roles: ['ROLE_INSTRUCTEUR'] })).toBe(true);
    expect(isMailCapExempt({ roles: ['ROLE_ADMIN'] })).toBe(true);
    for (const role of [
      'ROLE_DEMANDEUR',
      'ROLE_GUICHET',
      'ROLE_OPERATEUR',
      'ROLE_SOUSTRAITANT',
      'ROLE_USER',
    ]) {
      expect(isMailCapExempt({ roles: [role] })).toBe(false);
    }
  });
});
