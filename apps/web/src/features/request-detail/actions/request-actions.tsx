import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState, type ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import type { WorkflowAction } from '@voirie/domain';
import { RouterButton } from '../../../ui';
import { DecisionDialog, type DecisionDraft } from '../decision';
import {
  AppointmentChoiceDialog,
  CancelWorksDialog,
  ExtensionDialog,
  opensAppointmentChoiceOnLoad,
  ReceptionRequestDialog,
} from '../works';
import {
  AppointmentsProposalDialog,
  generateDisturbanceMinutes,
  OutcomeDialog,
  RoadDisturbanceDialog,
} from '../works/instructor-index';
import { submitForSignature, uploadSignedOrders } from '../api/instruction-api';
import {
  ACTION_TEXTS,
  groupedActions,
  isPdfFile,
  signedOrderInputs,
  type ActionButton,
  type ActionGroup,
} from '../model/instruction-actions';
import { CancelRequestDialog, WithdrawRequestDialog } from './cancel-request-dialog';
import { announceLetterFailure } from './document-failure';
import { CompletenessDialog } from './completeness-dialog';
import { FilesActionDialog } from './file-action-dialog';
import { OrderGenerationDialog } from './order-generation-dialog';
import { ReorientationDialog } from './reorientation-dialog';
import { SignatureRefusalDialog } from './signature-refusal-dialog';
import { failureText } from '../../../api';
import { useApplyAnswer, useRequestAction, type ActionTarget } from './use-request-action';

const DIRECT_ACTIONS = ['submitForSignature', 'generateDisturbanceMinutes'] as const;
type DirectAction = (typeof DIRECT_ACTIONS)[number];

/** The buttons that end the request or its works, shown in the error colour. */
const ENDING_ACTIONS: readonly WorkflowAction[] = ['cancel', 'withdraw', 'cancelWorks'];

function isDirectAction(action: WorkflowAction): action is DirectAction {
  return (DIRECT_ACTIONS as readonly WorkflowAction[]).includes(action);
}

export interface RequestActionsProps {
  target: ActionTarget;
  /**
   * The signed-in account is an admin: the edit entry gets its tooltip (docs/screens.md "Request
   * detail").
   */
  isAdmin: boolean;
}

/** One heading ('Instruction', 'Arrêté'…) and its buttons, read as a group of that name. */
function ButtonGroupOf(props: {
  group: ActionGroup;
  barId: string;
  render: (button: ActionButton) => ReactNode;
}) {
  const headingId = `${props.barId}-${props.group.id}`;
  return (
    <Box role="group" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={headingId} variant="subtitle2" component="h3" color="text.secondary">
        {props.group.title}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {props.group.buttons.map(props.render)}
      </Box>
    </Box>
  );
}

/**
 * The action buttons of the request page: exactly the actions the server allows now
 * (`request.actions`), each opening its dialog or calling the API (docs/api-instruction.md),
 * under headings by what they do.
 */
