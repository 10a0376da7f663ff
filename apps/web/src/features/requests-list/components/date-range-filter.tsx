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

/** Works start date range (inclusive); week starts on Monday with the 'fr' locale. */
export function DateRangeFilter(props: {
  from: string | undefined;
  to: string | undefined;
  onChange: (from: string | null, to: string | null) => void;
}) {
  const from = fromIso(props.from);
  const to = fromIso(props.to);
  return (
    <Box
      role="group"
      aria-label="Début des travaux"
      sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <DatePicker
        label="Début des travaux du"
        format={INPUT_FORMAT}
        value={from}
        maxDate={to ?? undefined}
        onChange={(value) => {
          if (value === null || value.isValid()) props.onChange(toIso(value), props.to ?? null);
        }}
        slotProps={{ textField: { size: 'small' }, field: { clearable: true } }}
      />
      <DatePicker
        label="au"
        format={INPUT_FORMAT}
        value={to}
        minDate={from ?? undefined}
        onChange={(value) => {
          if (value === null || value.isValid()) props.onChange(props.from ?? null, toIso(value));
        }}
        slotProps={{ textField: { size: 'small' }, field: { clearable: true } }}
      />
    </Box>
  );
}
