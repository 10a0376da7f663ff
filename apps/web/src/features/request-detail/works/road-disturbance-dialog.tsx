import { useState } from 'react';
import type { RoadDisturbanceInput } from '@voirie/domain';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { FormDialog } from '../../../ui/form-dialog';
import { useActionDialog, type ActionDialogProps } from '../actions/use-action-dialog';
import { usePhotoReportDraft } from './photo-report-draft';
import { declareRoadDisturbance } from './instructor-api';
import { checkReport, DISTURBANCE_TEXTS, EMPTY_REPORT, requestPoint } from './road-disturbance-form';
import { DisturbanceReportFields } from './road-disturbance-fields';

/**
 * 'Déclarer une perturbation de voirie' (declareRoadDisturbance, state 2; docs/screens.md "Request
 * detail", docs/workflow.md "Transitions"): a confirmation first, then the report — the instructor
 * who saw it, a comment, up to 5 photos (type 111) and the place — sent to POST
 * request/{id}/road-disturbance.
 */
export function RoadDisturbanceDialog(props: ActionDialogProps) {
  const { request } = props.target;
  const [confirmed, setConfirmed] = useState(false);
  const { values, errors, setErrors, change, clear, positions } = usePhotoReportDraft(() => EMPTY_REPORT);
  const { mutation, dialog } = useActionDialog(
    props,
    (args: { report: RoadDisturbanceInput; photos: File[] }) =>
      declareRoadDisturbance(request.id, args.report, { photos: args.photos, positions }),
    {
      clear: () => {
        setConfirmed(false);
        clear();
      },
      fallbackNotice: DISTURBANCE_TEXTS.notice,
    },
  );
  const submit = () => {
    const checked = checkReport(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    mutation.mutate({ report: checked.report, photos: checked.photos });
  };
  if (!confirmed)
    return (
      <ConfirmDialog
        open={props.open}
        title={DISTURBANCE_TEXTS.confirmTitle}
        text={DISTURBANCE_TEXTS.confirmQuestion}
        cancelLabel={DISTURBANCE_TEXTS.no}
        confirmLabel={DISTURBANCE_TEXTS.yes}
        onConfirm={() => setConfirmed(true)}
        onCancel={dialog.onClose}
      />
    );
  return (
    <FormDialog
      {...dialog}
      title={DISTURBANCE_TEXTS.reportTitle}
      onSubmit={submit}
      submitLabel={DISTURBANCE_TEXTS.submit}
    >
      <DisturbanceReportFields
        values={values}
        errors={errors}
        onChange={change}
        requestPoint={requestPoint(request)}
      />
    </FormDialog>
  );
}
