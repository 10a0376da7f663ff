import Autocomplete from '@mui/material/Autocomplete';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { PERIMETER_TYPES, type PerimeterRef } from '@voirie/domain';
import { useId, useState } from 'react';
import type { PerimeterItem } from '../api/groups-api';
import { usePerimeterSuggestions } from '../hooks/use-perimeter-suggestions';
import { GROUPS_TEXTS } from '../model/groups-texts';

type TerritoryType = PerimeterRef['type'];

/**
 * An operator's territories are picked here (docs/api-groups.md "The screen"): the type radio
 * (Département, EPCI, Commune), then an autocomplete of that type by name (limit 10, 'Pas de
 * résultat'), used with the keyboard (arrows, Enter); a choice joins the table below and the field
 * empties for the next.
 */
export function PerimeterPicker(props: {
  chosen: readonly PerimeterRef[];
  onAdd: (perimeter: PerimeterRef) => void;
}) {
  const labelId = useId();
  const [type, setType] = useState<TerritoryType>('town');
  const [text, setText] = useState('');
  const suggestions = usePerimeterSuggestions(type, text);
  const taken = new Set(props.chosen.map((perimeter) => perimeter.id));
  const options = (suggestions.data ?? []).filter((option) => !taken.has(option.id));
  return (
    <>
      <FormControl>
        <FormLabel id={labelId}>{GROUPS_TEXTS.perimeterType}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={labelId}
          name="perimeter-type"
          value={type}
          onChange={(event) => {
            setType(event.target.value as TerritoryType);
            setText('');
          }}
        >
          {PERIMETER_TYPES.map((option) => (
            <FormControlLabel
              key={option.value}
              value={option.value}
              control={<Radio />}
              label={option.label}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <Autocomplete<PerimeterItem>
        id="group-perimeter"
        options={options}
        value={null}
        inputValue={text}
        loading={suggestions.isFetching}
        filterOptions={(found) => found}
        getOptionLabel={(option) => option.libelle}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        noOptionsText={GROUPS_TEXTS.noResult}
        loadingText={GROUPS_TEXTS.loading}
        onInputChange={(_event, value, reason) => {
          if (reason !== 'reset') setText(value);
        }}
        onChange={(_event, option) => {
          if (!option) return;
          props.onAdd({ id: option.id, libelle: option.libelle, type: option.type as TerritoryType });
          setText('');
        }}
        renderInput={(params) => (
          <TextField {...params} label={GROUPS_TEXTS.perimeter} helperText={GROUPS_TEXTS.perimeterHint} />
        )}
      />
    </>
  );
}
