import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { PasswordField, RouterButton, RouterLink, TextInput } from '../../../ui';
import { useLogin } from '../hooks/use-login';
import { validateLogin, type LoginErrors, type LoginField } from '../model/login-form';
import { HOME_PATH } from '../model/redirect-target';
import { AuthCard } from './auth-card';

const loginRoute = getRouteApi('/public/login');

// Two fields, no form library: react-hook-form would add 11 KB (gzip) to the first page
// every visitor loads (issue 19). validateLogin applies the domain's LoginSchema rules without
// zod; the API checks with the schema itself.
export function LoginPage() {
  const { redirect } = loginRoute.useSearch();
  const navigate = useNavigate();
  const signIn = useLogin();
  const [errors, setErrors] = useState<LoginErrors>({});
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result = validateLogin({ username: form.get('username'), password: form.get('password') });
    if ('errors' in result) {
      setErrors(result.errors);
      (result.errors.username ? usernameInput : passwordInput).current?.focus();
      return;
    }
    setErrors({});
    signIn.mutate(result.credentials, {
      // `href` (the page asked for before signing in) wins over `to` when present.
      onSuccess: () => void navigate({ to: HOME_PATH, href: redirect, replace: true }),
    });
  };
  const clearError = (field: LoginField) => () => {
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <AuthCard title="Connexion">
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        <TextInput
          id="login-email"
          name="username"
          label="Adresse e-mail"
          type="email"
          autoComplete="username"
          required
          inputRef={usernameInput}
          error={Boolean(errors.username)}
          helperText={errors.username}
          onChange={clearError('username')}
        />
        <PasswordField
          id="login-password"
          name="password"
          label="Mot de passe"
          autoComplete="current-password"
          required
          inputRef={passwordInput}
          error={Boolean(errors.password)}
          helperText={errors.password}
          onChange={clearError('password')}
        />
        <RouterLink to="/forgot-pass" sx={{ justifySelf: 'start' }}>
          Mot de passe oublié
        </RouterLink>
        {signIn.error && <Alert severity="error">{signIn.error.message}</Alert>}
        <Button type="submit" variant="contained" size="large">
          Je m&apos;identifie
        </Button>
        <RouterButton to="/register" variant="outlined" size="large">
          S&apos;inscrire
        </RouterButton>
        {/* The public works map (issue 17): no account needed. */}
        <RouterLink to="/travaux" sx={{ justifySelf: 'start' }}>
          Travaux en cours et à venir
        </RouterLink>
      </Box>
    </AuthCard>
  );
}
