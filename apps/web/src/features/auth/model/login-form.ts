import type { Login } from '@voirie/domain';
import { ACCOUNT_MESSAGES, LIMITS } from '@voirie/domain/account-texts';

export type LoginField = keyof Login;
export type LoginErrors = Partial<Record<LoginField, string>>;

// The rules of the domain's LoginSchema, by hand: the schema would bring zod into the sign-in
// page's bundle. The API still checks with LoginSchema, and login-form.test.ts
// checks that both give the same credentials and the same messages.

/** zod's e-mail pattern (z.email(), zod 4), which LoginSchema uses. */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Checks the sign-in form as the domain's LoginSchema does: the credentials, or one message per field. */
export function validateLogin(
  values: Record<LoginField, unknown>,
): { credentials: Login } | { errors: LoginErrors } {
  // A missing field gets the same message as an empty one, as in LoginSchema.
  const username = typeof values.username === 'string' ? values.username.trim() : '';
  const password = typeof values.password === 'string' ? values.password : '';
  const errors: LoginErrors = {};
  if (username.length === 0) errors.username = ACCOUNT_MESSAGES.required;
  else if (username.length > LIMITS.emailMax || !EMAIL_PATTERN.test(username))
    errors.username = ACCOUNT_MESSAGES.emailInvalid;
  // LoginSchema sets no message for a too long password: zod then uses the string's own, 'required'.
  if (password.length === 0 || password.length > LIMITS.passwordMax)
    errors.password = ACCOUNT_MESSAGES.required;
  if (errors.username || errors.password) return { errors };
  return { credentials: { username: username.toLowerCase(), password } };
}
