import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { USER_ADMIN_MESSAGES, canUser } from '@voirie/domain';
import { usePageTitle } from '../../../ui';
import { connectedUserQueryOptions } from '../../auth';
import { UserAccountForm } from './user-account-form';

export const NEW_USER_TITLE = 'Nouvel utilisateur';

/**
 * NewUser (/user, docs/screens.md "Account"): an admin creates an account, which gets a mail to
 * choose its password.
 */
export function NewUserPage() {
  usePageTitle(NEW_USER_TITLE);
  const { data: viewer } = useQuery(connectedUserQueryOptions());
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {NEW_USER_TITLE}
      </Typography>
      {viewer && !canUser(viewer, 'manageUsers') ? (
        <Alert severity="info">{USER_ADMIN_MESSAGES.editForbidden}</Alert>
      ) : null}
      {viewer && canUser(viewer, 'manageUsers') ? <UserAccountForm user={null} viewer={viewer} /> : null}
    </>
  );
}
