import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { ACCOUNT_MESSAGES } from '@voirie/domain';
import { ApiError } from '../../../api';
import { RouterLink } from '../../../ui';
import { fetchResetTokenOwner } from '../api/account-api';
import { AuthCard } from './auth-card';
import { NewPasswordForm } from './new-password-form';

const passwordRoute = getRouteApi('/public/themed/password/$token');

export function PasswordPage() {
  const { token } = passwordRoute.useParams();
  const owner = useQuery({
    queryKey: ['reset-token', token],
    queryFn: async () => (await fetchResetTokenOwner(token)).data,
  });

  return (
    <AuthCard title="Nouveau mot de passe">
      {owner.isSuccess && (
        <>
          <Typography>Compte : {owner.data.email}</Typography>
          <NewPasswordForm userId={owner.data.id} token={token} />
        </>
      )}
      {owner.isError &&
        (owner.error instanceof ApiError && owner.error.code === 'LINK_INVALID' ? (
          <>
            <Typography>{ACCOUNT_MESSAGES.linkNoLongerValid}</Typography>
            <RouterLink to="/forgot-pass" sx={{ justifySelf: 'start' }}>
              Refaire une demande
            </RouterLink>
          </>
        ) : (
          <Alert severity="error">{owner.error.message}</Alert>
        ))}
    </AuthCard>
  );
}
