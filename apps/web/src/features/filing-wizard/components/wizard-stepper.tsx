import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { WIZARD_STEPS, type WizardStep } from '@voirie/domain';

/** The six steps (spec 1 §2.7); the current one turns to the error style after a refused Suivant. */
export function WizardStepper({ step, hasErrors }: { step: WizardStep; hasErrors: boolean }) {
  const activeIndex = WIZARD_STEPS.findIndex((entry) => entry.step === step);
  return (
    <Stepper
      activeStep={activeIndex}
      alternativeLabel
      aria-label="Étapes de la demande"
      component="ol"
      sx={{ p: 0, listStyle: 'none' }}
    >
      {WIZARD_STEPS.map((entry, index) => (
        <Step key={entry.step} component="li" aria-current={index === activeIndex ? 'step' : undefined}>
          <StepLabel error={index === activeIndex && hasErrors}>{entry.label}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
