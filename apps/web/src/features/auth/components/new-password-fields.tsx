import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField, textFieldProps } from '../../../ui';
import { PASSWORD_HINT } from '../model/password-hint';

type NewPasswordField = 'password' | 'passwordConfirm';

/**
 * A new password, its rules said under it until an error takes their place, and its confirmation:
 * as the registration, the new password page and the change of password ask them. The ids are
 * `{id}` and `{id}-confirm`. Bound to the `password` and `passwordConfirm` fields of the form.
 */
export function NewPasswordFields(props: {
  id: string;
  label: string;
  register: (name: NewPasswordField) => UseFormRegisterReturn;
  errors: Partial<Record<NewPasswordField, FieldError>>;
}) {
  const password = textFieldProps(props.register('password'), props.errors.password);
  return (
    <>
      <PasswordField
        id={props.id}
        label={props.label}
        autoComplete="new-password"
        required
        {...password}
        helperText={password.helperText ?? PASSWORD_HINT}
      />
      <PasswordField
        id={`${props.id}-confirm`}
        label="Confirmation du mot de passe"
        autoComplete="new-password"
        required
        {...textFieldProps(props.register('passwordConfirm'), props.errors.passwordConfirm)}
      />
    </>
  );
}
