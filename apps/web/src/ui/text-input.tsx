import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ChangeEventHandler, FocusEventHandler, ReactNode, Ref } from 'react';

export interface TextInputProps {
  id: string;
  label: string;
  name?: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  error?: boolean;
  /** The error, or a hint; linked to the input with aria-describedby. */
  helperText?: ReactNode;
  endAdornment?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
}

/**
 * A labelled outlined text field, the same markup as MUI's TextField. Built from its parts
 * because TextField also imports Select and its menus, too heavy for the sign-in page.
 */
export function TextInput({
  id,
  label,
  helperText,
  error = false,
  required = false,
  ...input
}: TextInputProps) {
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" fullWidth error={error} required={required}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput id={id} label={label} aria-describedby={helperTextId} {...input} />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
