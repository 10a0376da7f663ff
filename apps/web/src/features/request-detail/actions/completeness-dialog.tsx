import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { RequestCompletenessInputSchema, type RequestCompletenessInput } from '@voirie/domain';
import { useId, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { DatePickersProvider } from '../../../ui/date-pickers-provider';
import { documentTypesQueryOptions } from '../../../shared/request-queries';
import { ControlledDate } from '../../../ui/date-draft';
import { requestCompleteness } from '../api/instruction-api';
import { ACTION_TEXTS, canTransferBack, completenessPieces, todayIso } from '../model/instruction-actions';
import { FormDialog } from '../../../ui/form-dialog';
import { useActionDialog, type ActionDialogProps } from './use-action-dialog';

type FormInput = z.input<typeof RequestCompletenessInputSchema>;

function defaults(missing: readonly number[] | null | undefined): FormInput {
  return { missingDocuments: [...(missing ?? [])], comment: '', date: todayIso(), transferBack: false };
}

/**
 * 'Demande de complétude' (docs/workflow.md "Transitions", docs/validation.md "Completeness
 * dialog"): the missing pieces, a comment, a date and the transfer back to the applicant, which
 * needs 85 and 101 both checked ('* obligatoire').
 */
export function CompletenessDialog(props: ActionDialogProps) {
  const { request } = props.target;
  const ids = { pieces: useId(), comment: useId(), transfer: useId() };
  const types = useQuery({ ...documentTypesQueryOptions(), enabled: props.open });
  const pieces = useMemo(
    () =>
      completenessPieces(types.data ?? [], {
        kind: request.type,
        themes: request.cerfa1402301?.themes,
      }),
    [types.data, request.type, request.cerfa1402301?.themes],
  );
  const { control, register, handleSubmit, reset, formState } = useForm<
    FormInput,
    unknown,
    RequestCompletenessInput
  >({
    resolver: zodResolver(RequestCompletenessInputSchema),
    defaultValues: defaults(request.missingDocuments),
  });
  const missing = useWatch({ control, name: 'missingDocuments' });
  const transferBack = useWatch({ control, name: 'transferBack' }) ?? false;
  const { mutation, dialog } = useActionDialog(
    props,
    (input: RequestCompletenessInput) => requestCompleteness(request.id, input),
    { clear: () => reset(defaults(request.missingDocuments)) },
  );
  const submit = handleSubmit((input) =>
    mutation.mutate({ ...input, comment: input.comment?.trim() ? input.comment.trim() : undefined }),
  );
  const { errors } = formState;
  const commentField = register('comment');
  return (
    <FormDialog
      {...dialog}
      title={ACTION_TEXTS.completenessTitle}
      onSubmit={() => void submit()}
      submitDisabled={transferBack && !canTransferBack(missing)}
    >
      <FormControl
        component="fieldset"
        error={Boolean(errors.missingDocuments)}
        aria-describedby={errors.missingDocuments ? ids.pieces : undefined}
      >
        <FormLabel component="legend">{ACTION_TEXTS.missingPieces}</FormLabel>
        {types.isPending && <CircularProgress size={24} aria-label={ACTION_TEXTS.missingPieces} />}
        {types.isError && <Alert severity="error">{ACTION_TEXTS.typesLoadFailed}</Alert>}
        <Controller
          control={control}
          name="missingDocuments"
          render={({ field }) => (
            <FormGroup>
              {pieces.map(({ type, transferRequired }) => {
                const checked = field.value.includes(type.id);
                const label =
                  transferBack && transferRequired ? `${type.name} ${ACTION_TEXTS.mandatory}` : type.name;
                return (
                  <FormControlLabel
                    key={type.id}
                    label={label}
                    control={
                      <Checkbox
                        checked={checked}
                        onChange={(_event, next) =>
                          field.onChange(
                            next ? [...field.value, type.id] : field.value.filter((id) => id !== type.id),
                          )
                        }
                      />
                    }
                  />
                );
              })}
            </FormGroup>
          )}
        />
        {errors.missingDocuments && (
          <FormHelperText id={ids.pieces}>{errors.missingDocuments.message}</FormHelperText>
        )}
      </FormControl>
      <TextField
        id={ids.comment}
        label={ACTION_TEXTS.comment}
        multiline
        minRows={3}
        name={commentField.name}
        inputRef={commentField.ref}
        onChange={(event) => void commentField.onChange(event)}
        onBlur={(event) => void commentField.onBlur(event)}
        error={Boolean(errors.comment)}
        helperText={errors.comment?.message}
      />
      <DatePickersProvider>
        <ControlledDate control={control} name="date" label={ACTION_TEXTS.date} required blank="" />
      </DatePickersProvider>
      <Controller
        control={control}
        name="transferBack"
        render={({ field }) => (
          <FormControlLabel
            label={ACTION_TEXTS.transferBack}
            control={
              <Switch
                id={ids.transfer}
                checked={field.value ?? false}
                onChange={(_event, next) => field.onChange(next)}
              />
            }
          />
        )}
      />
    </FormDialog>
  );
}
