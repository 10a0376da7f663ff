import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { PlainPasswordField, PlainTextField } from '../../../ui/plain';
import { useLogin } from '../hooks/use-login';
import { validateLogin, type LoginErrors, type LoginField } from '../model/login-form';
import { HOME_PATH } from '../model/redirect-target';
import { AuthCard } from './auth-card';

const loginRoute = getRouteApi('/public/login');

// The first page every visitor loads, so it carries as little JavaScript as it can:
// no MUI (plain controls styled by ui/plain/plain.css), no form library (react-hook-form would
// add 11 KB gzip). validateLogin applies the domain's LoginSchema rules without zod; the API
// checks with the schema itself.
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
  // What both fields share: the name, the error and clearing it on typing.
  const fieldProps = (field: LoginField) => ({
    name: field,
    required: true,
    error: Boolean(errors[field]),
    helperText: errors[field],
    onChange: () => {
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  return (
    <AuthCard title="Connexion">
      <form className="plain-form" noValidate onSubmit={submit}>
        <PlainTextField
          id="login-email"
          label="Adresse e-mail"
          type="email"
          autoComplete="username"
          inputRef={usernameInput}
          {...fieldProps('username')}
        />
        <PlainPasswordField
          id="login-password"
          label="Mot de passe"
          autoComplete="current-password"
          inputRef={passwordInput}
          {...fieldProps('password')}
        />
        <Link to="/forgot-pass" className="plain-link">
          Mot de passe oublié
        </Link>
        {signIn.error && (
          <div role="alert" className="plain-alert">
            {signIn.error.message}
          </div>
        )}
        <button type="submit" className="plain-button plain-button--contained">
          Je m&apos;identifie
        </button>
        <Link to="/register" className="plain-button plain-button--outlined">
          S&apos;inscrire
        </Link>
        {/* The public works map and the published acts: no account needed. */}
        <Link to="/travaux" className="plain-link">
          Travaux en cours et à venir
        </Link>
        <Link to="/actes" className="plain-link">
          Actes publiés
        </Link>
      </form>
    </AuthCard>
  );
}
