import DeleteIcon from '@mui/icons-material/Delete';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { perimeterTypeLabel, type PerimeterRef } from '@voirie/domain';
import { ActionsCell, ColumnHead, EmptyRow } from '../../../ui/table-parts';
import { GROUPS_TEXTS } from '../model/groups-texts';

/**
 * The operator's chosen territories (docs/api-groups.md "The screen"): Nom, Type, Actions (remove);
 * 'Pas de périmètre ajouté' when none.
 */
export function PerimetersTable(props: {
  perimeters: readonly PerimeterRef[];
  onRemove: (id: number) => void;
}) {
  return (
    <Table size="small" aria-label={GROUPS_TEXTS.perimeters}>
      <ColumnHead
        columns={[GROUPS_TEXTS.name, GROUPS_TEXTS.type, { label: GROUPS_TEXTS.actions, align: 'right' }]}
      />
      <TableBody>
        {props.perimeters.length === 0 ? <EmptyRow columns={3} text={GROUPS_TEXTS.noPerimeter} /> : null}
        {props.perimeters.map((perimeter) => (
          <TableRow key={perimeter.id}>
            <TableCell>{perimeter.libelle}</TableCell>
            <TableCell>{perimeterTypeLabel(perimeter.type)}</TableCell>
            <ActionsCell
              actions={[
                {
                  label: GROUPS_TEXTS.removePerimeter(perimeter.libelle),
                  icon: <DeleteIcon />,
                  onClick: () => props.onRemove(perimeter.id),
                },
              ]}
            />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
