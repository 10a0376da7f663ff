import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { usePageTitle } from '../../../ui';
import { UserAccountForm, userQueryOptions } from '../../account';
import { connectedUserQueryOptions } from '../../auth';
import { PerimeterRequestPanel } from './perimeter-request-panel';

const userRoute = getRouteApi('/app/users/$id');

export const USER_PAGE_TITLE = 'Fiche utilisateur';

/**
 * /users/{id} (docs/screens.md "Account"): another account by its opaque id — an admin edits it, an
 * instructor reads it (the API says which, with the abilities it returns); an admin decides a
 * guichet's perimeter request above its form.
 */
export function UserPage() {
  usePageTitle(USER_PAGE_TITLE);
  const { id } = userRoute.useParams();
  const { data: viewer } = useQuery(connectedUserQueryOptions());
  const user = useQuery({ ...userQueryOptions(id), retry: false });
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {USER_PAGE_TITLE}
      </Typography>
      {user.isError ? <Alert severity="error">{user.error.message}</Alert> : null}
      {user.data?.perimeterRequest && user.data.abilities.decidePerimeterRequest ? (
        <PerimeterRequestPanel user={user.data} request={user.data.perimeterRequest} />
      ) : null}
      {viewer && user.data ? (
        // A decision changes the territories the form starts from: it starts again.
        <UserAccountForm
          key={`${user.data.publicId}:${String(user.data.perimeterRequest?.id ?? 0)}`}
          user={user.data}
          viewer={viewer}
        />
      ) : null}
    </>
  );
}
