import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { visuallyHidden } from '../../../ui';
import { ACT_REGISTER_TEXTS as T } from '../model/act-register-texts';

/** A short mark read out in full: `text` is shown, `label` is its tooltip and what screen readers say. */
export function ShortText({ text, label }: { text: string; label: string }) {
  return (
    <>
      <span aria-hidden="true" title={label}>
        {text}
      </span>
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
    </>
  );
}

/** The « Enregistrer » of the register's administration forms. */
export function SaveButton({ pending }: { pending: boolean }) {
  return (
    <div>
      <Button type="submit" variant="contained" loading={pending}>
        {T.save}
      </Button>
    </div>
  );
}
