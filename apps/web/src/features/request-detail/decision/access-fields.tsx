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
  DecisionCheckbox,
  DecisionCheckboxList,
  DecisionNumber,
  DecisionSelect,
  DecisionText,
  decisionField,
} from './decision-inputs';
import { DECISION_LABELS } from './decision-labels';
import { asOptions } from '../../../shared/choice-inputs';

const gridSx = { display: 'grid', gap: 1.5, gridTemplateColumns: { sm: '1fr 1fr' } };

/** The access/fencing decision (kind 3); a Défavorable one adds the refusal reasons and comment. */
export function AccessFields({ control }: { control: Control<DecisionFormValues> }) {
  const [choice, ditch] = useWatch({ control, name: ['isFavorable', 'decisionAccessFosse'] });
  return (
    <>
      <Box sx={gridSx}>
        <DecisionSelect
          {...decisionField(control, 'decisionAccessEdl')}
          options={asOptions(ACCESS_EDL_OPTIONS)}
        />
        <DecisionSelect
          {...decisionField(control, 'decisionAccessPortailOpen')}
          options={asOptions(ACCESS_GATE_OPTIONS)}
        />
        <DecisionSelect
          {...decisionField(control, 'decisionAccessRemiseEtatDp')}
          options={asOptions(ACCESS_RESTORATION_OPTIONS)}
        />
        <DecisionText {...decisionField(control, 'decisionAccessEauxPluviales')} />
      </Box>
      <DecisionCheckbox {...decisionField(control, 'decisionAccessRetournement')} />
      <Box sx={{ ...gridSx, alignItems: 'center' }}>
        <DecisionCheckbox {...decisionField(control, 'decisionAccessFosse')} />
        {ditch && (
          <DecisionNumber
            {...decisionField(control, 'decisionAccessFosseDiametre')}
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
          <DecisionText {...decisionField(control, 'decisionAccessMotifsRefusOther')} multiline />
        </>
      )}
    </>
  );
}
