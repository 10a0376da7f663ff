import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { ProposeAppointmentsInputSchema, UI_LIMITS, type Reception } from '@voirie/domain';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { DatePickersProvider } from '../../../ui/date-pickers-provider';
import { FormDialog } from '../../../ui/form-dialog';
import { useActionDialog, type ActionDialogProps } from '../actions/use-action-dialog';
import { proposeAppointments } from './instructor-api';

export const PROPOSAL_TEXTS = {
  title: 'Proposer des rendez-vous',
  intro: `Proposez jusqu'à ${String(UI_LIMITS.maxAppointments)} rendez-vous au demandeur, dans le futur.`,
  slot: (index: number) => `Rendez-vous ${String(index + 1)}`,
  notice: 'Proposition de rendez-vous effectuée.',
} as const;

const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

type Slots = (string | null)[];

/** The proposals already made and still to come (to change them), else empty slots. */
function initialSlots(reception: Reception | null | undefined, now = Date.now()): Slots {
  const proposals = [reception?.rdv1, reception?.rdv2, reception?.rdv3].map((value) =>
    value && Date.parse(value) > now ? value : null,
  );
  return proposals.slice(0, UI_LIMITS.maxAppointments);
}

/**
 * The domain's check of the filled slots against the clock now: the error of each slot by its
 * index, and the error of the whole (none filled).
 */
function checkSlots(slots: Slots): {
  appointments: string[];
  slotErrors: (string | null)[];
  formError: string | null;
} {
  const filled = slots.flatMap((value, index) => (value ? [{ value, index }] : []));
  const parsed = ProposeAppointmentsInputSchema.safeParse({
    appointments: filled.map((slot) => slot.value),
    now: new Date().toISOString(),
  });
  const slotErrors: (string | null)[] = slots.map(() => null);
  if (parsed.success) return { appointments: parsed.data.appointments, slotErrors, formError: null };
  let formError: string | null = null;
  for (const issue of parsed.error.issues) {
    const position = issue.path[1];
    const slot = typeof position === 'number' ? filled[position] : undefined;
    if (slot) slotErrors[slot.index] ??= issue.message;
    else formError ??= issue.message;
  }
  return { appointments: [], slotErrors, formError };
}

/**
 * 'Proposer des rendez-vous' (docs/workflow.md "Transitions", docs/constants.md "Limits and
 * timings"): one to three dates and times, each in the future, sent as ISO date-times to POST
 * request/{id}/appointments.
 */
export function AppointmentsProposalDialog(props: ActionDialogProps) {
  const { request } = props.target;
  const ids = [useId(), useId(), useId()];
  const [slots, setSlots] = useState<Slots>(() => initialSlots(request.reception));
  const [errors, setErrors] = useState<{ slots: (string | null)[]; form: string | null }>({
    slots: [],
    form: null,
  });
  const { mutation, dialog } = useActionDialog(
    props,
    (appointments: string[]) => proposeAppointments(request.id, appointments),
    {
      clear: () => {
        setSlots(initialSlots(request.reception));
        setErrors({ slots: [], form: null });
      },
      fallbackNotice: PROPOSAL_TEXTS.notice,
    },
  );
  const submit = () => {
    const checked = checkSlots(slots);
    setErrors({ slots: checked.slotErrors, form: checked.formError });
    if (checked.appointments.length > 0) mutation.mutate(checked.appointments);
  };
  return (
    <FormDialog {...dialog} title={PROPOSAL_TEXTS.title} onSubmit={submit}>
      <Typography>{PROPOSAL_TEXTS.intro}</Typography>
      {errors.form && <Alert severity="error">{errors.form}</Alert>}
      <DatePickersProvider>
        {slots.map((value, index) => (
          <DateTimePicker
            key={ids[index]}
            label={PROPOSAL_TEXTS.slot(index)}
            format={DATE_TIME_FORMAT}
            ampm={false}
            disablePast
            value={value ? dayjs(value) : null}
            onChange={(next) => {
              // An incomplete typing is not a date yet: the slot keeps the last whole one, or none.
              if (next !== null && !next.isValid()) return;
              setSlots((current) =>
                current.map((slot, other) => (other === index ? (next?.toISOString() ?? null) : slot)),
              );
            }}
            slotProps={{
              textField: {
                id: ids[index],
                error: Boolean(errors.slots[index]),
                helperText: errors.slots[index] ?? undefined,
              },
            }}
          />
        ))}
      </DatePickersProvider>
    </FormDialog>
  );
}
