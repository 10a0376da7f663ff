import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { MIME_TYPES, REQUEST_KIND_LABELS, type RequestDetail } from '@voirie/domain';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
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
  decidesAlignmentToo,
  decisionDefaults,
  decisionVariantOf,
  isAlignmentTabPath,
  validateDecision,
  type DecisionFormValues,
  type DecisionVariant,
  type decisionInput,
} from './decision-form';
import { DECISION_LABELS } from './decision-labels';
import { issuesResolver } from './issues-resolver';
import { NetworksFields } from './networks-fields';
import { WideDialogForm, WideFormDialog } from './wide-form-dialog';
import { TrafficOrderPart } from './traffic-order-part';

export interface DecisionDialogProps {
  /** The request as GET request/{id} returns it; its saved decision fills the form. */
  request: RequestDetail;
  open: boolean;
  /** 'Annuler', Escape or the backdrop: closes without saving. */
  onClose: () => void;
  /** After a successful save: the request as the server returns it, and its notice. */
  onSaved: (request: RequestDetail, message: string) => void;
  /** After the cerfa 14024 was completed from the dialog: the request and the notice. */
  onTrafficOrderSaved?: (request: RequestDetail, message: string) => void;
  /** What was typed when the dialog last closed without saving; it fills the form again. */
  draft?: DecisionDraft | null;
  /** Called when the dialog closes without saving, with what it held. */
  onKeepDraft?: (draft: DecisionDraft) => void;
}

/**
 * The dialog's values and chosen annexes when it closed without saving: closing decides
 * nothing (docs/workflow.md "Transitions"), and reopening shows what the instructor had typed.
 */
export interface DecisionDraft {
  /**
   * The request as the dialog last read it: the draft is of that version only. The request
   * query keeps the same object while the server's answer is unchanged, so a draft of another
   * object is of a request that changed since (its state, or anything else).
   */
  request: RequestDetail;
  values: DecisionFormValues;
  annexes: Record<AnnexIndex, File | null>;
}

const VARIANT_LEGENDS: Record<DecisionVariant, string> = {
  alignment: DECISION_LABELS.alignmentLegend,
  access: DECISION_LABELS.accessLegend,
  networks: DECISION_LABELS.networksLegend,
};

/** The server's refusal, worded: its message, or its field messages one per line. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    const details = [...new Set((error.body?.errors ?? []).map((item) => item.message).filter(Boolean))];
    if (details.length > 0) return details.join('\n');
    return error.body?.message || error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

type DecisionTab = 'permission' | 'alignment';

/** A tab's panel: kept mounted (the form keeps its fields), hidden while another tab is shown. */
function TabPanel(props: { tab: DecisionTab; shown: DecisionTab; children: ReactNode }) {
  return (
    <Box
      role="tabpanel"
      id={`decision-panel-${props.tab}`}
      aria-labelledby={`decision-tab-${props.tab}`}
      hidden={props.shown !== props.tab}
      sx={{ display: props.shown === props.tab ? 'grid' : 'none', gap: 2 }}
    >
      {props.children}
    </Box>
  );
}

/** The tab holding the first field in error: the permission's fields first, as the tabs read. */
function tabOfErrors(errors: FieldErrors<DecisionFormValues>): DecisionTab | null {
  const paths = Object.keys(errors);
  if (paths.some((path) => !isAlignmentTabPath(path))) return 'permission';
  return paths.length > 0 ? 'alignment' : null;
}

