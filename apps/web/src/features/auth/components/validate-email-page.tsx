import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { ACCOUNT_MESSAGES, PRODUCT_NAME } from '@voirie/domain';
import { useEffect } from 'react';
import { RouterButton, showToast } from '../../../ui';
import { validateEmailOnce } from '../api/account-api';
import { AuthCard } from './auth-card';

const validateEmailRoute = getRouteApi('/public/themed/validate-email/$token');

export function ValidateEmailPage() {
  const { token } = validateEmailRoute.useParams();
  const navigate = useNavigate();
  // A query (not a mutation) so a remount reads the settled answer instead of sending again.
  const validation = useQuery({
    queryKey: ['validate-email', token],
    queryFn: () => validateEmailOnce(token),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const answer = validation.data;

  useEffect(() => {
    if (!answer) return;
    showToast(answer.message || ACCOUNT_MESSAGES.emailValidated, 'success');
    void navigate({ to: '/login', replace: true });
  }, [answer, navigate]);

  return (
    <AuthCard title="Bienvenue">
      <Typography>
        Bienvenue sur le {PRODUCT_NAME}. Nous activons votre compte : vous pourrez ensuite vous connecter avec
        votre adresse e-mail et votre mot de passe.
      </Typography>
      {answer && (
        <Alert severity="success" role="status">
          {answer.message || ACCOUNT_MESSAGES.emailValidated}
        </Alert>
      )}
      {validation.isError && <Alert severity="error">{validation.error.message}</Alert>}
      <RouterButton to="/login" variant="contained" sx={{ justifySelf: 'start' }}>
        Se connecter
      </RouterButton>
    </AuthCard>
  );
}
