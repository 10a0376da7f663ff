import { ALIGNMENT_REASON_OTHER, ALIGNMENT_REASONS, URBANISM_FILE_TYPES } from '@voirie/domain';
import type { Dispatch } from 'react';
import { changeDraft } from '../model/draft-reducer';
import type { AlignmentDraft } from '../model/step-drafts';
import type { WizardAction } from '../model/wizard-reducer';
import type { WizardState } from '../model/wizard-state';
import { DateDraft } from '../../../ui/date-draft';
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
  const set = <F extends keyof AlignmentDraft>(field: F, value: AlignmentDraft[F]) =>
    dispatch(changeDraft('alignment', field, value));
  const errorOf = (field: keyof AlignmentDraft) => state.errors[`alignment.${field}`];
  const text = (
    field: 'reasonRequestOther' | 'dosAutorisationUrba' | 'alignmentOrderNumber',
    required = false,
  ) => (
    <TextDraft
      id={`alignment-${field}`}
      label={ALIGNMENT_LABELS[field]}
      value={alignment[field]}
      onChange={(value) => set(field, value)}
      error={errorOf(field)}
      required={required}
    />
  );
  return (
    <>
      <FormSection legend={ALIGNMENT_LABELS.reasonLegend}>
        <SelectDraft
          id="alignment-reasonRequest"
          label={ALIGNMENT_LABELS.reasonRequest}
          value={alignment.reasonRequest}
          onChange={(value) => set('reasonRequest', value)}
          options={ALIGNMENT_REASONS}
          error={errorOf('reasonRequest')}
          required
        />
        {alignment.reasonRequest === ALIGNMENT_REASON_OTHER && text('reasonRequestOther', true)}
      </FormSection>
      <FormSection legend={ALIGNMENT_LABELS.urbanismLegend}>
        <YesNoDraft
          id="alignment-autorisationUrba"
          label={ALIGNMENT_LABELS.autorisationUrba}
          value={alignment.autorisationUrba}
          onChange={(value) => set('autorisationUrba', value)}
          error={errorOf('autorisationUrba')}
        />
        {alignment.autorisationUrba === 'oui' && (
          <>
            <SelectDraft
              id="alignment-typeDossier"
              label={ALIGNMENT_LABELS.typeDossier}
              value={alignment.typeDossier}
              onChange={(value) => set('typeDossier', value)}
              options={FILE_TYPE_OPTIONS}
              error={errorOf('typeDossier')}
            />
            {text('dosAutorisationUrba')}
          </>
        )}
      </FormSection>
      <FormSection legend={ALIGNMENT_LABELS.previousLegend}>
        <YesNoDraft
          id="alignment-groundAlreadyRequested"
          label={ALIGNMENT_LABELS.groundAlreadyRequested}
          value={alignment.groundAlreadyRequested}
          onChange={(value) => set('groundAlreadyRequested', value)}
          error={errorOf('groundAlreadyRequested')}
        />
        {alignment.groundAlreadyRequested === 'oui' && (
          <>
            <DateDraft
              id="alignment-dateRequest"
              label={ALIGNMENT_LABELS.dateRequest}
              value={alignment.dateRequest || null}
              onChange={(value) => set('dateRequest', value ?? '')}
              error={errorOf('dateRequest')}
            />
            {text('alignmentOrderNumber')}
          </>
        )}
      </FormSection>
    </>
  );
}
