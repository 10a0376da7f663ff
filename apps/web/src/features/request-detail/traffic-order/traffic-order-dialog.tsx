import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import {
  ALTERNATING_TRAFFIC_OPTIONS,
  DIRECTION_TRAFFIC_OPTIONS,
  NUMERIC_BOUNDS,
  SIGNAGE_BY_OPTIONS,
  type NumericBounds,
  type RequestDetail,
} from '@voirie/domain';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { failureText } from '../../../api';
import { DatePickersProvider } from '../../../ui/date-pickers-provider';
import { ControlledDate } from '../../../ui/date-draft';
import {
  DecisionCheckbox,
  DecisionNumber,
  DecisionRadios,
  DecisionSelect,
  DecisionText,
} from '../decision/decision-inputs';
import { issuesResolver } from '../decision/issues-resolver';
import { WideDialogForm, WideFormDialog } from '../decision/wide-form-dialog';
import { completeTrafficOrder } from './traffic-order-api';
import {
  ATTACHMENT_FIELDS,
  SIGNAGE_FIELDS,
  trafficOrderDefaults,
  validateTrafficOrder,
  type CheckField,
  type TextField,
  type TrafficOrderBody,
  type TrafficOrderFormValues,
} from './traffic-order-form';
import { TRAFFIC_ORDER_LABELS, TRAFFIC_ORDER_TEXTS } from './traffic-order-texts';
import { asOptions } from '../../../shared/choice-inputs';

type Values = TrafficOrderFormValues;
type FormControl = Control<Values>;

const idOf = (field: string) => `cerfa14024-${field}`;

const ALTERNATING = [
  { value: '', label: TRAFFIC_ORDER_TEXTS.noAlternating },
  ...ALTERNATING_TRAFFIC_OPTIONS.map((option) => ({ value: String(option.value), label: option.label })),
];

const fieldsetSx = { border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 } as const;

/** A group of inputs under its legend. */
function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={fieldsetSx}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {legend}
      </Typography>
      {children}
    </Box>
  );
}

function Text({
  control,
  field,
  multiline,
}: {
  control: FormControl;
  field: TextField;
  multiline?: boolean;
}) {
  return (
    <DecisionText<Values>
      control={control}
      name={field}
      id={idOf(field)}
      label={TRAFFIC_ORDER_LABELS[field]}
      multiline={multiline}
    />
  );
}

function NumberInput({
  control,
  field,
  bounds,
}: {
  control: FormControl;
  field: TextField;
  bounds: NumericBounds;
}) {
  return (
    <DecisionNumber<Values>
      control={control}
      name={field}
      id={idOf(field)}
      label={TRAFFIC_ORDER_LABELS[field]}
      bounds={bounds}
    />
  );
}

function Check({ control, field }: { control: FormControl; field: CheckField }) {
  return (
    <DecisionCheckbox<Values>
      control={control}
      name={field}
      id={idOf(field)}
      label={TRAFFIC_ORDER_LABELS[field]}
    />
  );
}

/** The two boxes of a ban (light vehicles, heavy goods vehicles), under its legend. */
function Ban(props: { control: FormControl; legend: string; car: CheckField; truck: CheckField }) {
  const { control, legend, car, truck } = props;
  return (
    <Box component="fieldset" sx={{ ...fieldsetSx, gap: 0 }}>
      <Typography component="legend" variant="body2">
        {legend}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        <Check control={control} field={car} />
        <Check control={control} field={truck} />
      </Box>
    </Box>
  );
}

function WorksSection({ control }: { control: FormControl }) {
  const previous = useWatch({ control, name: 'previousPermission' });
  return (
    <Section legend={TRAFFIC_ORDER_TEXTS.works}>
      <Check control={control} field="previousPermission" />
      {previous && <Text control={control} field="previousPermissionReference" />}
      <Text control={control} field="workDescription" multiline />
    </Section>
  );
}

