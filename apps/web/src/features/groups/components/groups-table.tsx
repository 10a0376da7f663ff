import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { ActionsCell, ColumnHead, EmptyRow } from '../../../ui/table-parts';
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
      <ColumnHead
        columns={[GROUPS_TEXTS.name, GROUPS_TEXTS.siret, { label: GROUPS_TEXTS.actions, align: 'right' }]}
      />
      <TableBody>
        {props.groups?.length === 0 ? <EmptyRow columns={3} text={GROUPS_TEXTS.noGroup} /> : null}
        {(props.groups ?? []).map((group) => (
          <TableRow key={group.id}>
            <TableCell>{group.libelle}</TableCell>
            <TableCell>{group.code}</TableCell>
            <ActionsCell
              actions={[
                {
                  label: GROUPS_TEXTS.edit(group.libelle),
                  icon: <EditIcon />,
                  onClick: () => props.onEdit(group),
                },
                {
                  label: GROUPS_TEXTS.delete(group.libelle),
                  icon: <DeleteIcon />,
                  onClick: () => props.onDelete(group),
                },
              ]}
            />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
