import Box from '@mui/material/Box';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';

const INPUT_FORMAT = 'DD/MM/YYYY';

function toIso(value: Dayjs | null): string | null {
  return value && value.isValid() ? value.format('YYYY-MM-DD') : null;
}

function fromIso(value: string | undefined): Dayjs | null {
  return value ? dayjs(value) : null;
}

/** An inclusive date range ('YYYY-MM-DD' bounds, either may be missing). */
export interface DateRangeProps {
  from: string | undefined;
  to: string | undefined;
  onChange: (from: string | null, to: string | null) => void;
}

/**
 * The two French pickers of a date range (typed DD/MM/YYYY, weeks from Monday with the 'fr'
 * locale); each valid change applies at once.
 */
export function DateRangePickers(
  props: DateRangeProps & { fromLabel: string; toLabel: string; fieldSx?: { width: number } },
) {
  const from = fromIso(props.from);
  const to = fromIso(props.to);
  return (
    <>
      <DatePicker
        label={props.fromLabel}
        format={INPUT_FORMAT}
        value={from}
        maxDate={to ?? undefined}
        onChange={(value) => {
          if (value === null || value.isValid()) props.onChange(toIso(value), props.to ?? null);
        }}
        slotProps={{ textField: { size: 'small', sx: props.fieldSx }, field: { clearable: true } }}
      />
      <DatePicker
        label={props.toLabel}
        format={INPUT_FORMAT}
        value={to}
        minDate={from ?? undefined}
        onChange={(value) => {
          if (value === null || value.isValid()) props.onChange(props.from ?? null, toIso(value));
        }}
        slotProps={{ textField: { size: 'small', sx: props.fieldSx }, field: { clearable: true } }}
      />
    </>
  );
}

const FIELD_SX = { width: 220 };

/** Works start date range (inclusive), above the table; the Début header filters the same range. */
export function DateRangeFilter(props: DateRangeProps) {
  return (
    <Box
      role="group"
      aria-label="Début des travaux"
      sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
    >
      {/* Narrower than the default: the search and this range share one line at 1366 px. */}
      <DateRangePickers {...props} fromLabel="Début des travaux du" toLabel="au" fieldSx={FIELD_SX} />
    </Box>
  );
}
