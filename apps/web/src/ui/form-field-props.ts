import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/**
 * Connects a react-hook-form field to an MUI TextField: the error message becomes the
 * helper text, which MUI links with aria-describedby and marks with aria-invalid.
 */
export function textFieldProps(registration: UseFormRegisterReturn, error: FieldError | undefined) {
  const { ref, ...rest } = registration;
  return { ...rest, inputRef: ref, error: Boolean(error), helperText: error?.message };
}
