import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { SxProps, Theme } from '@mui/material/styles';
import type { Option } from '@voirie/domain';
import type { Ref } from 'react';

// The choices the wizard's steps and the decision dialogs both offer, the same way: labelled
// (RGAA 11.1), the error linked by aria-describedby.

/** Options whose values are their labels (natures, titles, parking natures…). */
export function asOptions(values: readonly string[]): Option[] {
  return values.map((value) => ({ value, label: value }));
}

/**
 * A native select's options: '' first ('Choisir…', no value), then a stored value the list no
 * longer offers (kept, not silently dropped), then the list.
 */
export function SelectOptions(props: { value: string; options: readonly Option[]; emptyLabel: string }) {
  const known = props.options.some((option) => option.value === props.value);
  return (
    <>
      <option value="">{props.emptyLabel}</option>
      {!known && props.value && <option value={props.value}>{props.value}</option>}
      {props.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}

/** Boxes of a list grouped under their legend; `onChange` answers the boxes then checked. */
export function CheckboxGroup(props: {
  id: string;
  label: string;
  options: readonly Option[];
  checked: readonly string[];
  onChange: (checked: string[]) => void;
  error?: string;
  required?: boolean;
  /** The first box's input, for the form that focuses it on an error. */
  firstRef?: Ref<HTMLInputElement>;
  sx?: SxProps<Theme>;
}) {
  const { checked, error } = props;
  const toggle = (value: string, on: boolean) =>
    props.onChange(on ? [...checked, value] : checked.filter((item) => item !== value));
  const helperId = `${props.id}-helper-text`;
  return (
    <FormControl component="fieldset" error={Boolean(error)} required={props.required} sx={props.sx}>
      <FormLabel component="legend">{props.label}</FormLabel>
      <FormGroup row aria-describedby={error ? helperId : undefined}>
        {props.options.map((option, index) => (
          <FormControlLabel
            key={option.value}
            label={option.label}
            control={
              <Checkbox
                checked={checked.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
                slotProps={{
                  input: { ref: index === 0 ? props.firstRef : undefined, 'aria-invalid': Boolean(error) },
                }}
              />
            }
          />
        ))}
      </FormGroup>
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}
