import { parisDateTime } from '@voirie/domain';
import type { ChooseAppointmentInput, Reception, RequestDetail } from '@voirie/domain';

// The appointment proposals the applicant answers (docs/screens.md "Request detail",
// docs/workflow.md "Transitions"): rdv1 to rdv3.

export type AppointmentChoice = ChooseAppointmentInput['choice'];

export interface AppointmentProposal {
  choice: AppointmentChoice;
  /** 'DD/MM/YYYY HH:mm', Paris time. */
  label: string;
}

const CHOICES: readonly AppointmentChoice[] = [1, 2, 3];

/** The proposals set on the reception, each with the number it is chosen by. */
export function appointmentProposals(
  reception: Pick<Reception, 'rdv1' | 'rdv2' | 'rdv3'> | null | undefined,
): AppointmentProposal[] {
  if (!reception) return [];
  const values = [reception.rdv1, reception.rdv2, reception.rdv3];
  return CHOICES.flatMap((choice) => {
    const label = parisDateTime(values[choice - 1]);
    return label ? [{ choice, label }] : [];
  });
}

/**
 * True when the page opens the appointment choice by itself (docs/screens.md "Request detail"): the
 * viewer may choose now (the server lists `chooseAppointment`, in state 6) and a proposal exists.
 */
export function opensAppointmentChoiceOnLoad(
  request: Pick<RequestDetail, 'actions' | 'reception'> | null | undefined,
): boolean {
  if (!request?.actions.includes('chooseAppointment')) return false;
  return appointmentProposals(request.reception).length > 0;
}
