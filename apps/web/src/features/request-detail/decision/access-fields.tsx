import Box from '@mui/material/Box';
import {
  ACCESS_EDL_OPTIONS,
  ACCESS_GATE_OPTIONS,
  ACCESS_REFUSAL_REASONS,
  ACCESS_RESTORATION_OPTIONS,
  NUMERIC_BOUNDS,
} from '@voirie/domain';
import { useWatch, type Control } from 'react-hook-form';
import type { DecisionFormValues } from './decision-form';
import {
  asOptions,
  DecisionCheckbox,
  DecisionCheckboxList,
  DecisionNumber,
  DecisionSelect,
  DecisionText,
} from './decision-inputs';
import { DECISION_LABELS } from './decision-labels';

const gridSx = { display: 'grid', gap: 1.5, gridTemplateColumns: { sm: '1fr 1fr' } };

/** The access/fencing decision (kind 3); a Défavorable one adds the refusal reasons and comment. */
export function AccessFields({ control }: { control: Control<DecisionFormValues> }) {
  const [choice, ditch] = useWatch({ control, name: ['isFavorable', 'decisionAccessFosse'] });
  return (
    <>
      <Box sx={gridSx}>
        <DecisionSelect
          control={control}
          name="decisionAccessEdl"
          id="decision-decisionAccessEdl"
          label={DECISION_LABELS.decisionAccessEdl}
          options={asOptions(ACCESS_EDL_OPTIONS)}
        />
        <DecisionSelect
          control={control}
          name="decisionAccessPortailOpen"
          id="decision-decisionAccessPortailOpen"
          label={DECISION_LABELS.decisionAccessPortailOpen}
          options={asOptions(ACCESS_GATE_OPTIONS)}
        />
        <DecisionSelect
          control={control}
          name="decisionAccessRemiseEtatDp"
          id="decision-decisionAccessRemiseEtatDp"
          label={DECISION_LABELS.decisionAccessRemiseEtatDp}
          options={asOptions(ACCESS_RESTORATION_OPTIONS)}
        />
        <DecisionText
          control={control}
          name="decisionAccessEauxPluviales"
          id="decision-decisionAccessEauxPluviales"
          label={DECISION_LABELS.decisionAccessEauxPluviales}
        />
      </Box>
      <DecisionCheckbox
        control={control}
        name="decisionAccessRetournement"
        id="decision-decisionAccessRetournement"
        label={DECISION_LABELS.decisionAccessRetournement}
      />
      <Box sx={{ ...gridSx, alignItems: 'center' }}>
        <DecisionCheckbox
          control={control}
          name="decisionAccessFosse"
          id="decision-decisionAccessFosse"
          label={DECISION_LABELS.decisionAccessFosse}
        />
        {ditch && (
          <DecisionNumber
            control={control}
            name="decisionAccessFosseDiametre"
            id="decision-decisionAccessFosseDiametre"
            label={DECISION_LABELS.decisionAccessFosseDiametre}
            bounds={NUMERIC_BOUNDS.ditchDiameter}
          />
        )}
      </Box>
      {choice === 'false' && (
        <>
          <DecisionCheckboxList
            control={control}
            name="decisionAccessMotifsRefus"
            id="decision-decisionAccessMotifsRefus"
            label={DECISION_LABELS.refusalLegend}
            options={asOptions(ACCESS_REFUSAL_REASONS)}
          />
          <DecisionText
            control={control}
            name="decisionAccessMotifsRefusOther"
            id="decision-decisionAccessMotifsRefusOther"
            label={DECISION_LABELS.decisionAccessMotifsRefusOther}
            multiline
          />
        </>
      )}
    </>
  );
}
