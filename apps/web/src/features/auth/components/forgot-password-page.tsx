import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { ForgotPasswordSchema } from '@voirie/domain';
import { useForm } from 'react-hook-form';
import { RouterLink, textFieldProps, TextInput } from '../../../ui';
import { requestPasswordReset } from '../api/account-api';
import { AuthCard } from './auth-card';

export function ForgotPasswordPage() {
  const reset = useMutation({ mutationFn: requestPasswordReset });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ForgotPasswordSchema), defaultValues: { email: '' } });
  const onSubmit = handleSubmit((body) => reset.mutate(body));

  return (
    <AuthCard title="Mot de passe oublié">
      {reset.isSuccess ? (
        <Alert severity="success" role="status">
          {reset.data.message}
        </Alert>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          sx={{ display: 'grid', gap: 2 }}
        >
          <TextInput
            id="forgot-email"
            label="Adresse e-mail"
            type="email"
            autoComplete="email"
            required
            {...textFieldProps(register('email'), errors.email)}
          />
          <Button type="submit" variant="contained" size="large">
            Envoyer
          </Button>
        </Box>
      )}
      <RouterLink to="/login" sx={{ justifySelf: 'start' }}>
        Retour à la connexion
      </RouterLink>
    </AuthCard>
  );
}
