import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useId } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/** Dates are shown and typed DD/MM/YYYY (docs/constants.md "Limits and timings"). */
export const DATE_INPUT_FORMAT = 'DD/MM/YYYY';

function toIso(value: Dayjs | null): string | null {
  return value?.isValid() ? value.format('YYYY-MM-DD') : null;
}

/**
 * A date of a form ('YYYY-MM-DD' or null), typed or picked in the calendar; the page's
 * DatePickersProvider makes it French, the week starting on Monday.
 */
export function DateDraft({
  id,
  label,
  value,
  onChange,
  error,
  required,
  disabled,
}: {
  id: string;
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string | undefined;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
}) {
  return (
    <DatePicker
      label={label}
      format={DATE_INPUT_FORMAT}
      value={value ? dayjs(value) : null}
      disabled={disabled}
      onChange={(next) => {
        // An incomplete typing is not a date yet: the draft keeps the last whole one, or none.
        if (next === null || next.isValid()) onChange(toIso(next));
      }}
      slotProps={{
        textField: { id, required, error: Boolean(error), helperText: error },
      }}
    />
  );
}

/**
 * A DateDraft bound to the date field `name` of a react-hook-form form, its error under it; its
 * own id unless given. The form keeps `blank` when no date is given: null, or '' for a field
 * typed as text.
 */
export function ControlledDate<T extends FieldValues>({
  control,
  name,
  blank = null,
  id,
  ...shown
}: {
  control: Control<T>;
  name: Path<T>;
  id?: string;
  label: string;
  required?: boolean;
  blank?: '' | null;
}) {
  const ownId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateDraft
          {...shown}
          id={id ?? ownId}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? blank)}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
