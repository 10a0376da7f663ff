import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { useQuery } from '@tanstack/react-query';
import { ACT_SIGNATORY_MESSAGES, signatoryOptionLabel } from '@voirie/domain';
import { useId, useState } from 'react';
import { generateOrder, signatoriesQueryOptions } from '../api/instruction-api';
import { ACTION_TEXTS } from '../model/instruction-actions';
import { FormDialog } from '../../../ui/form-dialog';
import { NativeSelect } from '../../../ui/native-select';
import { failureText } from '../../../api';
import { useActionDialog, type ActionDialogProps } from './use-action-dialog';

/**
 * « Générer l'arrêté » (docs/acts.md « Signatory »): who signs the request's orders, among the
 * accounts the API offers (`GET request/{id}/signatories`), its proposal preselected; the orders
 * print the signatory's name and « Fonction ». Mounted when opened: each opening starts from the
 * API's proposal.
 */
export function OrderGenerationDialog(props: ActionDialogProps) {
  const { request } = props.target;
  const selectId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const signatories = useQuery({ ...signatoriesQueryOptions(request.id), enabled: props.open });
  const { mutation, dialog } = useActionDialog(
    props,
    (signatoryId: number) => generateOrder(request.id, signatoryId),
    {
      clear: () => {
        setChosen(null);
        setFormError(null);
      },
    },
  );
  const proposed = signatories.data?.defaultId;
  const value = chosen ?? (proposed ? String(proposed) : '');
  const submit = () => {
    if (!value) {
      setFormError(ACT_SIGNATORY_MESSAGES.required);
      return;
    }
    mutation.mutate(Number(value));
  };
  return (
    <FormDialog
      {...dialog}
      error={formError ?? dialog.error}
      title={ACTION_TEXTS.generateOrder}
      submitLabel={ACTION_TEXTS.generate}
      submitDisabled={!signatories.isSuccess}
      onSubmit={submit}
    >
      {signatories.isPending && <CircularProgress size={24} aria-label={ACT_SIGNATORY_MESSAGES.label} />}
      {signatories.isError && <Alert severity="error">{failureText(signatories.error)}</Alert>}
      {signatories.isSuccess && (
        <NativeSelect
          id={selectId}
          label={ACT_SIGNATORY_MESSAGES.label}
          value={value}
          onChange={(next) => {
            setChosen(next);
            setFormError(null);
          }}
          allLabel={proposed ? undefined : ''}
          options={signatories.data.signatories.map((signatory) => ({
            value: String(signatory.id),
            label: signatoryOptionLabel(signatory),
          }))}
        />
      )}
    </FormDialog>
  );
}
