import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { isGroupType, perimeterTypeLabel } from '@voirie/domain';
import { useId } from 'react';
import { PERIMETER_PICKER_TEXTS, PerimeterPicker } from '../../../shared/perimeter-picker';
import type { PerimeterOption } from '../api/user-account-api';
import { USER_FORM_LABELS } from '../model/user-form';

/**
 * The perimeters of one kind of an account (docs/data-model.md "Entities", docs/api-users.md "Role
 * and perimeter rules"), under its legend: the picker (the perimeter type for territories, then
 * 'Ajouter — {legend}'), and the chosen ones, each with its removal. Disabled where the domain
 * says so.
 */
export function PerimeterField(props: {
  legend: string;
  types: readonly string[];
  value: readonly PerimeterOption[];
  onChange: (value: PerimeterOption[]) => void;
  disabled: boolean;
  /** What a change here does, said under the field (a guichet's additions go to an administrator). */
  hint?: string | undefined;
  error?: string | undefined;
}) {
  const legendId = useId();
  return (
    <Box
      component="fieldset"
      aria-labelledby={legendId}
      sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1 }}
    >
      <Typography id={legendId} component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {props.legend}
      </Typography>
      <PerimeterPicker
        label={`Ajouter — ${props.legend}`}
        typeName={`${PERIMETER_PICKER_TEXTS.type} — ${props.legend}`}
        types={props.types}
        chosen={props.value}
        onAdd={(perimeter) => props.onChange([...props.value, perimeter])}
        disabled={props.disabled}
        hint={props.hint}
        error={props.error}
      />
      <List dense aria-label={props.legend}>
        {props.value.length === 0 ? (
          <ListItem>
            <ListItemText secondary={USER_FORM_LABELS.none} />
          </ListItem>
        ) : null}
        {props.value.map((perimeter) => (
          <ListItem
            key={perimeter.id}
            secondaryAction={
              props.disabled ? null : (
                <IconButton
                  edge="end"
                  aria-label={`Retirer ${perimeter.libelle}`}
                  title={`Retirer ${perimeter.libelle}`}
                  onClick={() => props.onChange(props.value.filter((item) => item.id !== perimeter.id))}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              )
            }
          >
            <ListItemText
              primary={perimeter.libelle}
              secondary={isGroupType(perimeter.type) ? null : perimeterTypeLabel(perimeter.type)}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
