import TextField from '@mui/material/TextField';
import { numberOfDays } from '@voirie/domain';
import type { Dispatch } from 'react';
import { changeDraft } from '../model/draft-reducer';
import type { WizardAction } from '../model/wizard-reducer';
import type { WizardState } from '../model/wizard-state';
import { DateDraft } from '../../../ui/date-draft';
import { FormSection } from './form-section';

export const DATES_LABELS = {
  legend: 'Dates des travaux',
  dateStart: 'Date de début des travaux',
  dateEnd: 'Date de fin des travaux',
  numberDays: 'Nombre de jours',
  numberDaysHint: 'Calculé : date de fin − date de début + 1 (jours calendaires).',
} as const;

/**
 * Step 4 'Informations complémentaires' (docs/validation.md "Step 4"): start, end, and the
 * days between them.
 */
export function DatesStep({ state, dispatch }: { state: WizardState; dispatch: Dispatch<WizardAction> }) {
  const { dateStart, dateEnd } = state.drafts.dates;
  const days = numberOfDays(dateStart, dateEnd);
  return (
    <FormSection legend={DATES_LABELS.legend}>
      <DateDraft
        id="dates-dateStart"
        label={DATES_LABELS.dateStart}
        value={dateStart}
        onChange={(value) => dispatch(changeDraft('dates', 'dateStart', value))}
        error={state.errors['dates.dateStart']}
        required
      />
      <DateDraft
        id="dates-dateEnd"
        label={DATES_LABELS.dateEnd}
        value={dateEnd}
        onChange={(value) => dispatch(changeDraft('dates', 'dateEnd', value))}
        error={state.errors['dates.dateEnd']}
        required
      />
      <TextField
        id="dates-numberDays"
        label={DATES_LABELS.numberDays}
        value={days === null ? '' : String(days)}
        helperText={DATES_LABELS.numberDaysHint}
        slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
      />
    </FormSection>
  );
}