function RegulationSection({ control }: { control: FormControl }) {
  const wayRemoval = useWatch({ control, name: 'wayRemoval' });
  return (
    <Section legend={TRAFFIC_ORDER_TEXTS.regulation}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <NumberInput control={control} field="durationRegulation" bounds={NUMERIC_BOUNDS.regulationDays} />
        <DatePickersProvider>
          <ControlledDate
            control={control}
            name="dateRegulation"
            id={idOf('dateRegulation')}
            label={TRAFFIC_ORDER_TEXTS.dateRegulation}
            blank=""
          />
        </DatePickersProvider>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        <Check control={control} field="restrictionCurrentSection" />
        <Check control={control} field="restrictionSuspenders" />
        <Check control={control} field="emergencyRestriction" />
        <Check control={control} field="encroachmentRoadway" />
      </Box>
      <DecisionSelect<Values>
        control={control}
        name="directionTraffic"
        id={idOf('directionTraffic')}
        label={TRAFFIC_ORDER_TEXTS.directionTraffic}
        options={asOptions(DIRECTION_TRAFFIC_OPTIONS)}
      />
      <DecisionRadios<Values>
        control={control}
        name="alternatingCirculationManual"
        id={idOf('alternatingCirculationManual')}
        label={TRAFFIC_ORDER_TEXTS.alternating}
        options={ALTERNATING}
      />
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { sm: '1fr 1fr' }, alignItems: 'center' }}>
        <NumberInput control={control} field="trackWidthMaintained" bounds={NUMERIC_BOUNDS.keptWidth} />
        <NumberInput control={control} field="limitedSpeed" bounds={NUMERIC_BOUNDS.speedLimitKmh} />
        <Check control={control} field="wayRemoval" />
        {wayRemoval && (
          <NumberInput control={control} field="numberWayRemoved" bounds={NUMERIC_BOUNDS.count} />
        )}
      </Box>
      <Ban control={control} legend={TRAFFIC_ORDER_TEXTS.moveBan} car="moveCar" truck="moveTruck" />
      <Ban control={control} legend={TRAFFIC_ORDER_TEXTS.parkBan} car="parkCar" truck="parkTruck" />
      <Ban
        control={control}
        legend={TRAFFIC_ORDER_TEXTS.overtakeBan}
        car="overtakeCar"
        truck="overtakeTruck"
      />
      <Text control={control} field="detourRoute" multiline />
      <Text control={control} field="otherPrescriptions" multiline />
    </Section>
  );
}

/** The published order's free texts, the instructor's own words. */
function PublishedSection({ control }: { control: FormControl }) {
  return (
    <Section legend={TRAFFIC_ORDER_TEXTS.published}>
      <Typography variant="body2">{TRAFFIC_ORDER_TEXTS.publishedHint}</Typography>
      <Text control={control} field="publishedDetourRoute" multiline />
      <Text control={control} field="publishedOtherPrescriptions" multiline />
    </Section>
  );
}

function SignageSection({ control }: { control: FormControl }) {
  return (
    <Section legend={TRAFFIC_ORDER_TEXTS.signage}>
      <DecisionSelect<Values>
        control={control}
        name="signageBy"
        id={idOf('signageBy')}
        label={TRAFFIC_ORDER_TEXTS.signageBy}
        options={SIGNAGE_BY_OPTIONS}
      />
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        {SIGNAGE_FIELDS.map((field) => (
          <Text key={field} control={control} field={field} />
        ))}
      </Box>
    </Section>
  );
}

interface TrafficOrderDialogProps {
  /** The request as GET request/{id} returns it; its cerfa 14024 fills the form. */
  request: RequestDetail;
  open: boolean;
  onClose: () => void;
  /** After a successful save: the request as the server returns it, and its notice. */
  onSaved: (request: RequestDetail, message: string) => void;
}

function TrafficOrderForm({ request, onClose, onSaved }: Omit<TrafficOrderDialogProps, 'open'>) {
  const [invalid, setInvalid] = useState(false);
  const { control, handleSubmit } = useForm<Values>({
    defaultValues: trafficOrderDefaults(request),
    resolver: issuesResolver(validateTrafficOrder),
  });
  const save = useMutation({
    mutationFn: (input: TrafficOrderBody) => completeTrafficOrder(request.id, input),
    onSuccess: (answer) => onSaved(answer.request, answer.message),
  });
  const onSubmit = handleSubmit(
    (values) => {
      setInvalid(false);
      const result = validateTrafficOrder(values);
      if (result.ok) save.mutate(result.input);
    },
    () => setInvalid(true),
  );
  return (
    <WideDialogForm
      onSubmit={(event) => void onSubmit(event)}
      intro={TRAFFIC_ORDER_TEXTS.intro}
      invalid={invalid ? TRAFFIC_ORDER_TEXTS.invalid : null}
      failure={save.isError ? failureText(save.error) : null}
      onCancel={onClose}
      pending={save.isPending}
    >
      <WorksSection control={control} />
      <RegulationSection control={control} />
      <SignageSection control={control} />
      <Section legend={TRAFFIC_ORDER_TEXTS.attachments}>
        {ATTACHMENT_FIELDS.map((field) => (
          <Check key={field} control={control} field={field} />
        ))}
      </Section>
      <PublishedSection control={control} />
    </WideDialogForm>
  );
}

/**
 * « Compléter le cerfa 14024 »: the instructor reviews the request's traffic-order
 * form — its eight sections' fields the order is generated from — words the published order's
 * detour and prescriptions, and saves it with PUT request/{id}/cerfa14024 (validated
 * with the domain's schema first).
 */
export function TrafficOrderDialog({ request, open, onClose, onSaved }: TrafficOrderDialogProps) {
  return (
    <WideFormDialog
      open={open}
      onClose={onClose}
      titleId="traffic-order-dialog-title"
      title={TRAFFIC_ORDER_TEXTS.title}
    >
      <TrafficOrderForm request={request} onClose={onClose} onSaved={onSaved} />
    </WideFormDialog>
  );
}
