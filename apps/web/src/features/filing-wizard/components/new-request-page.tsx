import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { getRouteApi } from '@tanstack/react-router';
import { WIZARD_BUTTONS, WIZARD_STEPS } from '@voirie/domain';
import { useEffect, useReducer } from 'react';
import { COMING_SOON_TEXT, showToast, usePageTitle } from '../../../ui';
import { isChoixForm } from '../model/choix-form';
import { kindOfChoixForm, WIZARD_HEADINGS } from '../model/wizard-headings';
import { wizardReducer } from '../model/wizard-reducer';
import {
  errorsMessage,
  selectCanGoNext,
  selectHasErrors,
  selectHasPrevious,
  validateLocation,
} from '../model/wizard-selectors';
import { initialWizardState } from '../model/wizard-state';
import { useLocationServices } from '../hooks/use-location-services';
import { LocationStep } from './location-step';
import { WizardStepper } from './wizard-stepper';

const newRequestRoute = getRouteApi('/app/ajoutdossier/$choixForm');

/** The filing wizard of a new request (spec 1 §2.7); step 1 is built, the others come later. */
export function NewRequestPage() {
  const { choixForm } = newRequestRoute.useParams();
  // The route lets only 1, 2 and 3 through.
  const form = isChoixForm(choixForm) ? choixForm : '1';
  return <FilingWizard key={form} heading={WIZARD_HEADINGS[form]} kind={kindOfChoixForm(form)} />;
}

function FilingWizard({ heading, kind }: { heading: string; kind: 1 | 2 | 3 }) {
  usePageTitle(heading);
  const [state, dispatch] = useReducer(wizardReducer, kind, initialWizardState);
  useLocationServices(state.request, dispatch);
  const stepInfo = WIZARD_STEPS.find((entry) => entry.step === state.step);

  // After each move the page goes back to the top (spec 1 §2.7).
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [state.step]);

  const goNext = () => {
    const message = state.step === 1 ? errorsMessage(validateLocation(state.location)) : null;
    if (message) showToast(message, 'error');
    dispatch({ type: 'next' });
  };

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby="wizard-heading"
      // Enter in a field of the form does not submit it (spec 1 §2.7).
      onSubmit={(event) => event.preventDefault()}
      sx={{ display: 'grid', gap: 3 }}
    >
      <Typography variant="h4" component="h1" id="wizard-heading">
        {heading}
      </Typography>
      <WizardStepper step={state.step} hasErrors={selectHasErrors(state)} />
      <Typography variant="h5" component="h2">
        {stepInfo?.title}
      </Typography>
      {state.step === 1 ? (
        <LocationStep state={state} dispatch={dispatch} />
      ) : (
        <Typography>{COMING_SOON_TEXT}</Typography>
      )}
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end' }}>
        {selectHasPrevious(state) && (
          <Button type="button" variant="outlined" onClick={() => dispatch({ type: 'previous' })}>
            {WIZARD_BUTTONS.previous}
          </Button>
        )}
        <Button type="button" variant="contained" disabled={!selectCanGoNext(state)} onClick={goNext}>
          {WIZARD_BUTTONS.next}
        </Button>
      </Box>
    </Box>
  );
}
