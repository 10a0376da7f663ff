import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LockResetIcon from '@mui/icons-material/LockReset';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { createLink } from '@tanstack/react-router';
import {
  PAGE_SIZES,
  USER_SORT_FIELDS,
  userRoleLabel,
  type ListPagination,
  type PageSize,
  type UserListItem,
  type UserSortField,
} from '@voirie/domain';
import { ActionButton, EmptyRow } from '../../../ui/table-parts';
import type { UsersListAction, UsersListState } from '../model/users-list-state';
import { USERS_TEXTS, idLabelFontSize, userDisplayName } from '../model/users-texts';
import type { UserAction } from './user-action-dialogs';

const RouterIconButton = createLink(IconButton);

function SortableHeader(props: {
  field: UserSortField;
  state: UsersListState;
  dispatch: (a: UsersListAction) => void;
}) {
  const active = props.state.searchSort === props.field;
  const direction = active ? props.state.searchDir : 'asc';
  return (
    <TableCell
      component="th"
      scope="col"
      aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <TableSortLabel
        active={active}
        direction={direction}
        onClick={() => props.dispatch({ type: 'sort', field: props.field })}
      >
        {USERS_TEXTS.columns[props.field]}
      </TableSortLabel>
    </TableCell>
  );
}

/**
 * The users table (docs/screens.md "Users list"): sortable columns, the role as its label — marked when the
 * account's perimeter request waits for an administrator —, a pencil (admins) or an
 * eye (others, read-only) to open the user, delete and resend for admins, and the pages.
 */
export function UsersTable(props: {
  rows: UserListItem[];
  pagination: ListPagination | undefined;
  state: UsersListState;
  dispatch: (action: UsersListAction) => void;
  isAdmin: boolean;
  onAction: (action: NonNullable<UserAction>) => void;
}) {
  const { rows, state, dispatch, isAdmin } = props;
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={USERS_TEXTS.tableLabel}>
          <TableHead>
            <TableRow>
              {USER_SORT_FIELDS.map((field) => (
                <SortableHeader key={field} field={field} state={state} dispatch={dispatch} />
              ))}
              <TableCell component="th" scope="col" align="right">
                {USERS_TEXTS.actions}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <EmptyRow columns={USER_SORT_FIELDS.length + 1} text={USERS_TEXTS.empty} />
            ) : null}
            {rows.map((user) => {
              const name = userDisplayName(user);
              return (
                <TableRow key={user.id} hover>
                  <TableCell>
                    <Box
                      component="span"
                      sx={{ fontSize: idLabelFontSize(user.id), fontVariantNumeric: 'tabular-nums' }}
                    >
                      {user.id}
                    </Box>
                  </TableCell>
                  <TableCell>{user.firstName}</TableCell>
                  <TableCell>{user.lastName}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{user.email}</TableCell>
                  <TableCell>{user.phone}</TableCell>
                  <TableCell>
                    {userRoleLabel(user)}
                    {user.perimeterRequestPending ? (
                      <Chip
                        size="small"
                        color="warning"
                        label={USERS_TEXTS.pendingMarker}
                        title={USERS_TEXTS.pendingMarkerTitle(name)}
                        sx={{ ml: 1 }}
                      />
                    ) : null}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <RouterIconButton
                      to="/users/$id"
                      params={{ id: user.publicId }}
                      aria-label={isAdmin ? USERS_TEXTS.edit(name) : USERS_TEXTS.view(name)}
                      title={isAdmin ? USERS_TEXTS.edit(name) : USERS_TEXTS.view(name)}
                    >
                      {isAdmin ? <EditIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
                    </RouterIconButton>
                    {isAdmin ? (
                      <>
                        <ActionButton
                          action={{
                            label: USERS_TEXTS.resend(name),
                            icon: <LockResetIcon fontSize="small" />,
                            onClick: () => props.onAction({ kind: 'resend', user }),
                          }}
                        />
                        <ActionButton
                          action={{
                            label: USERS_TEXTS.remove(name),
                            icon: <DeleteIcon fontSize="small" />,
                            onClick: () => props.onAction({ kind: 'delete', user }),
                          }}
                        />
                      </>
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={props.pagination?.total ?? 0}
        page={Math.max(0, state.page - 1)}
        rowsPerPage={state.numItemsPerPage}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_event, page) => dispatch({ type: 'page', page: page + 1 })}
        onRowsPerPageChange={(event) =>
          dispatch({ type: 'pageSize', size: Number(event.target.value) as PageSize })
        }
        labelRowsPerPage={USERS_TEXTS.rowsPerPage}
        labelDisplayedRows={USERS_TEXTS.displayedRows}
        getItemAriaLabel={(type) =>
          ({
            first: 'Première page',
            last: 'Dernière page',
            next: 'Page suivante',
            previous: 'Page précédente',
          })[type]
        }
      />
    </>
  );
}
