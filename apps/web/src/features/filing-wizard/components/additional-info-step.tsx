import Typography from '@mui/material/Typography';
import { isAlignmentKind } from '@voirie/domain';
import type { Dispatch } from 'react';
import type { WizardAction } from '../model/wizard-reducer';
import type { WizardState } from '../model/wizard-state';
import { AlignmentStep } from './alignment-step';
import { COMBINED_LABELS } from './combined-labels';
import { DatesStep } from './dates-step';
import { TrafficOrderStep } from './traffic-order-step';

/**
 * Step 4 'Informations complémentaires': the works' dates. Kind 2 skips step 2 (docs/screens.md
 * "Filing wizard"): the reason of its alignment request comes here; so does the alignment a
 * permission asks too, and the traffic-police order of works on the carriageway.
 */
export function AdditionalInfoStep({
  state,
  dispatch,
}: {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
}) {
  if (isAlignmentKind(state.kind))
    return (
      <>
        <DatesStep state={state} dispatch={dispatch} />
        <AlignmentStep state={state} dispatch={dispatch} />
      </>
    );
  return (
    <>
      <DatesStep state={state} dispatch={dispatch} />
      {state.drafts.withAlignment && (
        <>
          <Typography variant="h6" component="h3">
            {COMBINED_LABELS.alignmentHeading}
          </Typography>
          <AlignmentStep state={state} dispatch={dispatch} />
        </>
      )}
      <TrafficOrderStep state={state} dispatch={dispatch} />
    </>
  );
}
