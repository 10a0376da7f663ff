import type { ForgotPassword, Register, ResetTokenOwner, SetPassword } from '@voirie/domain';
import { http } from '../../../api';

/** POST register: first name, last name and phone are sent empty (docs/validation.md "Registration"). */
export function register({
  email,
  password,
  passwordConfirm,
}: Pick<Register, 'email' | 'password' | 'passwordConfirm'>) {
  return http.post('register', { email, password, passwordConfirm, firstName: '', lastName: '', phone: '' });
}

export function requestPasswordReset(body: ForgotPassword) {
  return http.post('password', body);
}

export function fetchResetTokenOwner(token: string) {
  return http.get<ResetTokenOwner>(`password/${encodeURIComponent(token)}`);
}

export function setPassword(userId: number, body: SetPassword) {
  return http.put(`user/${userId}/password`, body);
}

/** PUT user/{id}/password as the signed-in owner: silent, the form shows the failure itself. */
export function changePassword(userId: number, body: SetPassword) {
  return http.put(`user/${userId}/password`, body, { silent: true });
}

const emailValidations = new Map<string, ReturnType<typeof http.put>>();

/**
 * PUT user/validate-email/{token}, at most once per token in this page's life: the token
 * is single-use, and React (StrictMode, remounts) may ask twice.
 * Silent: the page shows the failure in place.
 */
export function validateEmailOnce(token: string) {
  let validation = emailValidations.get(token);
  if (!validation) {
    validation = http.put(`user/validate-email/${encodeURIComponent(token)}`, undefined, { silent: true });
    emailValidations.set(token, validation);
  }
  return validation;
}
