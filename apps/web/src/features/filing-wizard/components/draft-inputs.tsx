import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { joinList, splitList, type NumericBounds, type Option } from '@voirie/domain';
import { CheckboxGroup, SelectOptions } from '../../../shared/choice-inputs';

// The inputs of the wizard's steps, each labelled (RGAA 11.1) with its error linked by
// aria-describedby (MUI's helper text) and announced by the toast of the refused Suivant.

/** What every input of the wizard takes. */
export interface DraftInputProps {
  id: string;
  label: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  hint?: string;
  /** The label above the field rather than floating in it (STACKED_LABEL_SLOT_PROPS). */
  stacked?: boolean;
}

/**
 * The label above its field, whole on as many lines as it needs: the works form's measures
 * ('Recul de la clôture par rapport à l'alignement (m)') are longer than a phone's field, and a
 * floating label would cut them.
 */
const STACKED_LABEL_SLOT_PROPS = {
  inputLabel: {
    shrink: true,
    sx: {
      position: 'relative',
      transform: 'none',
      maxWidth: '100%',
      whiteSpace: 'normal',
      overflow: 'visible',
      lineHeight: 1.4,
      mb: 0.75,
    },
  },
  input: { notched: false },
} as const;

export function TextDraft({
  value,
  onChange,
  multiline = false,
  type,
  inputMode,
  maxLength,
  ...props
}: DraftInputProps & {
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  type?: 'email' | 'tel';
  inputMode?: 'numeric' | 'tel' | 'email';
  maxLength?: number;
}) {
  return (
    <TextField
      id={props.id}
      label={props.label}
      value={value}
      required={props.required}
      disabled={props.disabled}
      error={Boolean(props.error)}
      helperText={props.error ?? props.hint}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      type={type}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        ...(props.stacked ? STACKED_LABEL_SLOT_PROPS : {}),
        htmlInput: { inputMode, maxLength },
      }}
    />
  );
}

/**
 * A number typed as text, its label always above it (the works form's measures); the browser's
 * min, max and step are the domain's bounds.
 */
export function NumberDraft({
  value,
  onChange,
  bounds,
  ...props
}: DraftInputProps & { value: string; onChange: (value: string) => void; bounds: NumericBounds }) {
  return (
    <TextField
      id={props.id}
      label={props.label}
      value={value}
      type="number"
      required={props.required}
      error={Boolean(props.error)}
      helperText={props.error ?? props.hint}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        ...STACKED_LABEL_SLOT_PROPS,
        htmlInput: {
          min: bounds.min,
          max: bounds.max,
          step: bounds.step,
          inputMode: bounds.integer ? 'numeric' : 'decimal',
        },
      }}
    />
  );
}

/** A native select (keyboard friendly, labelled by its label). */
export function SelectDraft({
  value,
  onChange,
  options,
  ...props
}: DraftInputProps & { value: string; onChange: (value: string) => void; options: readonly Option[] }) {
  return (
    <TextField
      id={props.id}
      select
      label={props.label}
      value={value}
      required={props.required}
      disabled={props.disabled}
      error={Boolean(props.error)}
      helperText={props.error ?? props.hint}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        select: { native: true },
        ...(props.stacked ? STACKED_LABEL_SLOT_PROPS : { inputLabel: { shrink: true } }),
      }}
    >
      <SelectOptions value={value} options={options} emptyLabel="Choisir…" />
    </TextField>
  );
}

/** Boxes of a comma-joined list (themes, networks…), grouped under their legend. */
export function CheckboxListDraft({
  id,
  label,
  value,
  onChange,
  options,
  error,
  required,
}: DraftInputProps & { value: string; onChange: (value: string) => void; options: readonly Option[] }) {
  return (
    <CheckboxGroup
      id={id}
      label={label}
      options={options}
      checked={splitList(value)}
      onChange={(checked) => onChange(joinList(checked) ?? '')}
      error={error}
      required={required}
      sx={{ gridColumn: '1 / -1' }}
    />
  );
}

/** Radios of a choice, grouped under their legend; `value` '' when unanswered. */
export function RadioDraft<V extends string>({
  id,
  label,
  value,
  onChange,
  options,
  error,
  required,
  hint,
  row = true,
}: DraftInputProps & {
  value: string;
  onChange: (value: V) => void;
  options: readonly { value: V; label: string }[];
  /** Side by side (short answers), or one under the other. */
  row?: boolean;
}) {
  const helperId = `${id}-helper-text`;
  return (
    <FormControl component="fieldset" error={Boolean(error)} required={required}>
      <FormLabel component="legend" id={`${id}-label`}>
        {label}
      </FormLabel>
      <RadioGroup
        row={row}
        name={id}
        value={value}
        aria-labelledby={`${id}-label`}
        aria-describedby={error || hint ? helperId : undefined}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((option) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={<Radio />}
            label={option.label}
          />
        ))}
      </RadioGroup>
      {(error ?? hint) && <FormHelperText id={helperId}>{error ?? hint}</FormHelperText>}
    </FormControl>
  );
}

const YES_NO_RADIOS = [
  { value: 'oui', label: 'Oui' },
  { value: 'non', label: 'Non' },
] as const;

/** Oui / Non radios; `value` is 'oui', 'non' or '' (unanswered). */
export function YesNoDraft(
  props: DraftInputProps & { value: string; onChange: (value: 'oui' | 'non') => void },
) {
  return <RadioDraft {...props} options={YES_NO_RADIOS} />;
}

/** One box to tick, its label beside it; a hint or error under it, linked for screen readers. */
export function CheckboxDraft({
  id,
  label,
  value,
  onChange,
  disabled,
  hint,
  error,
}: DraftInputProps & { value: boolean; onChange: (value: boolean) => void }) {
  const helperId = `${id}-helper-text`;
  return (
    <FormControl error={Boolean(error)} disabled={disabled}>
      <FormControlLabel
        label={label}
        control={
          <Checkbox
            id={id}
            checked={value}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{
              input: {
                'aria-describedby': error || hint ? helperId : undefined,
                'aria-invalid': Boolean(error),
              },
            }}
          />
        }
      />
      {(error ?? hint) && <FormHelperText id={helperId}>{error ?? hint}</FormHelperText>}
    </FormControl>
  );
}

/** A boolean as Oui / Non radios (the works form's yes/no questions). */
export function BooleanDraft({
  value,
  onChange,
  ...props
}: DraftInputProps & { value: boolean | null; onChange: (value: boolean) => void }) {
  return (
    <YesNoDraft
      {...props}
      value={value === null ? '' : value ? 'oui' : 'non'}
      onChange={(answer) => onChange(answer === 'oui')}
    />
  );
}
