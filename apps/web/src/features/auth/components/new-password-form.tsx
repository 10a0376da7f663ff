import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ACCOUNT_MESSAGES, SetPasswordSchema, type SetPassword } from '@voirie/domain';
import { useForm } from 'react-hook-form';
import { showToast } from '../../../ui';
import { setPassword } from '../api/account-api';
import { AuthForm } from './auth-form';
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

  return (
    <AuthForm onSubmit={onSubmit} submitLabel="Valider">
      <NewPasswordFields id="new-password" label="Nouveau mot de passe" register={register} errors={errors} />
    </AuthForm>
  );
}
