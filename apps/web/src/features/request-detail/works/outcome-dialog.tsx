import Typography from '@mui/material/Typography';
import type { RecordReceptionInput } from '@voirie/domain';
import { useState } from 'react';
import { FormDialog } from '../../../ui/form-dialog';
import { useActionDialog, type ActionDialogProps } from '../actions/use-action-dialog';
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
export function OutcomeDialog(props: ActionDialogProps) {
  const { request } = props.target;
  const [values, setValues] = useState<OutcomeValues>(() => outcomeDefaults(request.reception));
  const [errors, setErrors] = useState<OutcomeErrors>({});
  // Where the device is when photos are chosen: the server keeps it beside them (else their EXIF).
  const where = usePhotoPositions<'photo'>();
  const ready = isOutcomeValidationReady(request);
  const { mutation, dialog } = useActionDialog(
    props,
    (args: { input: RecordReceptionInput; photos: File[] }) =>
      recordReception(request.id, args.input, { photos: args.photos, positions: where.positions }),
    {
      clear: () => {
        setValues(outcomeDefaults(request.reception));
        setErrors({});
      },
      fallbackNotice: values.avis === 'refusé' ? OUTCOME_TEXTS.refused : OUTCOME_TEXTS.accepted,
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
      {...dialog}
      title={OUTCOME_TEXTS.title}
      onSubmit={submit}
      submitLabel={OUTCOME_TEXTS.submit}
      submitDisabled={!ready}
    >
      <ReceptionDocumentsList documents={request.receptionDocuments ?? []} headingLevel="h3" />
      <OutcomeFields values={values} errors={errors} onChange={change} />
      <OutcomeLetters target={props.target} draft={outcomeDraft(values)} />
      {!ready && <Typography variant="body2">{OUTCOME_TEXTS.notReady}</Typography>}
    </FormDialog>
  );
}
