import Autocomplete from '@mui/material/Autocomplete';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { perimeterTypeLabel } from '@voirie/domain';
import { useId, useState } from 'react';
import type { PerimeterItem } from '../api/perimeter';
import { usePerimeterSuggestions } from './use-perimeter-suggestions';

/** The picker's own words ('Pas de résultat' for the empty autocomplete: docs/api-groups.md "The screen"). */
export const PERIMETER_PICKER_TEXTS = {
  type: 'Type de périmètre',
  noResult: 'Pas de résultat',
  loading: 'Recherche…',
} as const;

export interface PerimeterPickerProps {
  /** The autocomplete's label. */
  label: string;
  /** The types offered, in the screen's order; the radio shows when there are several. */
  types: readonly string[];
  /** The type checked at first; the first of `types` when not given. */
  initialType?: string;
  /** The radio group's name when the form has several pickers: 'Type de périmètre — {its legend}'. */
  typeName?: string;
  /** The perimeters already chosen: not offered again. */
  chosen: readonly { id: number }[];
  onAdd: (perimeter: PerimeterItem) => void;
  disabled?: boolean;
  /** Said under the field (what a choice does, how to choose); an error takes its place. */
  hint?: string | undefined;
  error?: string | undefined;
}

/**
 * The one perimeter picker (an account's perimeters, an operator's territories): the perimeter
 * type when there are several, then an autocomplete of that type by name (`GET perimeter`, 10 at
 * most, asked once the list opens), used with the keyboard (arrows, Enter). A choice goes to
 * `onAdd` and the field empties for the next; the screen shows the chosen ones its own way.
 */
export function PerimeterPicker(props: PerimeterPickerProps) {
  const typeLabelId = useId();
  const [type, setType] = useState(props.initialType ?? props.types[0]!);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const disabled = props.disabled ?? false;
  const suggestions = usePerimeterSuggestions(type, text, open && !disabled);
  const taken = new Set(props.chosen.map((perimeter) => perimeter.id));
  return (
    <>
      {props.types.length > 1 ? (
        <FormControl disabled={disabled}>
          <FormLabel id={typeLabelId}>{PERIMETER_PICKER_TEXTS.type}</FormLabel>
          <RadioGroup
            row
            {...(props.typeName ? { 'aria-label': props.typeName } : { 'aria-labelledby': typeLabelId })}
            value={type}
            onChange={(event) => {
              setType(event.target.value);
              setText('');
            }}
          >
            {props.types.map((value) => (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio />}
                label={perimeterTypeLabel(value)}
              />
            ))}
          </RadioGroup>
        </FormControl>
      ) : null}
      <Autocomplete<PerimeterItem>
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        disabled={disabled}
        options={(suggestions.data ?? []).filter((option) => !taken.has(option.id))}
        value={null}
        inputValue={text}
        loading={suggestions.isFetching}
        filterOptions={(found) => found}
        getOptionLabel={(option) => option.libelle}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        noOptionsText={PERIMETER_PICKER_TEXTS.noResult}
        loadingText={PERIMETER_PICKER_TEXTS.loading}
        onInputChange={(_event, value, reason) => {
          if (reason !== 'reset') setText(value);
        }}
        onChange={(_event, option) => {
          if (option) props.onAdd(option);
          setText('');
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={props.label}
            error={Boolean(props.error)}
            helperText={props.error ?? props.hint}
          />
        )}
      />
    </>
  );
}
