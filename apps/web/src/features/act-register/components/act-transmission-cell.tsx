import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ActAcknowledgementSchema, parisDate, parisIsoDay, type RegisteredAct } from '@voirie/domain';
import { useState } from 'react';
import { showToast } from '../../../ui';
import { FormDialog, callState } from '../../../ui/form-dialog';
import { saveAcknowledgement } from '../api/act-register-api';
import { ACT_REGISTER_TEXTS as T } from '../model/act-register-texts';
import { ShortText } from './short-text';

/** The acknowledgement's two fields, checked with the domain's schema, then by the API. */
function AcknowledgementDialog({ act, onClose }: { act: RegisteredAct; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [receivedOn, setReceivedOn] = useState(parisIsoDay(new Date()));
  const [identifier, setIdentifier] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => saveAcknowledgement(act.number, { receivedOn, identifier: identifier.trim() }),
    onSuccess: async (answer) => {
      showToast(answer.message, 'success');
      await queryClient.invalidateQueries({ queryKey: ['acts'] });
      onClose();
    },
  });
  const submit = () => {
    const parsed = ActAcknowledgementSchema.safeParse({ receivedOn, identifier });
    setProblem(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (parsed.success) save.mutate();
  };
  const { error, pending } = callState(save);
  return (
    <FormDialog
      open
      title={T.acknowledgeTitle(act.number)}
      onClose={onClose}
      onSubmit={submit}
      error={problem ?? error}
      pending={pending}
      submitLabel={T.save}
    >
      <TextField
        id={`act-received-on-${act.number}`}
        type="date"
        label={T.receivedOn}
        value={receivedOn}
        onChange={(event) => setReceivedOn(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        required
      />
      <TextField
        id={`act-identifier-${act.number}`}
        label={T.identifier}
        value={identifier}
        onChange={(event) => setIdentifier(event.target.value)}
        helperText={T.identifierHelp}
        slotProps={{ htmlInput: { spellCheck: false } }}
        required
      />
    </FormDialog>
  );
}

/**
 * « Préfecture »: an act of a nature not transmitted says so; a transmitted one shows its
 * acknowledgement's date, or offers to enter it.
 */
export function ActTransmissionCell({ act }: { act: RegisteredAct }) {
  const [open, setOpen] = useState(false);
  const { transmission } = act;
  if (!transmission.required) {
    return <ShortText text={T.notTransmitted} label={T.notTransmittedLabel} />;
  }
  return (
    <>
      {transmission.receivedOn ? (
        <span title={transmission.identifier ?? undefined}>
          {T.received(parisDate(transmission.receivedOn))}
        </span>
      ) : (
        <Button size="small" aria-label={T.acknowledgeLabel(act.number)} onClick={() => setOpen(true)}>
          {T.acknowledge}
        </Button>
      )}
      {open && <AcknowledgementDialog act={act} onClose={() => setOpen(false)} />}
    </>
  );
}
