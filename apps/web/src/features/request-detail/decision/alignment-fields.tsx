import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  ALIGNMENT_POINT_TYPES,
  competenceClearsPoints,
  NUMERIC_BOUNDS,
  VALUE_LABELS,
  valueLabel,
} from '@voirie/domain';
import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import { EMPTY_POINT, EMPTY_STREET, type DecisionFormValues } from './decision-form';
import {
  DecisionCheckbox,
  DecisionNumber,
  DecisionSelect,
  DecisionText,
  decisionField,
} from './decision-inputs';
import { DECISION_LABELS } from './decision-labels';
import { asOptions } from '../../../shared/choice-inputs';

type FormControlOf = Control<DecisionFormValues>;

const fieldsetSx = {
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  p: 2,
  m: 0,
  display: 'grid',
  gap: 1.5,
};

/**
 * One street (rue): name, competence, and its points unless RD or Privée (docs/validation.md
 * "Decision dialog").
 */
function StreetFields({
  control,
  index,
  onRemove,
}: {
  control: FormControlOf;
  index: number;
  onRemove: () => void;
}) {
  const points = useFieldArray({ control, name: `rues.${index}.points` });
  const competence = useWatch({ control, name: `rues.${index}.competence` });
  const withoutPoints = competenceClearsPoints(competence);
  return (
    <Box component="fieldset" sx={fieldsetSx}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        {DECISION_LABELS.street(index)}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <DecisionText
          control={control}
          name={`rues.${index}.name`}
          id={`decision-rue-${String(index)}-name`}
          label={DECISION_LABELS.streetName(index)}
        />
        <DecisionSelect
          control={control}
          name={`rues.${index}.competence`}
          id={`decision-rue-${String(index)}-competence`}
          label={DECISION_LABELS.competence(index)}
          options={VALUE_LABELS.competence.options}
          onValueChange={(value) => {
            if (competenceClearsPoints(value)) points.replace([]);
          }}
        />
      </Box>
      {withoutPoints ? (
        <Typography variant="body2">
          {DECISION_LABELS.pointsCleared(valueLabel('competence', competence))}
        </Typography>
      ) : (
        <Box component="fieldset" sx={{ ...fieldsetSx, border: 0, p: 0 }}>
          <Typography component="legend" variant="body2" sx={{ mb: 1 }}>
            {DECISION_LABELS.points(index)}
          </Typography>
          {points.fields.length === 0 && <Typography variant="body2">{DECISION_LABELS.noPoint}</Typography>}
          {points.fields.map((point, pointIndex) => (
            <Box
              key={point.id}
              sx={{
                display: 'grid',
                gap: 1,
                gridTemplateColumns: { sm: '1fr 1fr 1fr auto' },
                alignItems: 'start',
              }}
            >
              <DecisionText
                control={control}
                name={`rues.${index}.points.${pointIndex}.name`}
                id={`decision-rue-${String(index)}-point-${String(pointIndex)}-name`}
                label={DECISION_LABELS.pointName(index, pointIndex)}
              />
              <DecisionSelect
                control={control}
                name={`rues.${index}.points.${pointIndex}.type`}
                id={`decision-rue-${String(index)}-point-${String(pointIndex)}-type`}
                label={DECISION_LABELS.pointType(index, pointIndex)}
                options={asOptions(ALIGNMENT_POINT_TYPES)}
              />
              <DecisionNumber
                control={control}
                name={`rues.${index}.points.${pointIndex}.distance`}
                id={`decision-rue-${String(index)}-point-${String(pointIndex)}-distance`}
                label={DECISION_LABELS.pointDistance(index, pointIndex)}
                bounds={NUMERIC_BOUNDS.alignmentPointDistance}
              />
              <Button onClick={() => points.remove(pointIndex)}>
                {DECISION_LABELS.removePoint(index, pointIndex)}
              </Button>
            </Box>
          ))}
          <div>
            <Button variant="outlined" size="small" onClick={() => points.append({ ...EMPTY_POINT })}>
              {DECISION_LABELS.addPoint(index)}
            </Button>
          </div>
        </Box>
      )}
      <div>
        <Button color="error" size="small" onClick={onRemove}>
          {DECISION_LABELS.removeStreet(index)}
        </Button>
      </div>
    </Box>
  );
}

/** The alignment decision (kind 2): out of competence, order number, streets and their points. */
export function AlignmentFields({ control }: { control: FormControlOf }) {
  const streets = useFieldArray({ control, name: 'rues' });
  return (
    <>
      <DecisionCheckbox {...decisionField(control, 'decisionHorsCompetence')} />
      <DecisionText {...decisionField(control, 'alignmentOrderNumber')} />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
          {DECISION_LABELS.streets}
        </Typography>
        {streets.fields.length === 0 && <Typography variant="body2">{DECISION_LABELS.noStreet}</Typography>}
        {streets.fields.map((street, index) => (
          <StreetFields
            key={street.id}
            control={control}
            index={index}
            onRemove={() => streets.remove(index)}
          />
        ))}
        <div>
          <Button variant="outlined" onClick={() => streets.append({ ...EMPTY_STREET, points: [] })}>
            {DECISION_LABELS.addStreet}
          </Button>
        </div>
      </Box>
    </>
  );
}
