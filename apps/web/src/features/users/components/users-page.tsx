import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { canReadUsers, canUser } from '@voirie/domain';
import { useReducer, useState } from 'react';
import { RouterButton, usePageTitle } from '../../../ui';
import { connectedUserQueryOptions } from '../../auth';
import { usersQueryOptions } from '../api/users-api';
import { SearchForm } from '../../../shared/search-form';
import { INITIAL_USERS_LIST, usersListReducer } from '../model/users-list-state';
import { USERS_TEXTS } from '../model/users-texts';
import { UserActionDialog, type UserAction } from './user-action-dialogs';
import { UsersTable } from './users-table';

/**
 * /users (docs/screens.md "Users list"): the title with the total, the search, the sortable table
 * and its pages. Admins edit (pencil), delete and resend links; instructors read (eye); others are told they
 * may not, and nothing is asked of the API. The perimeter requests waiting for an administrator
 * can be listed alone.
 */
export function UsersPage() {
  const { data: viewer } = useQuery(connectedUserQueryOptions());
  const allowed = canReadUsers(viewer);
  const isAdmin = canUser(viewer, 'manageUsers');
  const [state, dispatch] = useReducer(usersListReducer, INITIAL_USERS_LIST);
  const [action, setAction] = useState<UserAction>(null);
  const list = useQuery({ ...usersQueryOptions(state), enabled: allowed });
  const title = USERS_TEXTS.title(list.data?.pagination.total);
  usePageTitle(USERS_TEXTS.title(undefined));
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {isAdmin ? (
          <RouterButton to="/user" variant="contained" startIcon={<AddIcon />}>
            {USERS_TEXTS.newUser}
          </RouterButton>
        ) : null}
      </Box>
      {viewer && !allowed ? <Alert severity="info">{USERS_TEXTS.readOnly}</Alert> : null}
      {allowed ? (
        <>
          <SearchForm
            name={USERS_TEXTS.searchRegion}
            onSearch={(text) => dispatch({ type: 'search', text })}
            marginBottom={2}
          />
          <FormControlLabel
            sx={{ mb: 1 }}
            label={USERS_TEXTS.pendingFilter}
            control={
              <Checkbox
                checked={state.searchFilter?.perimeterRequest === true}
                onChange={(event) => dispatch({ type: 'pendingRequests', only: event.target.checked })}
              />
            }
          />
          {list.isError ? <Alert severity="error">{USERS_TEXTS.loadFailed}</Alert> : null}
          <UsersTable
            rows={list.data?.data ?? []}
            pagination={list.data?.pagination}
            state={state}
            dispatch={dispatch}
            isAdmin={isAdmin}
            onAction={setAction}
          />
          <UserActionDialog action={action} onClose={() => setAction(null)} />
        </>
      ) : null}
    </>
  );
}
