import { LoginSchema } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { validateLogin, type LoginErrors } from './login-form';

/** What validateLogin answered before the light sign-in page (ADR 0007): the domain's schema itself. */
function withSchema(values: Record<'username' | 'password', unknown>) {
  const result = LoginSchema.safeParse(values);
  if (result.success) return { credentials: result.data };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

const USERNAMES: unknown[] = [
  'claire.dupont@example.fr',
  '  Claire.Dupont@Example.FR  ',
  "o'neil+tag@mairie-seignosse.fr",
  'a_b-c@sub.domain.org',
  '',
  '   ',
  null,
  undefined,
  'claire',
  'claire@',
  '@example.fr',
  'claire@example',
  'claire@example.f',
  '.claire@example.fr',
  'claire.@example.fr',
  'cla..ire@example.fr',
  'claire@-example.fr',
  'claire@exa_mple.fr',
  'clai re@example.fr',
  'claire@example.fr.',
  `${'a'.repeat(168)}@example.fr`,
  `${'a'.repeat(169)}@example.fr`,
  `  ${'a'.repeat(168)}@example.fr  `,
];
const PASSWORDS: unknown[] = ['Secret-123456', ' ', '', null, undefined, 'x'.repeat(128), 'x'.repeat(129)];

describe('sign-in form check', () => {
  it.each(USERNAMES.flatMap((username) => PASSWORDS.map((password) => [username, password])))(
    'answers as LoginSchema for %j / %j',
    (username, password) => {
      expect(validateLogin({ username, password })).toEqual(withSchema({ username, password }));
    },
  );

  it('gives the French messages of the form', () => {
    expect(validateLogin({ username: '', password: '' })).toEqual({
      errors: { username: 'Ce champ est obligatoire', password: 'Ce champ est obligatoire' },
    });
    expect(validateLogin({ username: 'claire', password: 'x' })).toEqual({
      errors: { username: 'Veuillez saisir une adresse e-mail valide' },
    });
  });
});
