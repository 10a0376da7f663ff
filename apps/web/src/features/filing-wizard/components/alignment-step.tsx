import { ALIGNMENT_REASON_OTHER, ALIGNMENT_REASONS, URBANISM_FILE_TYPES } from '@voirie/domain';
import type { Dispatch } from 'react';
import type { WizardAction } from '../model/wizard-reducer';
import type { WizardState } from '../model/wizard-state';
import { DateDraft } from '../../../ui/date-draft';
import { draftBinding, textDate } from './draft-binding';
import { SelectDraft, TextDraft, YesNoDraft } from './draft-inputs';
import { FormSection } from './form-section';

export const ALIGNMENT_LABELS = {
  reasonLegend: 'Motif de la demande',
  reasonRequest: 'Motif de la demande',
  reasonRequestOther: 'Précisez le motif',
  urbanismLegend: "Autorisation d'urbanisme",
  autorisationUrba: "Le projet fait-il l'objet d'une autorisation d'urbanisme ?",
  typeDossier: 'Type de dossier',
  dosAutorisationUrba: "N° du dossier d'autorisation d'urbanisme",
  previousLegend: 'Demande antérieure',
  groundAlreadyRequested: 'Un alignement a-t-il déjà été demandé pour ce terrain ?',
  dateRequest: 'Date de la demande précédente',
  alignmentOrderNumber: "N° de l'arrêté d'alignement",
} as const;

const FILE_TYPE_OPTIONS = URBANISM_FILE_TYPES.map((type) => ({
  value: type.value,
  label: `${type.value} - ${type.label}`,
}));

/** Step 2 of an alignment request (kind 2): the reason, 'Autre' with its details, and its context. */
export function AlignmentStep({ state, dispatch }: { state: WizardState; dispatch: Dispatch<WizardAction> }) {
  const alignment = state.drafts.alignment;
  const field = draftBinding(state, dispatch, 'alignment');
  const text = (
    name: 'reasonRequestOther' | 'dosAutorisationUrba' | 'alignmentOrderNumber',
    required = false,
  ) => <TextDraft {...field(name)} label={ALIGNMENT_LABELS[name]} required={required} />;
  return (
    <>
      <FormSection legend={ALIGNMENT_LABELS.reasonLegend}>
        <SelectDraft
          {...field('reasonRequest')}
          label={ALIGNMENT_LABELS.reasonRequest}
          options={ALIGNMENT_REASONS}
          required
        />
        {alignment.reasonRequest === ALIGNMENT_REASON_OTHER && text('reasonRequestOther', true)}
      </FormSection>
      <FormSection legend={ALIGNMENT_LABELS.urbanismLegend}>
        <YesNoDraft {...field('autorisationUrba')} label={ALIGNMENT_LABELS.autorisationUrba} />
        {alignment.autorisationUrba === 'oui' && (
          <>
            <SelectDraft
              {...field('typeDossier')}
              label={ALIGNMENT_LABELS.typeDossier}
              options={FILE_TYPE_OPTIONS}
            />
            {text('dosAutorisationUrba')}
          </>
        )}
      </FormSection>
      <FormSection legend={ALIGNMENT_LABELS.previousLegend}>
        <YesNoDraft {...field('groundAlreadyRequested')} label={ALIGNMENT_LABELS.groundAlreadyRequested} />
        {alignment.groundAlreadyRequested === 'oui' && (
          <>
            <DateDraft {...textDate(field('dateRequest'))} label={ALIGNMENT_LABELS.dateRequest} />
            {text('alignmentOrderNumber')}
          </>
        )}
      </FormSection>
    </>
  );
}
