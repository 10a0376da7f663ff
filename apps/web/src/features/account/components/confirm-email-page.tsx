import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { USER_ADMIN_MESSAGES } from '@voirie/domain';
import { RouterButton, usePageTitle } from '../../../ui';
import { confirmEmailOnce } from '../api/user-account-api';

const confirmEmailRoute = getRouteApi('/public/themed/confirm-email/$token');

export const CONFIRM_EMAIL_TITLE = 'Nouvelle adresse e-mail';

/** The link mailed to a new address: it confirms the address at once, then offers to go on. */
export function ConfirmEmailPage() {
  usePageTitle(CONFIRM_EMAIL_TITLE);
  const { token } = confirmEmailRoute.useParams();
  // A query (not a mutation) so a remount reads the settled answer instead of sending again.
  const confirmation = useQuery({
    queryKey: ['confirm-email', token],
    queryFn: () => confirmEmailOnce(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {CONFIRM_EMAIL_TITLE}
      </Typography>
      {confirmation.data ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {confirmation.data.message || USER_ADMIN_MESSAGES.emailConfirmed} ({confirmation.data.data.email})
        </Alert>
      ) : null}
      {confirmation.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {confirmation.error.message}
        </Alert>
      ) : null}
      <RouterButton to="/login" variant="contained">
        Se connecter
      </RouterButton>
    </>
  );
}
