import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { connectedUserQueryOptions } from '../../auth';
import { ChangePasswordForm } from '../../auth/components/change-password-form';
import { usePageTitle } from '../../../ui';

/** Mon compte: for now, where the signed-in user changes the password. */
export function AccountPage() {
  usePageTitle('Mon compte');
  const { data: user } = useQuery(connectedUserQueryOptions());
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        Mon compte
      </Typography>
      {user && <ChangePasswordForm userId={user.id} />}
    </>
  );
}
