import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';

export interface NativeSelectOption {
  value: string;
  label: string;
}

interface NativeSelectProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly NativeSelectOption[];
  /** A first choice for « all », its value ''. */
  allLabel?: string;
  sx?: SxProps<Theme>;
}

/**
 * A small labelled filter list: the browser's own select (keyboard and screen readers know it,
 * no menu to load), its label always above. Imported by file, not through ui/index: TextField
 * stays out of the sign-in page's bundle.
 */
export function NativeSelect({ id, label, value, onChange, options, allLabel, sx }: NativeSelectProps) {
  return (
    <TextField
      id={id}
      select
      label={label}
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={sx}
    >
      {allLabel !== undefined && <option value="">{allLabel}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
