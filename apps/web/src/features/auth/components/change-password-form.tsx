import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES, SetPasswordSchema, type SetPassword } from '@voirie/domain';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../api';
import { PasswordField, showToast, textFieldProps } from '../../../ui';
import { changePassword } from '../api/account-api';
import { NewPasswordFields } from './new-password-fields';

export const CHANGE_PASSWORD_TITLE = 'Modifier mon mot de passe';

/** True when the API refused the current password (a field error on `currentPassword`). */
function isWrongCurrentPassword(error: unknown): boolean {
  return error instanceof ApiError && (error.body?.errors ?? []).some((e) => e.path === 'currentPassword');
}

/**
 * The signed-in user's password change: the current password, then the new one twice. The
 * API ends the account's other sessions; this one stays. (The reset link's page asks no
 * current password: the link is the proof.)
 */
export function ChangePasswordForm({ userId }: { userId: number }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(SetPasswordSchema),
    defaultValues: { currentPassword: '', password: '', passwordConfirm: '' },
  });
  const change = useMutation({
    mutationFn: (body: SetPassword) => changePassword(userId, body),
    onSuccess: (answer) => {
      showToast(answer.message || ACCOUNT_MESSAGES.passwordUpdated, 'success');
      reset();
    },
    onError: (error) => {
      if (isWrongCurrentPassword(error)) {
        setError(
          'currentPassword',
          { message: ACCOUNT_MESSAGES.currentPasswordWrong },
          { shouldFocus: true },
        );
      }
    },
  });
  const onSubmit = handleSubmit((body) => change.mutate(body));

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby="change-password-title"
      onSubmit={(event) => void onSubmit(event)}
      sx={{ display: 'grid', gap: 2, maxWidth: 480 }}
    >
      <Typography id="change-password-title" variant="h5" component="h2">
        {CHANGE_PASSWORD_TITLE}
      </Typography>
      <PasswordField
        id="current-password"
        label="Mot de passe actuel"
        autoComplete="current-password"
        required
        {...textFieldProps(register('currentPassword'), errors.currentPassword)}
      />
      <NewPasswordFields
        id="changed-password"
        label="Nouveau mot de passe"
        register={register}
        errors={errors}
      />
      {change.isError && !isWrongCurrentPassword(change.error) && (
        <Alert severity="error">{change.error.message}</Alert>
      )}
      <Button type="submit" variant="contained" sx={{ justifySelf: 'start' }} disabled={change.isPending}>
        Valider
      </Button>
    </Box>
  );
}
