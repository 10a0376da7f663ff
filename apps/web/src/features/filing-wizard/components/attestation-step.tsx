import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import { formatDateFr } from '@voirie/domain';
import type { Dispatch } from 'react';
import { changeDraft } from '../model/draft-reducer';
import type { AttestationTextField } from '../model/step-drafts';
import type { WizardAction } from '../model/wizard-reducer';
import type { WizardState } from '../model/wizard-state';
import { draftBinding } from './draft-binding';
import { TextDraft } from './draft-inputs';
import { FormSection } from './form-section';

export const ATTESTATION_LABELS = {
  legend: 'Attestation',
  accuracyInformation: "J'atteste de l'exactitude des informations fournies",
  madeIn: 'Fait à',
  madeDate: 'Le',
  madeLastName: 'Nom',
  madeFirstName: 'Prénom',
  madeFonction: 'Qualité',
} as const;

/** Today as 'YYYY-MM-DD', in the user's time zone. */
export function todayIso(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Step 6 (docs/validation.md "Step 6"): the accuracy box, place, name, first name and
 * quality; made on today.
 */
export function AttestationStep({
  state,
  dispatch,
}: {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
}) {
  const attestation = state.drafts.attestation;
  const accuracyError = state.errors['attestation.accuracyInformation'];
  const field = draftBinding(state, dispatch, 'attestation');
  const text = (name: AttestationTextField) => (
    <TextDraft {...field(name)} label={ATTESTATION_LABELS[name]} required />
  );
  return (
    <FormSection legend={ATTESTATION_LABELS.legend}>
      <FormControl error={Boolean(accuracyError)} required sx={{ gridColumn: '1 / -1' }}>
        <FormControlLabel
          label={ATTESTATION_LABELS.accuracyInformation}
          control={
            <Checkbox
              checked={attestation.accuracyInformation}
              onChange={(event) =>
                dispatch(changeDraft('attestation', 'accuracyInformation', event.target.checked))
              }
              slotProps={{
                input: {
                  required: true,
                  'aria-invalid': Boolean(accuracyError),
                  'aria-describedby': accuracyError ? 'attestation-accuracy-error' : undefined,
                },
              }}
            />
          }
        />
        {accuracyError && <FormHelperText id="attestation-accuracy-error">{accuracyError}</FormHelperText>}
      </FormControl>
      {text('madeIn')}
      <TextField
        id="attestation-madeDate"
        label={ATTESTATION_LABELS.madeDate}
        value={formatDateFr(todayIso())}
        disabled
        slotProps={{ inputLabel: { shrink: true } }}
      />
      {text('madeLastName')}
      {text('madeFirstName')}
      {text('madeFonction')}
    </FormSection>
  );
}
