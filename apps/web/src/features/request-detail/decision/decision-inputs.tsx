import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { NumericBounds, Option } from '@voirie/domain';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import type { DecisionFormValues } from './decision-form';
import { DECISION_LABELS } from './decision-labels';
import { CheckboxGroup, SelectOptions } from '../../../shared/choice-inputs';

// The dialog's inputs bound to react-hook-form: each labelled (RGAA 11.1), its error in the
// helper text that MUI links with aria-describedby and marks with aria-invalid. Generic over the
// form's values: the decision dialog's, and the cerfa 14024 dialog's.

interface BaseProps<V, T extends FieldValues> {
  control: Control<T>;
  name: FieldPathByValue<T, V>;
  label: string;
  id: string;
  disabled?: boolean;
  hint?: string;
  onValueChange?: (value: V) => void;
}

/** Sets the field to what was typed or chosen, then tells `onValueChange`. */
function changeTo<V>(
  field: { onChange: (value: V) => void },
  onValueChange: ((value: V) => void) | undefined,
) {
  return (value: V) => {
    field.onChange(value);
    onValueChange?.(value);
  };
}

/** The TextField the text, number and select inputs share, with `extras` their own props. */
function BoundTextField<T extends FieldValues>({
  props,
  extras,
  children,
}: {
  props: BaseProps<string, T>;
  extras: Pick<TextFieldProps, 'select' | 'type' | 'multiline' | 'minRows' | 'slotProps'>;
  /** The select's options, from the field's value. */
  children?: (value: string) => ReactNode;
}) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <TextField
          id={props.id}
          label={props.label}
          name={field.name}
          value={field.value}
          inputRef={field.ref}
          onBlur={field.onBlur}
          onChange={(event) => changeTo(field, props.onValueChange)(event.target.value)}
          disabled={props.disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? props.hint}
          fullWidth
          {...extras}
        >
          {children?.(field.value)}
        </TextField>
      )}
    />
  );
}

export function DecisionText<T extends FieldValues = DecisionFormValues>({
  multiline = false,
  type,
  ...props
}: BaseProps<string, T> & { multiline?: boolean; type?: 'email' }) {
  return <BoundTextField props={props} extras={{ multiline, minRows: multiline ? 3 : undefined, type }} />;
}

/** A number typed as text; the browser's min, max and step are the domain's bounds. */
export function DecisionNumber<T extends FieldValues = DecisionFormValues>({
  bounds,
  ...props
}: BaseProps<string, T> & { bounds: NumericBounds }) {
  return (
    <BoundTextField
      props={props}
      extras={{
        type: 'number',
        slotProps: {
          htmlInput: { min: bounds.min, max: bounds.max, step: bounds.step, inputMode: 'decimal' },
        },
      }}
    />
  );
}

/** A native select (keyboard friendly); '' is 'Choisir…' (no value). */
export function DecisionSelect<T extends FieldValues = DecisionFormValues>({
  options,
  ...props
}: BaseProps<string, T> & { options: readonly Option[] }) {
  return (
    <BoundTextField
      props={props}
      extras={{ select: true, slotProps: { select: { native: true }, inputLabel: { shrink: true } } }}
    >
      {(value) => <SelectOptions value={value} options={options} emptyLabel={DECISION_LABELS.choose} />}
    </BoundTextField>
  );
}

export function DecisionCheckbox<T extends FieldValues = DecisionFormValues>(props: BaseProps<boolean, T>) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <FormControlLabel
          label={props.label}
          control={
            <Checkbox
              id={props.id}
              name={field.name}
              checked={field.value}
              slotProps={{ input: { ref: field.ref } }}
              onBlur={field.onBlur}
              disabled={props.disabled}
              onChange={(event) => changeTo(field, props.onValueChange)(event.target.checked)}
            />
          }
        />
      )}
    />
  );
}

/** Boxes of a list (stored comma-joined), grouped under their legend. */
export function DecisionCheckboxList<T extends FieldValues = DecisionFormValues>({
  options,
  ...props
}: BaseProps<string[], T> & { options: readonly Option[] }) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <CheckboxGroup
          id={props.id}
          label={props.label}
          options={options}
          checked={field.value as string[]}
          onChange={field.onChange}
          error={fieldState.error?.message}
          firstRef={field.ref}
        />
      )}
    />
  );
}

/** Radios under a legend; the error is linked to the group. */
export function DecisionRadios<T extends FieldValues = DecisionFormValues>({
  options,
  required,
  ...props
}: BaseProps<string, T> & { options: readonly Option[]; required?: boolean }) {
  const helperId = `${props.id}-helper-text`;
  const labelId = `${props.id}-label`;
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <FormControl component="fieldset" error={Boolean(fieldState.error)} required={required}>
          <FormLabel component="legend" id={labelId}>
            {props.label}
          </FormLabel>
          <RadioGroup
            row
            name={field.name}
            value={field.value}
            aria-labelledby={labelId}
            aria-describedby={fieldState.error ? helperId : undefined}
            onChange={(event) => changeTo(field, props.onValueChange)(event.target.value)}
          >
            {options.map((option, index) => (
              <FormControlLabel
                key={option.value}
                value={option.value}
                label={option.label}
                control={
                  <Radio
                    slotProps={{
                      input: {
                        ref: index === 0 ? field.ref : undefined,
                        'aria-invalid': Boolean(fieldState.error),
                      },
                    }}
                  />
                }
              />
            ))}
          </RadioGroup>
          {fieldState.error && <FormHelperText id={helperId}>{fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

/** The decision's fields whose label is DECISION_LABELS' entry of their own name. */
type SelfLabelledField = {
  [K in keyof typeof DECISION_LABELS & keyof DecisionFormValues]: (typeof DECISION_LABELS)[K] extends string
    ? K
    : never;
}[keyof typeof DECISION_LABELS & keyof DecisionFormValues];

/**
 * What every input of the decision's own fields says the same way: its form, its name, the id
 * `decision-{name}` and its label, DECISION_LABELS' entry of that name.
 */
export function decisionField<N extends SelfLabelledField>(control: Control<DecisionFormValues>, name: N) {
  return { control, name, id: `decision-${name}`, label: DECISION_LABELS[name] as string };
}
