import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { RegisterSchema, type Register } from '@voirie/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { RouterLink, textFieldProps, TextInput } from '../../../ui';
import { register as registerAccount } from '../api/account-api';
import { NewPasswordFields } from './new-password-fields';
import { AuthCard } from './auth-card';
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

  const passwordField = textFieldProps(register('password'), errors.password);
  return (
    <AuthCard title="Inscription">
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        sx={{ display: 'grid', gap: 2 }}
      >
        <TextInput
          id="register-email"
          label="Adresse e-mail"
          type="email"
          autoComplete="email"
          required
          {...textFieldProps(register('email'), errors.email)}
        />
        <NewPasswordFields
          id="register-password"
          label="Mot de passe"
          password={passwordField}
          confirm={textFieldProps(register('passwordConfirm'), errors.passwordConfirm)}
        />
        <Button type="submit" variant="contained" size="large">
          S&apos;inscrire
        </Button>
        <RouterLink to="/login" sx={{ justifySelf: 'start' }}>
          J&apos;ai déjà un compte : me connecter
        </RouterLink>
      </Box>
      <DataProtectionDialog
        open={awaitingConsent !== null}
        onAccept={accept}
        onBack={() => setAwaitingConsent(null)}
      />
    </AuthCard>
  );
}
