import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PostalNotificationSchema, type PostalNotification } from '@voirie/domain';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { showToast, textFieldProps } from '../../../ui';
import { DatePickersProvider } from '../../../ui/date-pickers-provider';
import { ControlledDate } from '../../../ui/date-draft';
import { callState, FormDialog } from '../../../ui/form-dialog';
import { notificationsQueryOptions, recordPostalNotification } from './notification-api';
import { NOTIFICATION_SECTION_TEXTS as T } from './notification-texts';

const EMPTY: PostalNotification = { letterNumber: '', receivedOn: '' };

/**
 * « Notification postale »: the registered letter's number and its date of receipt, checked with
 * the domain's schema; the server also refuses a date in the future or before the signature.
 */
export function PostalNotificationDialog(props: {
  open: boolean;
  onClose: () => void;
  requestId: number;
  stateId: number | null;
  number: string;
}) {
  const letterId = useId();
  const queryClient = useQueryClient();
  const { control, register, handleSubmit, reset, formState } = useForm<PostalNotification>({
    resolver: zodResolver(PostalNotificationSchema),
    defaultValues: EMPTY,
  });
  const record = useMutation({
    mutationFn: (body: PostalNotification) => recordPostalNotification(props.requestId, props.number, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(
        notificationsQueryOptions(props.requestId, props.stateId).queryKey,
        answer.data,
      );
      void queryClient.invalidateQueries({ queryKey: ['acts'] });
      showToast(answer.message, 'success');
      close();
    },
  });
  const close = () => {
    reset(EMPTY);
    record.reset();
    props.onClose();
  };
  return (
    <FormDialog
      open={props.open}
      onClose={close}
      title={T.dialogTitle(props.number)}
      submitLabel={T.save}
      onSubmit={() => void handleSubmit((body) => record.mutate(body))()}
      {...callState(record)}
    >
      <TextField
        id={letterId}
        label={T.letterNumber}
        required
        {...textFieldProps(register('letterNumber'), formState.errors.letterNumber)}
      />
      <DatePickersProvider>
        <ControlledDate control={control} name="receivedOn" label={T.receivedOn} required blank="" />
      </DatePickersProvider>
    </FormDialog>
  );
}
