import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import { useMutation } from '@tanstack/react-query';
import { RegisterSchema, type Register } from '@voirie/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { RouterLink, textFieldProps } from '../../../ui';
import { register as registerAccount } from '../api/account-api';
import { NewPasswordFields } from './new-password-fields';
import { AuthCard } from './auth-card';
import { AuthForm, EmailInput } from './auth-form';
import { DataProtectionDialog } from './data-protection-dialog';

export function RegisterPage() {
  const [awaitingConsent, setAwaitingConsent] = useState<Register | null>(null);
  const registration = useMutation({ mutationFn: registerAccount });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(RegisterSchema),
    defaultValues: { email: '', password: '', passwordConfirm: '' },
  });

  const onSubmit = handleSubmit((account) => setAwaitingConsent(account));
  const accept = () => {
    if (awaitingConsent) registration.mutate(awaitingConsent);
    setAwaitingConsent(null);
  };

  if (registration.isSuccess) {
    return (
      <AuthCard title="Inscription">
        <Alert severity="success" role="status">
          {registration.data.message}
        </Alert>
        <RouterLink to="/login">Aller à la page de connexion</RouterLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Inscription">
      <AuthForm
        onSubmit={onSubmit}
        submitLabel="S'inscrire"
        after={
          <RouterLink to="/login" sx={{ justifySelf: 'start' }}>
            J&apos;ai déjà un compte : me connecter
          </RouterLink>
        }
      >
        <EmailInput id="register-email" {...textFieldProps(register('email'), errors.email)} />
        <NewPasswordFields id="register-password" label="Mot de passe" register={register} errors={errors} />
      </AuthForm>
      <DataProtectionDialog
        open={awaitingConsent !== null}
        onAccept={accept}
        onBack={() => setAwaitingConsent(null)}
      />
    </AuthCard>
  );
}
