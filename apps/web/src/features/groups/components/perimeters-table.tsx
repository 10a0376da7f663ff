import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { perimeterTypeLabel, type PerimeterRef } from '@voirie/domain';
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
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            {GROUPS_TEXTS.name}
          </TableCell>
          <TableCell component="th" scope="col">
            {GROUPS_TEXTS.type}
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            {GROUPS_TEXTS.actions}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {props.perimeters.length === 0 ? (
          <TableRow>
            <TableCell colSpan={3}>{GROUPS_TEXTS.noPerimeter}</TableCell>
          </TableRow>
        ) : null}
        {props.perimeters.map((perimeter) => (
          <TableRow key={perimeter.id}>
            <TableCell>{perimeter.libelle}</TableCell>
            <TableCell>{perimeterTypeLabel(perimeter.type)}</TableCell>
            <TableCell align="right">
              <IconButton
                aria-label={GROUPS_TEXTS.removePerimeter(perimeter.libelle)}
                title={GROUPS_TEXTS.removePerimeter(perimeter.libelle)}
                onClick={() => props.onRemove(perimeter.id)}
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
