import type { TextInputProps } from '../text-input';
import './plain.css';

/** The props of ui/text-input.tsx (a type: importing it loads no MUI). */
export type PlainTextFieldProps = TextInputProps;

/**
 * A labelled text field without MUI, for the sign-in page. The same accessible
 * markup as ui/text-input.tsx: the label names the input, the helper text describes it,
 * aria-invalid marks the error, the asterisk is not read.
 */
export function PlainTextField({
  id,
  label,
  helperText,
  error = false,
  required = false,
  endAdornment,
  inputRef,
  ...input
}: PlainTextFieldProps) {
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const classes = ['plain-field'];
  if (error) classes.push('plain-field--error');
  if (endAdornment) classes.push('plain-field--adorned');
  return (
    <div className={classes.join(' ')}>
      <label className="plain-field__label" htmlFor={id} id={`${id}-label`}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <div className="plain-field__control">
        <input
          id={id}
          ref={inputRef}
          className="plain-field__input"
          required={required}
          aria-invalid={error}
          aria-describedby={helperTextId}
          {...input}
        />
        {endAdornment}
      </div>
      {helperText && (
        <p className="plain-field__helper" id={helperTextId}>
          {helperText}
        </p>
      )}
    </div>
  );
}
