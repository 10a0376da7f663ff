import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MAX_UPLOAD_BYTES,
  RECEPTION_OPTIONS,
  REQUEST_KIND_LABELS,
  receptionDialogVariant,
  type ReceptionOption,
} from '@voirie/domain';
import { useId, useState } from 'react';
import { FormDialog } from '../../../ui/form-dialog';
import { usePublicConfig } from '../../shell';
import { useActionDialog, type ActionDialogProps } from '../actions/use-action-dialog';
import { requestReception, type ReceptionPart, type ReceptionRequest } from './applicant-api';
import { usePhotoPositions } from './photo-position';
import { ReceptionDocumentsList } from './photo-list';
import {
  canSendReception,
  checkReceptionFile,
  receptionAccept,
  receptionFileFields,
  receptionFormats,
  sentOption,
  type ReceptionFileField,
} from './reception-form';
import { RECEPTION_DIALOG_TEXTS } from './works-texts';

type Files = Partial<Record<ReceptionPart, File>>;

/**
 * 'Demander la réception' (docs/screens.md "Reception dialogs", docs/validation.md "Reception
 * dialogs"): in 4 and 12 the option Photos or Rendez-vous, the photos required for Photos (and, for
 * a network permission, its plans and compaction results); in 6 and 7 the two photos only. A
 * photo chosen asks the device where it is, sent as `positions`. The reception's documents already
 * sent are listed for the staff (an admin asking for the applicant); others receive none.
 */
export function ReceptionRequestDialog(props: ActionDialogProps) {
  const { request } = props.target;
  const variant = receptionDialogVariant(request.stateId);
  const ids = { option: useId(), field: useId() };
  const maxBytes = usePublicConfig()?.uploadMaxBytes ?? MAX_UPLOAD_BYTES;
  const [chosen, setChosen] = useState<ReceptionOption | ''>('');
  const [files, setFiles] = useState<Files>({});
  const [errors, setErrors] = useState<Partial<Record<ReceptionPart, string>>>({});
  const photos = usePhotoPositions<ReceptionPart>();
  const option = sentOption(variant, chosen);
  const fields = receptionFileFields(request.type, variant, option);
  const { mutation, dialog } = useActionDialog(
    props,
    (input: ReceptionRequest) => requestReception(request.id, input),
    {
      clear: () => {
        setChosen('');
        setFiles({});
        setErrors({});
        photos.clear();
      },
      fallbackNotice: RECEPTION_DIALOG_TEXTS.notice,
    },
  );
  const choose = (entry: ReceptionFileField, file: File | null) => {
    const refusal = file ? checkReceptionFile(variant, file, maxBytes) : null;
    const kept = file && !refusal ? file : undefined;
    setFiles((current) => ({ ...current, [entry.part]: kept }));
    setErrors((current) => ({ ...current, [entry.part]: refusal ?? undefined }));
    if (kept && entry.located) photos.locate(entry.part);
    else photos.forget(entry.part);
  };
  const submit = () => {
    if (!option) return;
    // Only the files of the inputs shown: a choice of Rendez-vous after Photos sends none.
    const sent: Files = Object.fromEntries(fields.map((entry) => [entry.part, files[entry.part]]));
    mutation.mutate({ option, files: sent, positions: photos.positions });
  };
  return (
    <FormDialog
      {...dialog}
      title={RECEPTION_DIALOG_TEXTS.title}
      onSubmit={submit}
      submitLabel={RECEPTION_DIALOG_TEXTS.submit}
      submitDisabled={!canSendReception(request.type, variant, chosen, files)}
    >
      <Typography>{REQUEST_KIND_LABELS[request.type]}</Typography>
      {variant === 'combined' && (
        <FormControl component="fieldset" required>
          <FormLabel component="legend" id={ids.option}>
            {RECEPTION_DIALOG_TEXTS.option}
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby={ids.option}
            value={chosen}
            onChange={(_event, value) => setChosen(value as ReceptionOption)}
          >
            {RECEPTION_OPTIONS.map((value) => (
              <FormControlLabel key={value} value={value} control={<Radio />} label={value} />
            ))}
          </RadioGroup>
        </FormControl>
      )}
      {fields.map((entry) => (
        <TextField
          key={entry.part}
          id={`${ids.field}-${entry.part}`}
          type="file"
          label={entry.label}
          required={entry.required}
          error={Boolean(errors[entry.part])}
          helperText={errors[entry.part] ?? RECEPTION_DIALOG_TEXTS.accepted(receptionFormats(variant))}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { accept: receptionAccept(variant) } }}
          onChange={(event) => choose(entry, (event.target as HTMLInputElement).files?.[0] ?? null)}
        />
      ))}
      <ReceptionDocumentsList documents={request.receptionDocuments ?? []} headingLevel="h3" />
    </FormDialog>
  );
}
