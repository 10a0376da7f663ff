import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { CityMailsSchema, type CityMails } from '@voirie/domain';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { textFieldProps } from '../../../ui';
import { CITIES_KEY, updateCityMails, type CityItem } from '../api/recipients-api';
import { cityMailsDefaults, cityMailsPayload } from '../model/recipients';
import { RECIPIENTS_TEXTS } from '../model/recipients-texts';
import { callState, FormDialog } from '../../../ui/form-dialog';
import { useSavedChange } from '../../../shared/use-saved-change';

type FormInput = z.input<typeof CityMailsSchema>;

/**
 * A town's 'Email mairie' and 'Email police municipale' (docs/api-recipients.md "The screen"): each
 * optional, valid when given (the domain's CityMailsSchema); `PUT city/{id}`, then the notice
 * 'email modifié' and the towns read again.
 */
export function CityMailsDialog(props: { open: boolean; city: CityItem | null; onClose: () => void }) {
  const { register, handleSubmit, reset, formState } = useForm<FormInput, unknown, CityMails>({
    resolver: zodResolver(CityMailsSchema),
    defaultValues: cityMailsDefaults(props.city),
  });
  const mutation = useSavedChange({
    send: (values: CityMails) => updateCityMails(props.city!.id, cityMailsPayload(values)),
    refresh: CITIES_KEY,
    saved: RECIPIENTS_TEXTS.mailsUpdated,
    onDone: props.onClose,
  });
  const { reset: resetMutation } = mutation;
  // Each opening starts from the town's current e-mails.
  useEffect(() => {
    if (!props.open) return;
    reset(cityMailsDefaults(props.city));
    resetMutation();
  }, [props.open, props.city, reset, resetMutation]);
  const submit = handleSubmit((values) => mutation.mutate(values));
  const { errors } = formState;
  return (
    <FormDialog
      open={props.open && props.city !== null}
      title={props.city ? RECIPIENTS_TEXTS.editTitle(props.city.name) : ''}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      submitLabel={RECIPIENTS_TEXTS.save}
      {...callState(mutation)}
    >
      <TextField
        id="city-mail-mairie"
        label={RECIPIENTS_TEXTS.mailMairie}
        type="email"
        autoComplete="off"
        fullWidth
        sx={{ mt: 1 }}
        {...textFieldProps(register('mailMairie'), errors.mailMairie)}
      />
      <TextField
        id="city-mail-pm"
        label={RECIPIENTS_TEXTS.mailPM}
        type="email"
        autoComplete="off"
        fullWidth
        {...textFieldProps(register('mailPM'), errors.mailPM)}
      />
    </FormDialog>
  );
}
