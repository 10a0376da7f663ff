import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReorientationTarget } from '@voirie/domain';
import { useId, useState } from 'react';
import { reorient, reorientationTargetsQueryOptions } from '../api/instruction-api';
import { ACTION_TEXTS } from '../model/instruction-actions';
import { FormDialog } from '../../../ui/form-dialog';
import { failureText } from '../../../api';
import { useActionDialog, type ActionDialogProps } from './use-action-dialog';

const REQUIRED_TARGET = 'Veuillez choisir un destinataire.';

/**
 * 'Réorientation' (docs/workflow.md "Transitions"): the town hall or the department, each with the
 * mailbox the server will use (a target without one cannot be chosen); on success, back to the list.
 */
export function ReorientationDialog(props: ActionDialogProps) {
  const { request } = props.target;
  const labelId = useId();
  const errorId = useId();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<ReorientationTarget | ''>('');
  const [formError, setFormError] = useState<string | null>(null);
  const targets = useQuery({ ...reorientationTargetsQueryOptions(request.id), enabled: props.open });
  const { mutation, dialog } = useActionDialog(
    props,
    (target: ReorientationTarget) => reorient(request.id, target),
    {
      clear: () => {
        setChoice('');
        setFormError(null);
      },
      onSuccess: () => void navigate({ to: '/dossiers' }),
    },
  );
  const submit = () => {
    if (!choice) {
      setFormError(REQUIRED_TARGET);
      return;
    }
    mutation.mutate(choice);
  };
  return (
    <FormDialog {...dialog} title={ACTION_TEXTS.reorientTitle} onSubmit={submit}>
      <FormControl
        component="fieldset"
        error={Boolean(formError)}
        aria-describedby={formError ? errorId : undefined}
      >
        <FormLabel component="legend" id={labelId}>
          {ACTION_TEXTS.reorientTarget}
        </FormLabel>
        {targets.isPending && <CircularProgress size={24} aria-label={ACTION_TEXTS.reorientTarget} />}
        {targets.isError && <Alert severity="error">{failureText(targets.error)}</Alert>}
        <RadioGroup
          aria-labelledby={labelId}
          value={choice}
          onChange={(_event, value) => {
            setChoice(value as ReorientationTarget);
            setFormError(null);
          }}
        >
          {(targets.data ?? []).map((target) => (
            <FormControlLabel
              key={target.value}
              value={target.value}
              disabled={!target.mail}
              control={<Radio />}
              label={`${target.label} — ${target.mail ?? ACTION_TEXTS.mailNotConfigured}`}
            />
          ))}
        </RadioGroup>
        {formError && <FormHelperText id={errorId}>{formError}</FormHelperText>}
      </FormControl>
    </FormDialog>
  );
}
