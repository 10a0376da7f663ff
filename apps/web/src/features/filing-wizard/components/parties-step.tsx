import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useQuery } from '@tanstack/react-query';
import type { Dispatch } from 'react';
import { connectedUserQueryOptions } from '../../auth';
import type { WizardAction } from '../model/wizard-reducer';
import type { WizardState } from '../model/wizard-state';
import { PartyFields } from './party-fields';

export const PARTIES_TEXTS = {
  iAmApplicant: 'Je suis le demandeur',
  beneficiaryDiffers: 'Le Bénéficiaire est différent du demandeur',
} as const;

/**
 * Step 3 'Le demandeur' (docs/screens.md "Filing wizard"): the applicant, and the beneficiary when
 * different.
 */
export function PartiesStep({ state, dispatch }: { state: WizardState; dispatch: Dispatch<WizardAction> }) {
  // The signed-in user, loaded by the route guard (GET userConnected).
  const { data: user } = useQuery(connectedUserQueryOptions());
  return (
    <>
      <div>
        <Button
          type="button"
          variant="outlined"
          disabled={!user}
          onClick={() => user && dispatch({ type: 'applicantFromUser', user })}
        >
          {PARTIES_TEXTS.iAmApplicant}
        </Button>
      </div>
      <PartyFields party="petitioner" state={state} dispatch={dispatch} />
      <FormControlLabel
        label={PARTIES_TEXTS.beneficiaryDiffers}
        control={
          <Checkbox
            checked={state.drafts.isbeneficiaire}
            // The choice made at filing stays on update (docs/api-filing.md).
            disabled={state.mode === 'update'}
            onChange={(event) => dispatch({ type: 'beneficiaryToggled', value: event.target.checked })}
          />
        }
      />
      {state.drafts.isbeneficiaire && <PartyFields party="beneficiary" state={state} dispatch={dispatch} />}
    </>
  );
}
