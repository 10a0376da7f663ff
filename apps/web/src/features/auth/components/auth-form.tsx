import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { FormEvent, ReactNode } from 'react';
import { textFieldProps, TextInput } from '../../../ui';

/**
 * The form of the public account pages (registration, forgotten and new password): the fields
 * one under the other, the large submit button, then whatever `after` holds (a link).
 */
export function AuthForm(props: {
  onSubmit: (event: FormEvent) => Promise<void>;
  submitLabel: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void props.onSubmit(event)}
      sx={{ display: 'grid', gap: 2 }}
    >
      {props.children}
      <Button type="submit" variant="contained" size="large">
        {props.submitLabel}
      </Button>
      {props.after}
    </Box>
  );
}

/** The required e-mail address these pages ask. */
export function EmailInput({ id, ...binding }: { id: string } & ReturnType<typeof textFieldProps>) {
  return <TextInput id={id} label="Adresse e-mail" type="email" autoComplete="email" required {...binding} />;
}
