import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { ContactFormSchema, type ContactForm } from '@voirie/domain';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { textFieldProps } from '../../../ui';
import { addContact, CONTACTS_KEY } from '../api/recipients-api';
import { RECIPIENTS_TEXTS } from '../model/recipients-texts';
import { callState, FormDialog } from '../../../ui/form-dialog';
import { useSavedChange } from '../../../shared/use-saved-change';

type FormInput = z.input<typeof ContactFormSchema>;
const EMPTY: FormInput = { commune: '', email: '' };

/**
 * 'Ajouter un contact' (docs/api-recipients.md "The screen"): a member town picked from `GET
 * cities` and an e-mail, checked by the domain's ContactFormSchema before `POST contacts`; the
 * server's refusal (a contact already there) is shown in the dialog.
 */
export function AddContactDialog(props: { open: boolean; towns: readonly string[]; onClose: () => void }) {
  const { control, register, handleSubmit, reset, formState } = useForm<FormInput, unknown, ContactForm>({
    resolver: zodResolver(ContactFormSchema),
    defaultValues: EMPTY,
  });
  const mutation = useSavedChange({
    send: addContact,
    refresh: CONTACTS_KEY,
    saved: RECIPIENTS_TEXTS.contactAdded,
    onDone: () => close(),
  });
  function close() {
    reset(EMPTY);
    mutation.reset();
    props.onClose();
  }
  const submit = handleSubmit((form) => mutation.mutate(form));
  const { errors } = formState;
  return (
    <FormDialog
      open={props.open}
      title={RECIPIENTS_TEXTS.addTitle}
      onClose={close}
      onSubmit={() => void submit()}
      submitLabel={RECIPIENTS_TEXTS.save}
      {...callState(mutation)}
    >
      <Controller
        control={control}
        name="commune"
        render={({ field }) => (
          <Autocomplete<string>
            id="contact-commune"
            options={props.towns}
            value={field.value ? field.value : null}
            onChange={(_event, town) => field.onChange(town ?? '')}
            onBlur={field.onBlur}
            noOptionsText={RECIPIENTS_TEXTS.noOption}
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                label={RECIPIENTS_TEXTS.commune}
                required
                error={Boolean(errors.commune)}
                helperText={errors.commune?.message}
                sx={{ mt: 1 }}
              />
            )}
          />
        )}
      />
      <TextField
        id="contact-email"
        label={RECIPIENTS_TEXTS.email}
        type="email"
        autoComplete="off"
        required
        fullWidth
        {...textFieldProps(register('email'), errors.email)}
      />
    </FormDialog>
  );
}
