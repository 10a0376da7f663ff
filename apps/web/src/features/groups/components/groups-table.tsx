import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { PerimeterItem } from '../api/groups-api';
import { GROUPS_TEXTS } from '../model/groups-texts';

/**
 * The groups of a type (docs/api-groups.md "The screen"): Nom, Siret, Actions (edit, delete); 'Pas
 * de groupe' when none.
 */
export function GroupsTable(props: {
  title: string;
  groups: readonly PerimeterItem[] | undefined;
  onEdit: (group: PerimeterItem) => void;
  onDelete: (group: PerimeterItem) => void;
}) {
  return (
    <Table size="small" aria-label={props.title}>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            {GROUPS_TEXTS.name}
          </TableCell>
          <TableCell component="th" scope="col">
            {GROUPS_TEXTS.siret}
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            {GROUPS_TEXTS.actions}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {props.groups?.length === 0 ? (
          <TableRow>
            <TableCell colSpan={3}>{GROUPS_TEXTS.noGroup}</TableCell>
          </TableRow>
        ) : null}
        {(props.groups ?? []).map((group) => (
          <TableRow key={group.id}>
            <TableCell>{group.libelle}</TableCell>
            <TableCell>{group.code}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <IconButton
                aria-label={GROUPS_TEXTS.edit(group.libelle)}
                title={GROUPS_TEXTS.edit(group.libelle)}
                onClick={() => props.onEdit(group)}
              >
                <EditIcon />
              </IconButton>
              <IconButton
                aria-label={GROUPS_TEXTS.delete(group.libelle)}
                title={GROUPS_TEXTS.delete(group.libelle)}
                onClick={() => props.onDelete(group)}
              >
                <DeleteIcon />
              </IconButton>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
