import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import {
  debitPerHectare,
  FACILITIES_OPTIONS,
  NUMERIC_BOUNDS,
  RESTORATION_OPTIONS,
  ROADWAY_CODES,
  SHOULDER_CODES,
  SIDEWALK_CODES,
  SINKING_OPTIONS,
  VALUE_LABELS,
} from '@voirie/domain';
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import {
  isSinkingMandatory,
  nullableNumber,
  RECOMMENDED_TRENCHES,
  type DecisionFormValues,
} from './decision-form';
import {
  DecisionCheckbox,
  DecisionCheckboxList,
  DecisionNumber,
  DecisionSelect,
  DecisionText,
  decisionField,
} from './decision-inputs';
import { DECISION_LABELS } from './decision-labels';
import { asOptions } from '../../../shared/choice-inputs';

const gridSx = { display: 'grid', gap: 1.5, gridTemplateColumns: { sm: '1fr 1fr 1fr' } };

/** The flow rate per hectare, computed from the inputs (debitPerHectare, 5 decimals); '' when unknown. */
export function computedDebit(flowRate: string, surface: string): string {
  const result = debitPerHectare(nullableNumber(flowRate), nullableNumber(surface));
  return result === null ? '' : String(result);
}

interface Props {
  control: Control<DecisionFormValues>;
  setValue: UseFormSetValue<DecisionFormValues>;
}

/** The networks decision (kind 1). An obligatory sinking clears and disables the recommended trenches. */
export function NetworksFields({ control, setValue }: Props) {
  const [surface, flowRate, sinking] = useWatch({
    control,
    name: ['decisionSurfacem2', 'decisionDebitLS', 'decisionSinking'],
  });
  const mandatory = isSinkingMandatory(sinking);
  const trench = (
    name:
      | 'decisionRoadwayTrench'
      | 'decisionSidewalkTrench'
      | 'decisionShoulderVirginLandTrench'
      | (typeof RECOMMENDED_TRENCHES)[number],
    codes: readonly string[],
    recommended = false,
  ) => (
    <DecisionSelect
      {...decisionField(control, name)}
      options={asOptions(codes)}
      disabled={recommended && mandatory}
      hint={recommended && mandatory ? DECISION_LABELS.sinkingMandatoryHint : undefined}
    />
  );
  return (
    <>
      <Box sx={gridSx}>
        <DecisionText {...decisionField(control, 'decisionRejetEU')} />
        <DecisionNumber {...decisionField(control, 'decisionSurfacem2')} bounds={NUMERIC_BOUNDS.surface} />
        <DecisionNumber {...decisionField(control, 'decisionDebitLS')} bounds={NUMERIC_BOUNDS.flowRate} />
        <TextField
          id="decision-decisionResultCalc"
          label={DECISION_LABELS.decisionResultCalc}
          value={computedDebit(flowRate, surface)}
          helperText={DECISION_LABELS.decisionResultCalcHint}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
        />
      </Box>
      <DecisionCheckbox {...decisionField(control, 'decisionSondage')} />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        <Box component="legend" sx={{ mb: 1, typography: 'subtitle1' }}>
          {DECISION_LABELS.trenchesLegend}
        </Box>
        <Box sx={gridSx}>
          {trench('decisionRoadwayTrench', ROADWAY_CODES)}
          {trench('decisionSidewalkTrench', SIDEWALK_CODES)}
          {trench('decisionShoulderVirginLandTrench', SHOULDER_CODES)}
          {trench('decisionRoadwayTrenchRecommended', ROADWAY_CODES, true)}
          {trench('decisionSidewalkTrenchRecommended', SIDEWALK_CODES, true)}
          {trench('decisionShoulderVirginLandTrenchRecommended', SHOULDER_CODES, true)}
        </Box>
        <DecisionSelect
          {...decisionField(control, 'decisionSinking')}
          options={asOptions(SINKING_OPTIONS)}
          onValueChange={(value) => {
            if (!isSinkingMandatory(value)) return;
            for (const field of RECOMMENDED_TRENCHES) setValue(field, '', { shouldDirty: true });
          }}
        />
      </Box>
      <DecisionCheckbox {...decisionField(control, 'decisionHorizontalSignage')} />
      <DecisionCheckboxList
        {...decisionField(control, 'decisionFacilitiesInfo')}
        options={asOptions(FACILITIES_OPTIONS)}
      />
      <DecisionCheckboxList
        {...decisionField(control, 'decisionRefections')}
        options={asOptions(RESTORATION_OPTIONS)}
      />
      <Box sx={{ ...gridSx, alignItems: 'center' }}>
        <DecisionCheckbox {...decisionField(control, 'decisionTransportNetwork')} />
        <DecisionSelect {...decisionField(control, 'aerien')} options={VALUE_LABELS.aerien.options} />
      </Box>
    </>
  );
}
