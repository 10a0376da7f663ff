import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ACCOUNT_MESSAGES, SetPasswordSchema, type SetPassword } from '@voirie/domain';
import { useForm } from 'react-hook-form';
import { showToast, textFieldProps } from '../../../ui';
import { setPassword } from '../api/account-api';
import { NewPasswordFields } from './new-password-fields';

interface NewPasswordFormProps {
  userId: number;
  token: string;
}

/** The new password and its confirmation, sent with the reset link's token. */
export function NewPasswordForm({ userId, token }: NewPasswordFormProps) {
  const navigate = useNavigate();
  const change = useMutation({
    mutationFn: (body: SetPassword) => setPassword(userId, body),
    onSuccess: (answer) => {
      showToast(answer.message || ACCOUNT_MESSAGES.passwordChanged, 'success');
      void navigate({ to: '/login', replace: true });
    },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(SetPasswordSchema),
    defaultValues: { password: '', passwordConfirm: '', token },
  });
  const onSubmit = handleSubmit((body) => change.mutate(body));
  const passwordField = textFieldProps(register('password'), errors.password);

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      sx={{ display: 'grid', gap: 2 }}
    >
      <NewPasswordFields
        id="new-password"
        label="Nouveau mot de passe"
        password={passwordField}
        confirm={textFieldProps(register('passwordConfirm'), errors.passwordConfirm)}
      />
      <Button type="submit" variant="contained" size="large">
        Valider
      </Button>
    </Box>
  );
}
