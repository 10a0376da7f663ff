import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, useState } from 'react';
import { FormDialog } from '../../../ui/form-dialog';
import { useActionDialog, type ActionDialogProps } from '../actions/use-action-dialog';
import { chooseAppointment, declineAppointments } from './applicant-api';
import { appointmentProposals, type AppointmentChoice } from './appointments';
import { APPOINTMENT_TEXTS } from './works-texts';

/** What the applicant answers: one of the proposals, or 'Aucune disponibilité'. */
type Answer = AppointmentChoice | 'none';

/**
 * The applicant's answer to the proposed appointments (docs/workflow.md "Transitions"): one of rdv1 to rdv3
 * ('Rendez-vous accepté.') or 'Aucune disponibilité' ('Refus de rendez-vous effectué.'), each
 * offered when the server lists its action.
 */
export function AppointmentChoiceDialog(props: ActionDialogProps) {
  const { request } = props.target;
  const legendId = useId();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const proposals = request.actions.includes('chooseAppointment')
    ? appointmentProposals(request.reception)
    : [];
  const mayDecline = request.actions.includes('declineAppointments');
  const { mutation, dialog } = useActionDialog(
    props,
    (chosen: Answer) =>
      chosen === 'none' ? declineAppointments(request.id) : chooseAppointment(request.id, chosen),
    {
      clear: () => setAnswer(null),
      fallbackNotice: answer === 'none' ? APPOINTMENT_TEXTS.declined : APPOINTMENT_TEXTS.accepted,
    },
  );
  const submit = () => {
    if (answer !== null) mutation.mutate(answer);
  };
  return (
    <FormDialog
      {...dialog}
      title={APPOINTMENT_TEXTS.title}
      onSubmit={submit}
      submitLabel={APPOINTMENT_TEXTS.submit}
      submitDisabled={answer === null}
    >
      <FormControl component="fieldset" required>
        <FormLabel component="legend" id={legendId}>
          {APPOINTMENT_TEXTS.proposals}
        </FormLabel>
        <RadioGroup
          aria-labelledby={legendId}
          value={answer === null ? '' : String(answer)}
          onChange={(_event, value) =>
            setAnswer(value === 'none' ? 'none' : (Number(value) as AppointmentChoice))
          }
        >
          {proposals.map((proposal) => (
            <FormControlLabel
              key={proposal.choice}
              value={String(proposal.choice)}
              control={<Radio />}
              label={proposal.label}
            />
          ))}
          {mayDecline && <FormControlLabel value="none" control={<Radio />} label={APPOINTMENT_TEXTS.none} />}
        </RadioGroup>
      </FormControl>
    </FormDialog>
  );
}
