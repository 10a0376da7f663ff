import Typography from '@mui/material/Typography';
import type { RecordReceptionInput } from '@voirie/domain';
import { useState } from 'react';
import { failureText } from '../../../api';
import { FormDialog } from '../../../ui/form-dialog';
import { useRequestAction, type ActionTarget } from '../actions/use-request-action';
import { usePhotoPositions } from './photo-position';
import { recordReception } from './instructor-api';
import { OutcomeFields } from './outcome-fields';
import {
  checkOutcome,
  isOutcomeValidationReady,
  OUTCOME_TEXTS,
  outcomeDefaults,
  outcomeDraft,
  type OutcomeErrors,
  type OutcomeValues,
} from './outcome-form';
import { OutcomeLetters } from './outcome-letters';
import { ReceptionDocumentsList } from './photo-list';

/**
 * 'Réception des travaux' (recordReception, states 4, 6, 7, 12; docs/data-model.md "Entities",
 * docs/workflow.md "Transitions", docs/validation.md "Reception dialogs"): the reception's
 * documents, the outcome, its letters, then 'Valider' — enabled once a letter or a reception
 * document (106–109) exists. Notices 'Dossier réceptionné.' or 'Réception refusée.'.
 */
export function OutcomeDialog(props: { target: ActionTarget; open: boolean; onClose: () => void }) {
  const { request } = props.target;
  const [values, setValues] = useState<OutcomeValues>(() => outcomeDefaults(request.reception));
  const [errors, setErrors] = useState<OutcomeErrors>({});
  // Where the device is when photos are chosen: the server keeps it beside them (else their EXIF).
  const where = usePhotoPositions<'photo'>();
  const ready = isOutcomeValidationReady(request);
  const close = () => {
    setValues(outcomeDefaults(request.reception));
    setErrors({});
    mutation.reset();
    props.onClose();
  };
  const mutation = useRequestAction(
    props.target,
    (args: { input: RecordReceptionInput; photos: File[] }) =>
      recordReception(request.id, args.input, { photos: args.photos, positions: where.positions }),
    {
      fallbackNotice: values.avis === 'refusé' ? OUTCOME_TEXTS.refused : OUTCOME_TEXTS.accepted,
      onSuccess: close,
    },
  );
  const change = (changes: Partial<OutcomeValues>) => {
    if (changes.photos?.length) where.locate('photo');
    setValues((current) => ({ ...current, ...changes }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(changes)) delete next[key as keyof OutcomeErrors];
      return next;
    });
  };
  const submit = () => {
    const checked = checkOutcome(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    mutation.mutate({ input: checked.input, photos: checked.photos });
  };
  return (
    <FormDialog
      open={props.open}
      title={OUTCOME_TEXTS.title}
      onClose={close}
      onSubmit={submit}
      submitLabel={OUTCOME_TEXTS.submit}
      submitDisabled={!ready}
      pending={mutation.isPending}
      error={mutation.isError ? failureText(mutation.error) : null}
    >
      <ReceptionDocumentsList documents={request.receptionDocuments ?? []} headingLevel="h3" />
      <OutcomeFields values={values} errors={errors} onChange={change} />
      <OutcomeLetters target={props.target} draft={outcomeDraft(values)} />
      {!ready && <Typography variant="body2">{OUTCOME_TEXTS.notReady}</Typography>}
    </FormDialog>
  );
}
