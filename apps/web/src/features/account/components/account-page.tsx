import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { ChangePasswordForm, connectedUserQueryOptions } from '../../auth';
import { usePageTitle } from '../../../ui';
import { userQueryOptions } from '../api/user-account-api';
import { UserAccountForm } from './user-account-form';

export const ACCOUNT_TITLE = 'Mon compte';

/** Mon compte (docs/screens.md "Account"): the signed-in user's own account, then its password. */
export function AccountPage() {
  usePageTitle(ACCOUNT_TITLE);
  const { data: viewer } = useQuery(connectedUserQueryOptions());
  const account = useQuery({ ...userQueryOptions(String(viewer?.id ?? '')), enabled: viewer !== undefined });
  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      <Typography variant="h4" component="h1">
        {ACCOUNT_TITLE}
      </Typography>
      {account.isError ? <Alert severity="error">{account.error.message}</Alert> : null}
      {viewer && account.data ? (
        <UserAccountForm key={account.data.publicId} user={account.data} viewer={viewer} />
      ) : null}
      {viewer ? <ChangePasswordForm userId={viewer.id} /> : null}
    </Box>
  );
}
