import { PasswordField, type textFieldProps } from '../../../ui';
import { PASSWORD_HINT } from '../model/password-hint';

type FieldBinding = ReturnType<typeof textFieldProps>;

/**
 * A new password, its rules said under it until an error takes their place, and its confirmation:
 * as the registration, the new password page and the change of password ask them. The ids are
 * `{id}` and `{id}-confirm`.
 */
export function NewPasswordFields(props: {
  id: string;
  label: string;
  password: FieldBinding;
  confirm: FieldBinding;
}) {
  return (
    <>
      <PasswordField
        id={props.id}
        label={props.label}
        autoComplete="new-password"
        required
        {...props.password}
        helperText={props.password.helperText ?? PASSWORD_HINT}
      />
      <PasswordField
        id={`${props.id}-confirm`}
        label="Confirmation du mot de passe"
        autoComplete="new-password"
        required
        {...props.confirm}
      />
    </>
  );
}