export function RequestActions({ target, isAdmin }: RequestActionsProps) {
  const { request } = target;
  // The applicant's appointment choice opens by itself when there are proposals (docs/screens.md
  // "Request detail").
  const [open, setOpen] = useState<WorkflowAction | null>(() =>
    opensAppointmentChoiceOnLoad(request) ? 'chooseAppointment' : null,
  );
  const close = () => setOpen(null);
  // What the decision dialog held when it was closed without saving (it is mounted when opened),
  // for the request as it was then: once the request changes (another action, a refresh that
  // brings a new state or new values), that draft is stale and the dialog starts afresh.
  const [keptDraft, setKeptDraft] = useState<DecisionDraft | null>(null);
  const decisionDraft = keptDraft?.request === request ? keptDraft : null;
  // The minutes' failures are the letters' toast (5 s); the signature's, an alert.
  const signature = useRequestAction(target, () => submitForSignature(request.id));
  const minutes = useRequestAction(target, () => generateDisturbanceMinutes(request.id), {
    onError: announceLetterFailure,
  });
  const direct = {
    submitForSignature: signature,
    generateDisturbanceMinutes: minutes,
  } as const;
  const applyAnswer = useApplyAnswer(target);
  const groups = groupedActions(request.actions);
  const failed = signature.isError ? signature : null;
  const barId = useId();
  if (groups.length === 0) return null;

  const render = (button: ActionButton) => {
    if (button.kind === 'link') {
      const link = (
        <RouterButton
          variant="contained"
          to="/updatedossier/$id"
          params={{ id: request.publicId ?? String(request.id) }}
        >
          {button.label}
        </RouterButton>
      );
      return isAdmin ? (
        <Tooltip key={button.action} title={ACTION_TEXTS.adminEditTooltip} describeChild>
          {link}
        </Tooltip>
      ) : (
        <span key={button.action}>{link}</span>
      );
    }
    if (button.kind === 'direct' && isDirectAction(button.action)) {
      const mutation = direct[button.action];
      return (
        <Button
          key={button.action}
          variant="outlined"
          disabled={mutation.isPending}
          onClick={() => {
            for (const other of Object.values(direct)) other.reset();
            mutation.mutate();
          }}
        >
          {button.label}
        </Button>
      );
    }
    return (
      <Button
        key={button.action}
        variant="outlined"
        color={ENDING_ACTIONS.includes(button.action) ? 'error' : 'primary'}
        aria-haspopup="dialog"
        onClick={() => setOpen(button.action)}
      >
        {button.label}
      </Button>
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box role="group" aria-labelledby={barId} sx={{ display: 'grid', gap: 1 }}>
        <Typography id={barId} variant="h6" component="h2">
          {ACTION_TEXTS.bar}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 2, alignItems: 'flex-start' }}>
          {groups.map((group) => (
            <ButtonGroupOf key={group.id} group={group} barId={barId} render={render} />
          ))}
        </Box>
      </Box>
      {failed && (
        <Alert
          severity="error"
          onClose={() => failed.reset()}
          closeText={ACTION_TEXTS.close}
          sx={{ whiteSpace: 'pre-line' }}
        >
          {failureText(failed.error)}
        </Alert>
      )}
      <CompletenessDialog target={target} open={open === 'requestCompleteness'} onClose={close} />
      <ReorientationDialog target={target} open={open === 'reorient'} onClose={close} />
      {/* One signed PDF per act of the request, sent together. */}
      <FilesActionDialog
        target={target}
        open={open === 'signatureReturned'}
        onClose={close}
        title={
          signedOrderInputs(request).length > 1
            ? ACTION_TEXTS.signedOrdersTitle
            : ACTION_TEXTS.signedOrderTitle
        }
        inputs={signedOrderInputs(request)}
        accept=".pdf,application/pdf"
        check={(file) => (isPdfFile(file) ? null : ACTION_TEXTS.pdfOnly)}
        requiredMessage={ACTION_TEXTS.fileRequired}
        send={(files) => uploadSignedOrders(request.id, files)}
      />
      <SignatureRefusalDialog target={target} open={open === 'signatureRefused'} onClose={close} />
      <CancelRequestDialog target={target} open={open === 'cancel'} onClose={close} />
      <WithdrawRequestDialog target={target} open={open === 'withdraw'} onClose={close} />
      <ReceptionRequestDialog target={target} open={open === 'requestReception'} onClose={close} />
      <AppointmentChoiceDialog target={target} open={open === 'chooseAppointment'} onClose={close} />
      <ExtensionDialog target={target} open={open === 'extend'} onClose={close} />
      <CancelWorksDialog target={target} open={open === 'cancelWorks'} onClose={close} />
      {/* Mounted when opened: each starts from the request as it is then. */}
      {open === 'proposeAppointments' && <AppointmentsProposalDialog target={target} open onClose={close} />}
      {open === 'recordReception' && <OutcomeDialog target={target} open onClose={close} />}
      {open === 'generateOrder' && <OrderGenerationDialog target={target} open onClose={close} />}
      {open === 'declareRoadDisturbance' && <RoadDisturbanceDialog target={target} open onClose={close} />}
      {open === 'saveDecision' && (
        <DecisionDialog
          request={request}
          open
          onClose={close}
          draft={decisionDraft}
          onKeepDraft={setKeptDraft}
          onSaved={(updated, message) => {
            setKeptDraft(null);
            close();
            void applyAnswer({ data: updated, message });
          }}
          // The cerfa 14024 completed from the dialog: the page takes it, the dialog stays open.
          onTrafficOrderSaved={(updated, message) => void applyAnswer({ data: updated, message })}
        />
      )}
    </Box>
  );
}
