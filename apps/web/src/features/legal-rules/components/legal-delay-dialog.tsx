import { zodResolver } from '@hookform/resolvers/zod';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import { LegalDelaySchema, type LegalDelay, type LegalRuleView } from '@voirie/domain';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { textFieldProps } from '../../../ui';
import { callState, FormDialog } from '../../../ui/form-dialog';
import { LEGAL_RULES_KEY, updateLegalDelay } from '../api/legal-rules-api';
import { LEGAL_RULES_TEXTS as T } from '../model/legal-rules-texts';
import { useSavedChange } from '../../../shared/use-saved-change';

type FormInput = z.input<typeof LegalDelaySchema>;

/**
 * The delay of a rule (administrators): months, days and « Prolonger au jour ouvré suivant »,
 * checked by the domain's LegalDelaySchema before `PUT legal-rules/{id}`; the server's refusal
 * shows in the dialog. The new delay applies to the clocks started afterwards.
 */
export function LegalDelayDialog(props: { rule: LegalRuleView; onClose: () => void }) {
  const { rule } = props;
  const hintId = useId();
  const { control, register, handleSubmit, formState } = useForm<FormInput, unknown, LegalDelay>({
    resolver: zodResolver(LegalDelaySchema),
    defaultValues: { months: rule.months, days: rule.days, extendToWorkingDay: rule.extendToWorkingDay },
  });
  const mutation = useSavedChange({
    send: (delay: LegalDelay) => updateLegalDelay(rule.id, delay),
    refresh: LEGAL_RULES_KEY,
    saved: T.saved,
    onDone: props.onClose,
  });
  const submit = handleSubmit((delay) => mutation.mutate(delay));
  const { errors } = formState;
  return (
    <FormDialog
      open
      title={T.dialogTitle(rule.label)}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      submitLabel={T.save}
      {...callState(mutation)}
    >
      <FormHelperText sx={{ mt: 0 }}>{T.newDelaysOnly}</FormHelperText>
      {(['months', 'days'] as const).map((name) => (
        <TextField
          key={name}
          id={`legal-delay-${name}`}
          label={T[name]}
          type="number"
          required
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
          {...textFieldProps(register(name, { valueAsNumber: true }), errors[name])}
        />
      ))}
      <Controller
        control={control}
        name="extendToWorkingDay"
        render={({ field }) => (
          <div>
            <FormControlLabel
              label={T.extendToWorkingDay}
              control={
                <Checkbox
                  id="legal-delay-working-day"
                  checked={field.value}
                  onChange={(_event, checked) => field.onChange(checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref, 'aria-describedby': hintId } }}
                />
              }
            />
            <FormHelperText id={hintId} sx={{ mt: 0 }}>
              {T.extendHint}
            </FormHelperText>
          </div>
        )}
      />
    </FormDialog>
  );
}
