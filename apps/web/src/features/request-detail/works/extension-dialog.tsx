import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ExtendInputSchema, numberOfDays, type ExtendInput } from '@voirie/domain';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { DatePickersProvider } from '../../../ui/date-pickers-provider';
import { FormDialog } from '../../../ui/form-dialog';
import { ControlledDate } from '../../../ui/date-draft';
import { useApplyAnswer, type ActionTarget } from '../actions/use-request-action';
import { extendRequest } from './applicant-api';
import { ConfirmDialog, confirmState } from '../../../ui/confirm-dialog';
import { EXTENSION_TEXTS } from './works-texts';

type FormInput = z.input<typeof ExtendInputSchema>;
type Dates = Pick<ExtendInput, 'dateStart' | 'dateEnd'>;

const EMPTY: FormInput = { dateStart: null, dateEnd: null };

/**
 * 'Prolonger' (docs/workflow.md "Transitions", docs/validation.md "Extension dialog"): the new
 * works dates, the number of days computed, then 'Êtes vous sûr de vouloir dupliquer cette
 * demande…' — 'Non' reopens the dates, 'Oui' creates the extension and returns to the list with the
 * server's notice.
 */
export function ExtensionDialog(props: { target: ActionTarget; open: boolean; onClose: () => void }) {
  const { request } = props.target;
  const daysId = useId();
  const navigate = useNavigate();
  const applyAnswer = useApplyAnswer(props.target);
  const [confirming, setConfirming] = useState<Dates | null>(null);
  const { control, handleSubmit, reset } = useForm<FormInput, unknown, ExtendInput>({
    resolver: zodResolver(ExtendInputSchema),
    defaultValues: EMPTY,
  });
  const [dateStart, dateEnd] = useWatch({ control, name: ['dateStart', 'dateEnd'] });
  const days = numberOfDays(dateStart, dateEnd);
  const mutation = useMutation({
    mutationFn: (dates: Dates) => extendRequest(request.id, dates),
    onSuccess: async (answer) => {
      // The answer is the new request: the original is read again, not replaced by it.
      await applyAnswer({ message: answer.message }, EXTENSION_TEXTS.notice);
      close();
      void navigate({ to: '/dossiers' });
    },
  });
  const close = () => {
    reset(EMPTY);
    setConfirming(null);
    mutation.reset();
    props.onClose();
  };
  const submit = handleSubmit(({ dateStart: start, dateEnd: end }) => {
    setConfirming({ dateStart: start, dateEnd: end });
  });
  return (
    <>
      <FormDialog
        open={props.open && confirming === null}
        title={EXTENSION_TEXTS.title}
        onClose={close}
        onSubmit={() => void submit()}
        submitLabel={EXTENSION_TEXTS.submit}
      >
        <DatePickersProvider>
          <ControlledDate control={control} name="dateStart" label={EXTENSION_TEXTS.dateStart} required />
          <ControlledDate control={control} name="dateEnd" label={EXTENSION_TEXTS.dateEnd} required />
        </DatePickersProvider>
        <TextField
          id={daysId}
          label={EXTENSION_TEXTS.numberDays}
          value={days === null ? '' : String(days)}
          helperText={EXTENSION_TEXTS.numberDaysHint}
          slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
        />
      </FormDialog>
      <ConfirmDialog
        {...confirmState(props.open ? confirming : null, mutation, () => setConfirming(null))}
        title={EXTENSION_TEXTS.confirmTitle}
        text={EXTENSION_TEXTS.confirmQuestion}
        confirmLabel={EXTENSION_TEXTS.yes}
        cancelLabel={EXTENSION_TEXTS.no}
      />
    </>
  );
}
