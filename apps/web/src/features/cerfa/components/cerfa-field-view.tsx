import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import type { CerfaField } from '@voirie/domain';

const FULL_ROW = { gridColumn: '1 / -1' } as const;

// Read-only, not disabled: the values stay legible and reachable by keyboard, and screen
// readers announce them as read-only. React resets a clicked box to its checked prop.
function ReadOnlyBox({ label, checked }: { label: string; checked: boolean }) {
  return (
    <FormControlLabel
      label={label}
      control={
        <Checkbox checked={checked} slotProps={{ input: { readOnly: true, 'aria-readonly': true } }} />
      }
    />
  );
}

/** One zone of the replica: a labelled read-only input, a box, or a group of boxes. */
export function CerfaFieldView({ field }: { field: CerfaField }) {
  const id = useId();
  if (field.kind === 'check') return <ReadOnlyBox label={field.label} checked={field.checked} />;
  if (field.kind === 'choices') {
    return (
      <Box component="fieldset" sx={{ ...FULL_ROW, border: 0, p: 0, m: 0, minWidth: 0 }}>
        <FormLabel component="legend">{field.label}</FormLabel>
        <FormGroup row>
          {field.options.map((option) => (
            <ReadOnlyBox key={option.label} label={option.label} checked={option.checked} />
          ))}
        </FormGroup>
      </Box>
    );
  }
  return (
    <TextField
      id={id}
      label={field.label}
      value={field.value}
      size="small"
      fullWidth
      multiline={field.multiline}
      minRows={field.multiline ? 2 : undefined}
      sx={field.multiline ? FULL_ROW : undefined}
      slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
    />
  );
}
