import TextField from '@mui/material/TextField';
import { numberOfDays } from '@voirie/domain';
import type { Dispatch } from 'react';
import type { WizardAction } from '../model/wizard-reducer';
import type { WizardState } from '../model/wizard-state';
import { DateDraft } from '../../../ui/date-draft';
import { draftBinding } from './draft-binding';
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
  const field = draftBinding(state, dispatch, 'dates');
  return (
    <FormSection legend={DATES_LABELS.legend}>
      <DateDraft {...field('dateStart')} label={DATES_LABELS.dateStart} required />
      <DateDraft {...field('dateEnd')} label={DATES_LABELS.dateEnd} required />
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
