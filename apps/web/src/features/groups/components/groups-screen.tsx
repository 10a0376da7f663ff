import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PERIMETER_SEARCH_MAX, canUser } from '@voirie/domain';
import { useId, useState } from 'react';
import { usePageTitle } from '../../../ui';
import { connectedUserQueryOptions } from '../../auth';
import { useDebouncedValue } from '../../../shared/use-debounced-value';
import { groupsQueryOptions, type PerimeterItem } from '../api/groups-api';
import { GROUP_TITLES, type GroupType } from '../model/group-types';
import { GROUPS_TEXTS } from '../model/groups-texts';
import { DeleteGroupDialog } from './delete-group-dialog';
import { GroupFormDialog } from './group-form-dialog';
import { GroupsTable } from './groups-table';

/** The open dialog: the form (a new group, or one edited), or the delete confirmation. */
type Dialog =
  { kind: 'form'; groupId: number | null; session: number } | { kind: 'delete'; group: PerimeterItem } | null;

/**
 * /groups/{type} (docs/api-groups.md "The screen"): the operators or the subcontractors, for
 * administrators (the API refuses anyone else too; another account is told so and nothing is
 * asked): a search box (by name, as you type), 'Ajouter', the table with an edit and a delete action per row.
 */
export function GroupsScreen(props: { type: GroupType }) {
  const title = GROUP_TITLES[props.type];
  usePageTitle(title);
  const searchId = useId();
  const { data: user } = useQuery(connectedUserQueryOptions());
  const allowed = canUser(user, 'manageGroups');
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 250);
  const groups = useQuery({
    ...groupsQueryOptions(props.type, q),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  // Each opening of the form is a session of its own (fresh fields), kept when a new group is saved.
  const [sessions, setSessions] = useState(0);
  const openForm = (groupId: number | null) => {
    setSessions(sessions + 1);
    setDialog({ kind: 'form', groupId, session: sessions + 1 });
  };
  const close = () => setDialog(null);
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {user && !allowed ? <Alert severity="info">{GROUPS_TEXTS.adminOnly}</Alert> : null}
      {allowed ? (
        <>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mb: 2 }}>
            <TextField
              id={searchId}
              type="search"
              label={GROUPS_TEXTS.search}
              helperText={GROUPS_TEXTS.searchHint}
              value={text}
              onChange={(event) => setText(event.target.value)}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon aria-hidden />
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => openForm(null)} sx={{ mt: 1 }}>
              {GROUPS_TEXTS.add}
            </Button>
          </Box>
          {groups.isError ? <Alert severity="error">{GROUPS_TEXTS.loadFailed}</Alert> : null}
          {groups.data?.length === PERIMETER_SEARCH_MAX ? (
            <Alert severity="info">{GROUPS_TEXTS.tooMany(PERIMETER_SEARCH_MAX)}</Alert>
          ) : null}
          <GroupsTable
            title={title}
            groups={groups.data}
            onEdit={(group) => openForm(group.id)}
            onDelete={(group) => setDialog({ kind: 'delete', group })}
          />
        </>
      ) : null}
      {dialog?.kind === 'form' ? (
        <GroupFormDialog
          key={dialog.session}
          type={props.type}
          groupId={dialog.groupId}
          onClose={close}
          onCreated={(group) => setDialog({ ...dialog, groupId: group.id })}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteGroupDialog type={props.type} group={dialog.group} onClose={close} />
      ) : null}
    </>
  );
}
