import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { DECISION_CHOICES } from '@voirie/domain';
import { useFieldArray, type Control } from 'react-hook-form';
import { EMPTY_RECIPIENT, type DecisionFormValues } from './decision-form';
import { DecisionCheckbox, DecisionRadios, DecisionText, decisionField } from './decision-inputs';
import { DECISION_LABELS } from './decision-labels';

const CHOICE_OPTIONS = DECISION_CHOICES.map((choice) => ({
  value: String(choice.value),
  label: choice.label,
}));

/**
 * Whose decision the fields hold: the request's own (`isFavorable`, `commentDecision`…), or the
 * alignment's asked with a permission (`alignement.…`, its own tab).
 */
type DecisionOf = 'request' | 'alignment';

export function DecisionChoice({
  control,
  of = 'request',
}: {
  control: Control<DecisionFormValues>;
  of?: DecisionOf;
}) {
  return (
    <DecisionRadios
      control={control}
      name={of === 'alignment' ? 'alignement.isFavorable' : 'isFavorable'}
      id={of === 'alignment' ? 'decision-alignement-isFavorable' : 'decision-isFavorable'}
      label={of === 'alignment' ? DECISION_LABELS.alignmentChoice : DECISION_LABELS.choice}
      options={CHOICE_OPTIONS}
      required
    />
  );
}

/** Comment and parapheur of every decision. */
export function DecisionTexts({
  control,
  of = 'request',
}: {
  control: Control<DecisionFormValues>;
  of?: DecisionOf;
}) {
  const alignment = of === 'alignment';
  return (
    <>
      <DecisionText
        control={control}
        name={alignment ? 'alignement.commentDecision' : 'commentDecision'}
        id={alignment ? 'decision-alignement-commentDecision' : 'decision-commentDecision'}
        label={alignment ? DECISION_LABELS.alignmentCommentDecision : DECISION_LABELS.commentDecision}
        multiline
      />
      <DecisionText
        control={control}
        name={alignment ? 'alignement.parapheurDecision' : 'parapheurDecision'}
        id={alignment ? 'decision-alignement-parapheurDecision' : 'decision-parapheurDecision'}
        label={alignment ? DECISION_LABELS.alignmentParapheurDecision : DECISION_LABELS.parapheurDecision}
      />
    </>
  );
}

/** The order recipients (mailArreteSignes): each e-mail required and valid. */
export function OrderRecipients({ control }: { control: Control<DecisionFormValues> }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'mailArreteSignes' });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {DECISION_LABELS.recipients}
      </Typography>
      {fields.length === 0 && <Typography variant="body2">{DECISION_LABELS.noRecipient}</Typography>}
      {fields.map((field, index) => (
        <Box
          key={field.id}
          sx={{ display: 'grid', gap: 1, gridTemplateColumns: { sm: '1fr 1fr auto' }, alignItems: 'start' }}
        >
          <DecisionText
            control={control}
            name={`mailArreteSignes.${index}.mail`}
            id={`decision-recipient-${String(index)}-mail`}
            label={DECISION_LABELS.recipientMail(index)}
            type="email"
          />
          <DecisionText
            control={control}
            name={`mailArreteSignes.${index}.name`}
            id={`decision-recipient-${String(index)}-name`}
            label={DECISION_LABELS.recipientName(index)}
          />
          <IconButton aria-label={DECISION_LABELS.removeRecipient(index)} onClick={() => remove(index)}>
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <div>
        <Button variant="outlined" onClick={() => append({ ...EMPTY_RECIPIENT })}>
          {DECISION_LABELS.addRecipient}
        </Button>
      </div>
    </Box>
  );
}

export type AnnexIndex = 1 | 2;

interface AnnexesProps {
  control: Control<DecisionFormValues>;
  files: Record<AnnexIndex, File | null>;
  onChoose: (index: AnnexIndex, file: File | null) => void;
}

/** Annexes 1 and 2 (PDF only, uploaded as type 97 on save) and 'join them to the order'. */
export function DecisionAnnexes({ control, files, onChoose }: AnnexesProps) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {DECISION_LABELS.annexes}
      </Typography>
      {([1, 2] as const).map((index) => {
        const id = `decision-annexe-${String(index)}`;
        const file = files[index];
        return (
          <Box key={index} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <FormLabel htmlFor={id} sx={{ minWidth: '6rem' }}>
              {DECISION_LABELS.annex(index)}
            </FormLabel>
            <input
              id={id}
              type="file"
              accept="application/pdf,.pdf"
              aria-describedby={`${id}-hint`}
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                if (chosen) onChoose(index, chosen);
                // The input keeps nothing: the chosen file is shown below, a refused one is dropped.
                event.target.value = '';
              }}
            />
            <Typography id={`${id}-hint`} variant="body2">
              {file ? DECISION_LABELS.annexChosen(file.name) : DECISION_LABELS.annexHint}
            </Typography>
            {file && (
              <Button size="small" onClick={() => onChoose(index, null)}>
                {DECISION_LABELS.removeAnnex(index)}
              </Button>
            )}
          </Box>
        );
      })}
      <DecisionCheckbox {...decisionField(control, 'doAnnexe')} />
    </Box>
  );
}
