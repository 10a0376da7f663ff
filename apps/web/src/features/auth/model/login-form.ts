import { LoginSchema, type Login } from '@voirie/domain';

export type LoginField = keyof Login;
export type LoginErrors = Partial<Record<LoginField, string>>;

const FIELDS: readonly LoginField[] = ['username', 'password'];

/** Checks the sign-in form with the domain's schema: the credentials, or one message per field. */
export function validateLogin(
  values: Record<LoginField, unknown>,
): { credentials: Login } | { errors: LoginErrors } {
  const result = LoginSchema.safeParse(values);
  if (result.success) return { credentials: result.data };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = FIELDS.find((name) => name === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}