function DecisionForm({
  request,
  onClose,
  onSaved,
  onTrafficOrderSaved,
  draft,
  onKeepDraft,
}: Omit<DecisionDialogProps, 'open'>) {
  const variant = decisionVariantOf(request);
  // A permission asked with an alignment decides both, one tab each.
  const withAlignment = decidesAlignmentToo(request);
  const kept = draft ?? null;
  const [tab, setTab] = useState<DecisionTab>('permission');
  const [annexes, setAnnexes] = useState<Record<AnnexIndex, File | null>>(
    () => kept?.annexes ?? { 1: null, 2: null },
  );
  const [annexAlert, setAnnexAlert] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const { control, handleSubmit, setValue, getValues } = useForm<DecisionFormValues>({
    defaultValues: kept?.values ?? decisionDefaults(request),
    resolver: issuesResolver((values: DecisionFormValues) =>
      validateDecision(variant, values, withAlignment),
    ),
  });

  const saved = useRef(false);
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
    onSuccess: (answer) => {
      saved.current = true;
      onSaved(answer.request, answer.message || DECISION_LABELS.saved);
    },
  });

  // The form unmounts with the dialog: unless it was saved, what it holds is handed back, with
  // the request as it is then (the cerfa 14024 may have been saved from the dialog meanwhile).
  const annexesNow = useRef(annexes);
  const requestNow = useRef(request);
  useEffect(() => {
    annexesNow.current = annexes;
    requestNow.current = request;
  }, [annexes, request]);
  useEffect(
    () => () => {
      if (!saved.current)
        onKeepDraft?.({ request: requestNow.current, values: getValues(), annexes: annexesNow.current });
    },
    [onKeepDraft, getValues],
  );

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
      const result = validateDecision(variant, values, withAlignment);
      if (result.ok) save.mutate(result.input);
    },
    (errors) => {
      setInvalid(true);
      // The messages are under the fields: show the tab that holds the first one.
      const withErrors = tabOfErrors(errors);
      if (withAlignment && withErrors) setTab(withErrors);
    },
  );

  const permission = (
    <>
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
    </>
  );

  return (
    <WideDialogForm
      onSubmit={(event) => void onSubmit(event)}
      intro={REQUEST_KIND_LABELS[request.type]}
      invalid={invalid ? DECISION_LABELS.invalid : null}
      failure={save.isError ? failureText(save.error) : null}
      onCancel={onClose}
      pending={save.isPending}
    >
      {withAlignment ? (
        <>
          <Tabs
            value={tab}
            onChange={(_event, next: DecisionTab) => setTab(next)}
            aria-label={DECISION_LABELS.tabs}
          >
            <Tab
              value="permission"
              label={DECISION_LABELS.permissionTab}
              id="decision-tab-permission"
              aria-controls="decision-panel-permission"
            />
            <Tab
              value="alignment"
              label={DECISION_LABELS.alignmentTab}
              id="decision-tab-alignment"
              aria-controls="decision-panel-alignment"
            />
          </Tabs>
          <TabPanel tab="permission" shown={tab}>
            {permission}
          </TabPanel>
          <TabPanel tab="alignment" shown={tab}>
            <DecisionChoice control={control} of="alignment" />
            <DecisionTexts control={control} of="alignment" />
            <Divider />
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
              <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
                {DECISION_LABELS.alignmentLegend}
              </Typography>
              <AlignmentFields control={control} />
            </Box>
          </TabPanel>
        </>
      ) : (
        permission
      )}
      <TrafficOrderPart request={request} onSaved={onTrafficOrderSaved} />
      <Divider />
      <OrderRecipients control={control} />
      <Divider />
      {annexAlert && (
        <Alert severity="warning" onClose={() => setAnnexAlert(null)}>
          {annexAlert}
        </Alert>
      )}
      <DecisionAnnexes control={control} files={annexes} onChoose={chooseAnnex} />
    </WideDialogForm>
  );
}

/**
 * The decision dialog of the request page (docs/screens.md "Request detail", docs/validation.md
 * "Decision dialog"): alignment (kind 2), access/fencing (kind 3) or networks (kind 1), filled from
 * the saved decision; a permission asked with an alignment has two tabs, « Permission » and «
 * Alignement », saved together, and a permission asked with a traffic order its « Arrêté de police
 * de la circulation » part. A permission's conflicts are searched as it opens (warning and coordination
 * prescription). 'Enregistrer' checks it with the domain's schema, uploads the annexes (type 97),
 * then sends PUT request/{id}/decision.
 */
export function DecisionDialog({
  request,
  open,
  onClose,
  onSaved,
  onTrafficOrderSaved,
  draft,
  onKeepDraft,
}: DecisionDialogProps) {
  return (
    <WideFormDialog
      open={open}
      onClose={onClose}
      titleId="decision-dialog-title"
      title={DECISION_LABELS.title}
    >
      <DecisionForm
        request={request}
        onClose={onClose}
        onSaved={onSaved}
        {...(onTrafficOrderSaved ? { onTrafficOrderSaved } : {})}
        {...(draft ? { draft } : {})}
        {...(onKeepDraft ? { onKeepDraft } : {})}
      />
    </WideFormDialog>
  );
}
