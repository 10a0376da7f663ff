import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { WIZARD_STEPS, type WizardStep } from '@voirie/domain';

export const STEPPER_TEXTS = {
  label: 'Étapes de la demande',
  position: (index: number, count: number) => `Étape ${String(index)} sur ${String(count)}`,
} as const;

/**
 * The six steps (docs/screens.md "Filing wizard"); the current one turns to the error style after a
 * refused Suivant. On a phone the six labels do not fit: 'Étape 2 sur 6', the step's name and a bar instead.
 */
export function WizardStepper({ step, hasErrors }: { step: WizardStep; hasErrors: boolean }) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const activeIndex = WIZARD_STEPS.findIndex((entry) => entry.step === step);
  if (narrow) {
    const position = STEPPER_TEXTS.position(activeIndex + 1, WIZARD_STEPS.length);
    return (
      <Box component="nav" aria-label={STEPPER_TEXTS.label} sx={{ display: 'grid', gap: 0.5 }}>
        <Typography
          aria-current="step"
          sx={{ fontWeight: 600, color: hasErrors ? 'error.main' : 'text.primary' }}
        >
          {position} : {WIZARD_STEPS[activeIndex]?.label}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={((activeIndex + 1) / WIZARD_STEPS.length) * 100}
          color={hasErrors ? 'error' : 'primary'}
          aria-label={position}
        />
      </Box>
    );
  }
  return (
    <Stepper
      activeStep={activeIndex}
      alternativeLabel
      aria-label={STEPPER_TEXTS.label}
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
