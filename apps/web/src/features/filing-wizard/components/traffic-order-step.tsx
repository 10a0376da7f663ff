import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import {
  DIRECTION_TRAFFIC_OPTIONS,
  NUMERIC_BOUNDS,
  SIGNAGE_BY_OPTIONS,
  type NumericBounds,
} from '@voirie/domain';
import type { Dispatch } from 'react';
import { offersTrafficOrderIn } from '../model/filing-payload';
import type {
  TrafficOrderBooleanField,
  TrafficOrderNumberField,
  TrafficOrderTextField,
} from '../model/step-drafts';
import type { WizardAction } from '../model/wizard-reducer';
import type { WizardState } from '../model/wizard-state';
import {
  ALTERNATING_CHOICES,
  COMBINED_LABELS,
  TRAFFIC_ORDER_LABELS as LABELS,
  type AlternatingChoice,
} from './combined-labels';
import { DateDraft } from '../../../ui/date-draft';
import { draftBinding, textDate } from './draft-binding';
import { BooleanDraft, CheckboxDraft, NumberDraft, RadioDraft, TextDraft } from './draft-inputs';
import { FormSection } from './form-section';

interface Props {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
}

const NUMBER_BOUNDS: Readonly<Record<TrafficOrderNumberField, NumericBounds>> = {
  durationRegulation: NUMERIC_BOUNDS.regulationDays,
  trackWidthMaintained: NUMERIC_BOUNDS.keptWidth,
  limitedSpeed: NUMERIC_BOUNDS.speedLimitKmh,
};

const DIRECTIONS = DIRECTION_TRAFFIC_OPTIONS.map((direction) => ({ value: direction, label: direction }));

const alternatingOf = (value: boolean | null): AlternatingChoice =>
  value === null ? 'none' : value ? 'manual' : 'lights';
const alternatingValue = (choice: AlternatingChoice): boolean | null =>
  choice === 'none' ? null : choice === 'manual';

/** The bans of the printed form: three rows, light vehicles and trucks each. */
const BANS = [
  { legend: LABELS.move, car: 'moveCar', truck: 'moveTruck' },
  { legend: LABELS.park, car: 'parkCar', truck: 'parkTruck' },
  { legend: LABELS.overtake, car: 'overtakeCar', truck: 'overtakeTruck' },
] as const satisfies readonly {
  legend: string;
  car: TrafficOrderBooleanField;
  truck: TrafficOrderBooleanField;
}[];

/**
 * Step 4 of a permission whose works take the carriageway: the box that asks for the
 * traffic-police order (cerfa 14024), and once ticked its sections — works and duration, the
 * regulation (direction, alternating traffic, encroachment and width kept, bans, speed, detour)
 * and who handles the signage —, filled from the request and editable. Asked here, not at step 2:
 * by now the works, the applicant and the dates it is filled from are known.
 */
export function TrafficOrderStep({ state, dispatch }: Props) {
  const { drafts, kind } = state;
  if (!offersTrafficOrderIn(kind, drafts)) {
    return drafts.withTrafficOrder ? (
      <Alert severity="info">{COMBINED_LABELS.trafficOrderDropped}</Alert>
    ) : null;
  }
  return (
    <>
      <FormSection legend={COMBINED_LABELS.trafficLegend} grid={false}>
        <CheckboxDraft
          id="withTrafficOrder"
          label={COMBINED_LABELS.withTrafficOrder}
          value={drafts.withTrafficOrder}
          onChange={(value) => dispatch({ type: 'trafficOrderToggled', value })}
          hint={COMBINED_LABELS.withTrafficOrderHint}
        />
      </FormSection>
      {drafts.withTrafficOrder && <TrafficOrderSections state={state} dispatch={dispatch} />}
    </>
  );
}

function TrafficOrderSections({ state, dispatch }: Props) {
  const order = state.drafts.trafficOrder;
  const field = draftBinding(state, dispatch, 'trafficOrder');
  const alternating = field('alternatingCirculationManual');
  const text = (
    name: TrafficOrderTextField,
    options: { multiline?: boolean; type?: 'email' | 'tel' } = {},
  ) => (
    <TextDraft
      {...field(name)}
      label={LABELS[name]}
      multiline={options.multiline}
      type={options.type}
      stacked
    />
  );
  const number = (name: TrafficOrderNumberField, hint?: string) => (
    <NumberDraft {...field(name)} label={LABELS[name]} bounds={NUMBER_BOUNDS[name]} hint={hint} />
  );
  const box = (name: TrafficOrderBooleanField, label: string) => (
    <CheckboxDraft {...field(name)} label={label} value={order[name] === true} />
  );
  return (
    <>
      <FormSection legend={LABELS.worksLegend}>
        <BooleanDraft {...field('previousPermission')} label={LABELS.previousPermission} />
        {order.previousPermission === true && text('previousPermissionReference')}
        {text('workDescription', { multiline: true })}
      </FormSection>
      <FormSection legend={LABELS.regulationLegend}>
        <DateDraft {...textDate(field('dateRegulation'))} label={LABELS.dateRegulation} />
        {number('durationRegulation')}
        <RadioDraft
          {...field('directionTraffic')}
          label={LABELS.directionTraffic}
          options={DIRECTIONS}
          row={false}
        />
        <RadioDraft
          id={alternating.id}
          label={LABELS.alternatingCirculationManual}
          value={alternatingOf(alternating.value)}
          onChange={(choice) => alternating.onChange(alternatingValue(choice))}
          options={ALTERNATING_CHOICES}
          row={false}
        />
        {box('encroachmentRoadway', LABELS.encroachmentRoadway)}
        {number('trackWidthMaintained')}
      </FormSection>
      <FormSection legend={LABELS.bansLegend}>
        {BANS.map((ban) => (
          <FormControl key={ban.car} component="fieldset">
            <FormLabel component="legend">{ban.legend}</FormLabel>
            <FormGroup row>
              {box(ban.car, LABELS.cars)}
              {box(ban.truck, LABELS.trucks)}
            </FormGroup>
          </FormControl>
        ))}
        {number('limitedSpeed', LABELS.limitedSpeedHint)}
        {text('detourRoute', { multiline: true })}
        {text('otherPrescriptions', { multiline: true })}
      </FormSection>
      <FormSection legend={LABELS.signageLegend}>
        <RadioDraft
          {...field('signageBy')}
          label={LABELS.signageBy}
          options={SIGNAGE_BY_OPTIONS}
          row={false}
        />
        {text('gestSignageCorporationName')}
        {text('gestSignageSiret')}
        {text('gestSignageAgent')}
        {text('gestSignageLastName')}
        {text('gestSignageFirstName')}
        {text('gestSignageAddressNum')}
        {text('gestSignageAddressName')}
        {text('gestSignageAddressPostalCode')}
        {text('gestSignageAddressCity')}
        {text('gestSignagePhone', { type: 'tel' })}
        {text('gestSignageEmail', { type: 'email' })}
      </FormSection>
    </>
  );
}
