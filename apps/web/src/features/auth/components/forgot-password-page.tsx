import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import { useMutation } from '@tanstack/react-query';
import { ForgotPasswordSchema } from '@voirie/domain';
import { useForm } from 'react-hook-form';
import { RouterLink, textFieldProps } from '../../../ui';
import { requestPasswordReset } from '../api/account-api';
import { AuthCard } from './auth-card';
import { AuthForm, EmailInput } from './auth-form';

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
        <AuthForm onSubmit={onSubmit} submitLabel="Envoyer">
          <EmailInput id="forgot-email" {...textFieldProps(register('email'), errors.email)} />
        </AuthForm>
      )}
      <RouterLink to="/login" sx={{ justifySelf: 'start' }}>
        Retour à la connexion
      </RouterLink>
    </AuthCard>
  );
}
