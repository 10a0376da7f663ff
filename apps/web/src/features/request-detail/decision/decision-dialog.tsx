import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { toNestErrors } from '@hookform/resolvers';
import { useMutation } from '@tanstack/react-query';
import { MIME_TYPES, REQUEST_KIND_LABELS, type Request, type RequestDetail } from '@voirie/domain';
import { useState } from 'react';
import { useForm, type FieldError, type Resolver } from 'react-hook-form';
import { ApiError } from '../../../api';
import { AccessFields } from './access-fields';
import { AlignmentFields } from './alignment-fields';
import { CoordinationFields } from './coordination-fields';
import {
  DecisionAnnexes,
  DecisionChoice,
  DecisionTexts,
  OrderRecipients,
  type AnnexIndex,
} from './common-fields';
import { saveDecision, uploadDecisionAnnex } from './decision-api';
import {
  decisionDefaults,
  decisionVariantOf,
  validateDecision,
  type DecisionFormValues,
  type DecisionVariant,
  type decisionInput,
} from './decision-form';
import { DECISION_LABELS } from './decision-labels';
import { NetworksFields } from './networks-fields';

export interface DecisionDialogProps {
  /** The request as GET request/{id} returns it; its saved decision fills the form. */
  request: Request;
  open: boolean;
  /** 'Annuler', Escape or the backdrop: closes without saving. */
  onClose: () => void;
  /** After a successful save: the request as the server returns it, and its notice. */
  onSaved: (request: RequestDetail, message: string) => void;
}

const VARIANT_LEGENDS: Record<DecisionVariant, string> = {
  alignment: DECISION_LABELS.alignmentLegend,
  access: DECISION_LABELS.accessLegend,
  networks: DECISION_LABELS.networksLegend,
};

/** The form checked with the schema the server uses; messages placed on the fields' paths. */
function decisionResolver(variant: DecisionVariant): Resolver<DecisionFormValues> {
  return (values, _context, options) => {
    const result = validateDecision(variant, values);
    if (result.ok) return { values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.issues) {
      errors[issue.path] ??= { type: 'validation', message: issue.message };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/** The server's refusal, worded: its message, or its field messages one per line. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    const details = [...new Set((error.body?.errors ?? []).map((item) => item.message).filter(Boolean))];
    if (details.length > 0) return details.join('\n');
    return error.body?.message || error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

function DecisionForm({ request, onClose, onSaved }: Omit<DecisionDialogProps, 'open'>) {
  const variant = decisionVariantOf(request);
  const [annexes, setAnnexes] = useState<Record<AnnexIndex, File | null>>({ 1: null, 2: null });
  const [annexAlert, setAnnexAlert] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const { control, handleSubmit, setValue } = useForm<DecisionFormValues>({
    defaultValues: decisionDefaults(request),
    resolver: decisionResolver(variant),
  });

  const save = useMutation({
    mutationFn: async (input: ReturnType<typeof decisionInput>) => {
      // The annexes first (type 97); one sent is not sent again if the decision is refused.
      for (const index of [1, 2] as const) {
        const file = annexes[index];
        if (!file) continue;
        await uploadDecisionAnnex(request.id, file);
        setAnnexes((current) => ({ ...current, [index]: null }));
      }
      return saveDecision(request.id, input);
    },
    onSuccess: (answer) => onSaved(answer.request, answer.message || DECISION_LABELS.saved),
  });

  const chooseAnnex = (index: AnnexIndex, file: File | null) => {
    if (file && file.type !== MIME_TYPES.pdf) {
      setAnnexAlert(DECISION_LABELS.annexNotPdf(index));
      return;
    }
    setAnnexAlert(null);
    setAnnexes((current) => ({ ...current, [index]: file }));
  };

  const onSubmit = handleSubmit(
    (values) => {
      setInvalid(false);
      const result = validateDecision(variant, values);
      if (result.ok) save.mutate(result.input);
    },
    () => setInvalid(true),
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body2">{REQUEST_KIND_LABELS[request.type]}</Typography>
        {invalid && <Alert severity="error">{DECISION_LABELS.invalid}</Alert>}
        {save.isError && (
          <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
            {failureText(save.error)}
          </Alert>
        )}
        <DecisionChoice control={control} />
        {variant !== 'alignment' && (
          <CoordinationFields requestId={request.id} control={control} setValue={setValue} />
        )}
        <DecisionTexts control={control} />
        <Divider />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
            {VARIANT_LEGENDS[variant]}
          </Typography>
          {variant === 'alignment' && <AlignmentFields control={control} />}
          {variant === 'access' && <AccessFields control={control} />}
          {variant === 'networks' && <NetworksFields control={control} setValue={setValue} />}
        </Box>
        <Divider />
        <OrderRecipients control={control} />
        <Divider />
        {annexAlert && (
          <Alert severity="warning" onClose={() => setAnnexAlert(null)}>
            {annexAlert}
          </Alert>
        )}
        <DecisionAnnexes control={control} files={annexes} onChoose={chooseAnnex} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {DECISION_LABELS.cancel}
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {DECISION_LABELS.save}
        </Button>
      </DialogActions>
    </Box>
  );
}

/**
 * The decision dialog of the request page (spec 2 §2.2, §5): alignment (kind 2), access/fencing
 * (kind 3) or networks (kind 1), filled from the saved decision; a permission's conflicts are
 * searched as it opens (issue 17: warning and coordination prescription). 'Enregistrer' checks it
 * with the domain's schema, uploads the annexes (type 97), then sends PUT request/{id}/decision.
 */
export function DecisionDialog({ request, open, onClose, onSaved }: DecisionDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      scroll="paper"
      aria-labelledby="decision-dialog-title"
    >
      <DialogTitle id="decision-dialog-title">{DECISION_LABELS.title}</DialogTitle>
      {/* Mounted while open only: every opening starts from the request's saved decision. */}
      {open && <DecisionForm request={request} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}
