import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PUBLIC_DOMAIN_PARTS,
  RECEPTION_OPINIONS,
  RECEPTION_REFUSAL_REASONS,
  type ReceptionOpinion,
} from '@voirie/domain';
import { useId } from 'react';
import { DatePickersProvider } from '../../../ui/date-pickers-provider';
import { DateDraft } from '../../../ui/date-draft';
import {
  asksOtherText,
  OUTCOME_TEXTS,
  refusalSentence,
  type OutcomeErrors,
  type OutcomeValues,
} from './outcome-form';
import { PHOTO_TEXTS } from './photo-files';
import { PhotoInput } from './photo-input';

export interface OutcomeFieldsProps {
  values: OutcomeValues;
  errors: OutcomeErrors;
  onChange: (changes: Partial<OutcomeValues>) => void;
}

const toggle = <T,>(list: readonly T[], item: T, checked: boolean): T[] =>
  checked ? [...list.filter((other) => other !== item), item] : list.filter((other) => other !== item);

/**
 * The outcome's fields: the opinion, the visit date, the parts of the public domain and, for a
 * refusal, its reasons with their fixed sentences ('autre' reveals a text) and up to 5 photos.
 */
export function OutcomeFields({ values, errors, onChange }: OutcomeFieldsProps) {
  const ids = { opinion: useId(), visit: useId(), reasons: useId(), other: useId() };
  return (
    <>
      <FormControl component="fieldset" required error={Boolean(errors.avis)}>
        <FormLabel component="legend">{OUTCOME_TEXTS.opinion}</FormLabel>
        <RadioGroup
          row
          name={ids.opinion}
          value={values.avis ?? ''}
          onChange={(_event, value) => onChange({ avis: value as ReceptionOpinion })}
        >
          {RECEPTION_OPINIONS.map((opinion) => (
            <FormControlLabel
              key={opinion}
              value={opinion}
              control={<Radio />}
              label={OUTCOME_TEXTS.opinions[opinion]}
            />
          ))}
        </RadioGroup>
        {errors.avis && <FormHelperText>{errors.avis}</FormHelperText>}
      </FormControl>
      <DatePickersProvider>
        <DateDraft
          id={ids.visit}
          label={OUTCOME_TEXTS.visitDate}
          value={values.dateVisite}
          onChange={(dateVisite) => onChange({ dateVisite })}
          error={errors.dateVisite}
        />
      </DatePickersProvider>
      <FormControl component="fieldset">
        <FormLabel component="legend">{OUTCOME_TEXTS.parts}</FormLabel>
        <FormGroup row>
          {PUBLIC_DOMAIN_PARTS.map((part) => (
            <FormControlLabel
              key={part}
              label={part}
              control={
                <Checkbox
                  checked={values.partieDomainePublic.includes(part)}
                  onChange={(_event, checked) =>
                    onChange({ partieDomainePublic: toggle(values.partieDomainePublic, part, checked) })
                  }
                />
              }
            />
          ))}
        </FormGroup>
      </FormControl>
      {values.avis === 'refusé' && (
        <>
          <FormControl component="fieldset" required error={Boolean(errors.motifRefus)}>
            <FormLabel component="legend">{OUTCOME_TEXTS.reasons}</FormLabel>
            <FormGroup>
              {RECEPTION_REFUSAL_REASONS.map((reason) => {
                const sentence = refusalSentence(reason);
                return (
                  <FormControlLabel
                    key={reason}
                    control={
                      <Checkbox
                        checked={values.motifRefus.includes(reason)}
                        onChange={(_event, checked) =>
                          onChange({ motifRefus: toggle(values.motifRefus, reason, checked) })
                        }
                      />
                    }
                    label={
                      <Box component="span" sx={{ display: 'grid' }}>
                        <span>{reason}</span>
                        {sentence && (
                          <Typography component="span" variant="body2" color="text.secondary">
                            {sentence}
                          </Typography>
                        )}
                      </Box>
                    }
                  />
                );
              })}
            </FormGroup>
            {errors.motifRefus && <FormHelperText>{errors.motifRefus}</FormHelperText>}
          </FormControl>
          {asksOtherText(values) && (
            <TextField
              id={ids.other}
              label={OUTCOME_TEXTS.otherText}
              required
              multiline
              minRows={2}
              value={values.motifRefusTxt}
              onChange={(event) => onChange({ motifRefusTxt: event.target.value })}
              error={Boolean(errors.motifRefusTxt)}
              helperText={errors.motifRefusTxt}
            />
          )}
          <PhotoInput
            label={PHOTO_TEXTS.refusalPhotos}
            context="refusalPhotos"
            files={values.photos}
            onChange={(photos) => onChange({ photos })}
          />
        </>
      )}
    </>
  );
}
