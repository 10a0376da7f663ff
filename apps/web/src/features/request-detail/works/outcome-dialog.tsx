import Typography from '@mui/material/Typography';
import type { RecordReceptionInput } from '@voirie/domain';
import { FormDialog } from '../../../ui/form-dialog';
import { useActionDialog, type ActionDialogProps } from '../actions/use-action-dialog';
import { usePhotoReportDraft } from './photo-report-draft';
import { recordReception } from './instructor-api';
import { OutcomeFields } from './outcome-fields';
import {
  checkOutcome,
  isOutcomeValidationReady,
  OUTCOME_TEXTS,
  outcomeDefaults,
  outcomeDraft,
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
  const { values, errors, setErrors, change, clear, positions } = usePhotoReportDraft(() =>
    outcomeDefaults(request.reception),
  );
  const ready = isOutcomeValidationReady(request);
  const { mutation, dialog } = useActionDialog(
    props,
    (args: { input: RecordReceptionInput; photos: File[] }) =>
      recordReception(request.id, args.input, { photos: args.photos, positions }),
    {
      clear,
      fallbackNotice: values.avis === 'refusé' ? OUTCOME_TEXTS.refused : OUTCOME_TEXTS.accepted,
    },
  );
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
