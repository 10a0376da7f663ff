import CloseIcon from '@mui/icons-material/Close';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PERIMETER_TYPES } from '@voirie/domain';
import { useId, useState } from 'react';
import type { PerimeterOption } from '../api/user-account-api';
import { usePerimeterOptions } from '../hooks/use-perimeter-options';
import { USER_FORM_LABELS } from '../model/user-form';

const TYPE_LABELS: Record<string, string> = Object.fromEntries(
  PERIMETER_TYPES.map((option) => [option.value, option.label]),
);

/**
 * The perimeters of one kind (docs/data-model.md "Entities", docs/api-users.md "Role and perimeter
 * rules"): the perimeter type (Commune, EPCI, Département) for territories, an autocomplete of `GET
 * perimeter?type&q&limit=10` ('Pas de résultat' when empty), and the chosen ones, each with its
 * removal. Disabled where the domain says so.
 */
export function PerimeterPicker(props: {
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
  const [type, setType] = useState(props.types[0]!);
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const options = usePerimeterOptions(type, input, open && !props.disabled);
  const chosen = new Set(props.value.map((perimeter) => perimeter.id));
  return (
    <Box
      component="fieldset"
      aria-labelledby={legendId}
      sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1 }}
    >
      <Typography id={legendId} component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {props.legend}
      </Typography>
      {props.types.length > 1 ? (
        <RadioGroup
          row
          aria-label={`${USER_FORM_LABELS.perimeterType} — ${props.legend}`}
          value={type}
          onChange={(event) => setType(event.target.value)}
        >
          {props.types.map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio size="small" />}
              label={TYPE_LABELS[value] ?? value}
              disabled={props.disabled}
            />
          ))}
        </RadioGroup>
      ) : null}
      <Autocomplete<PerimeterOption>
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        disabled={props.disabled}
        options={(options.data ?? []).filter((option) => !chosen.has(option.id))}
        loading={options.isFetching}
        loadingText="Chargement…"
        noOptionsText={USER_FORM_LABELS.noResult}
        filterOptions={(all) => all}
        getOptionLabel={(option) => option.libelle}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        value={null}
        inputValue={input}
        onInputChange={(_event, value, reason) => {
          if (reason !== 'reset') setInput(value);
        }}
        onChange={(_event, option) => {
          if (option) props.onChange([...props.value, option]);
          setInput('');
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            label={`Ajouter — ${props.legend}`}
            error={Boolean(props.error)}
            helperText={props.error ?? props.hint}
          />
        )}
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
            <ListItemText primary={perimeter.libelle} secondary={TYPE_LABELS[perimeter.type] ?? null} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
