import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { canUser, FORM_ERRORS_MESSAGE, nextWizardStep, WIZARD_BUTTONS, WIZARD_STEPS } from '@voirie/domain';
import { useEffect, useMemo, useReducer, useRef, useState, type Dispatch, type ReactNode } from 'react';
import { showToast, usePageTitle } from '../../../ui';
import { DatePickersProvider } from '../../../ui/date-pickers-provider';
import { connectedUserQueryOptions } from '../../auth';
import { documentTypesQueryOptions } from '../../../shared/request-queries';
import { useDraftAutosave } from '../hooks/use-draft-autosave';
import { useFilingSubmission } from '../hooks/use-filing-submission';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { useLocationServices } from '../hooks/use-location-services';
import { LEAVE_TEXTS } from '../model/leave-texts';
import { validateStep } from '../model/step-validation';
import { draftContentKey } from '../model/wizard-draft';
import { wizardReducer, type WizardAction } from '../model/wizard-reducer';
import {
  selectCanGoNext,
  selectHasErrors,
  selectHasPrevious,
  stepCheckInput,
} from '../model/wizard-selectors';
import type { WizardState } from '../model/wizard-state';
import { AdditionalInfoStep } from './additional-info-step';
import { AttestationStep } from './attestation-step';
import { DocumentsStep } from './documents-step';
import { DraftStatus } from './draft-status';
import { LeaveWizardDialog } from './leave-wizard-dialog';
import { LocationStep } from './location-step';
import { PartiesStep } from './parties-step';
import { UploadProgressList } from './upload-progress-list';
import { WizardStepper } from './wizard-stepper';
import { WorksFormStep } from './works-form-step';

/**
 * Non-ordinary users choose an operator (docs/workflow.md "Who may do what"): the domain's
 * selectOperator capability (the server refuses an operator from ROLE_USER / ROLE_DEMANDEUR accounts).
 */
function useShowsOperator(): boolean {
  const { data: user } = useQuery(connectedUserQueryOptions());
  return canUser(user, 'selectOperator');
}

/** A new request's wizard kept as a draft on the server. */
export interface WizardDraftOptions {
  /** The resumed draft, or null until the first save creates one. */
  id: string | null;
  onCreated: (id: string) => void;
}

const noop = () => undefined;

/**
 * Input not yet saved: for a draft, what its autosave has not stored; for the completion of a
 * request (no draft), anything changed since the page opened. Never while the filing is sent.
 */
function useUnsavedInput(args: {
  state: WizardState;
  draft: WizardDraftOptions | undefined;
  sending: boolean;
  /** The leave dialog is open: the draft waits for the user's answer. */
  asking: boolean;
}) {
  const { state, draft, sending } = args;
  const autosave = useDraftAutosave({
    state,
    enabled: draft !== undefined && !sending,
    held: args.asking,
    draftId: draft?.id ?? null,
    onCreated: draft?.onCreated ?? noop,
  });
  const [openedWith] = useState(() => draftContentKey(state));
  const changed = useMemo(() => draftContentKey(state) !== openedWith, [state, openedWith]);
  const unsaved = !sending && (draft ? autosave.isDirty : changed);
  return { autosave, unsaved };
}

/**
 * The six-step filing wizard (docs/screens.md "Filing wizard"), for a creation or the completion of
 * a request in state 8. Every step keeps its data when moving back and forth, and after a failed Terminer.
 * A creation is saved as a draft as it goes (`draft`); leaving with unsaved input asks first.
 */
export function FilingWizard({
  heading,
  initialState,
  intro,
  draft,
}: {
  heading: string;
  initialState: WizardState;
  /** Shown under the heading on every step (the update page: what the instructor asked for). */
  intro?: ReactNode;
  draft?: WizardDraftOptions;
}) {
  usePageTitle(heading);
  const [state, dispatch] = useReducer(wizardReducer, initialState);
  useLocationServices(state.request, dispatch);
  const { data: documentTypes } = useQuery(documentTypesQueryOptions());
  const submission = useFilingSubmission();
  const guarding = useRef(false);
  const leave = useLeaveGuard(guarding);
  const { autosave, unsaved } = useUnsavedInput({
    state,
    draft,
    sending: submission.sending,
    asking: leave.status === 'blocked',
  });
  useEffect(() => {
    guarding.current = unsaved;
  }, [unsaved]);
  const showOperator = useShowsOperator();
  const stepInfo = WIZARD_STEPS.find((entry) => entry.step === state.step);
  const isLast = nextWizardStep(state.kind, state.step) === null;

  // After each move the page goes back to the top (docs/screens.md "Filing wizard").
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [state.step]);

  // A refused Suivant puts the keyboard on the first field in error (its message is linked to it).
  const formRef = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const goNext = () => {
    const errors = validateStep(state.step, stepCheckInput(state, documentTypes));
    if (Object.keys(errors).length > 0) {
      // The footprint has its own words (docs/validation.md "Step 1"); any other error the
      // generic ones.
      showToast(errors.theGeom ?? FORM_ERRORS_MESSAGE, 'error');
      setRefusals((count) => count + 1);
    }
    dispatch({ type: 'next', documentTypes });
    if (isLast && Object.keys(errors).length === 0) {
      void (async () => {
        // The filing names its draft (deleted with it): a save under way ends first.
        const draftId = draft ? await autosave.settle() : null;
        await submission.submit(state, (refusal) => dispatch({ type: 'serverRefused', ...refusal }), draftId);
        autosave.resume();
      })();
    }
  };

  return (
    <DatePickersProvider>
      <Box
        component="form"
        ref={formRef}
        noValidate
        aria-labelledby="wizard-heading"
        // Enter in a field of the form does not submit it (docs/screens.md "Filing wizard").
        onSubmit={(event) => event.preventDefault()}
        sx={{ display: 'grid', gap: 3 }}
      >
        <Typography variant="h4" component="h1" id="wizard-heading">
          {heading}
        </Typography>
        {intro}
        <WizardStepper step={state.step} hasErrors={selectHasErrors(state)} />
        <Typography variant="h5" component="h2">
          {stepInfo?.title}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2 }}>
          {draft && state.step === 5 && <Alert severity="info">{LEAVE_TEXTS.filesNote}</Alert>}
          <CurrentStep state={state} dispatch={dispatch} showOperator={showOperator} />
          {submission.percents && (
            <UploadProgressList
              files={state.drafts.files}
              types={documentTypes ?? []}
              percents={submission.percents}
            />
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end', alignItems: 'center' }}>
          {draft && (
            <Box sx={{ flexGrow: 1 }}>
              <DraftStatus status={autosave.status} />
            </Box>
          )}
          {selectHasPrevious(state) && (
            <Button
              type="button"
              variant="outlined"
              disabled={submission.sending}
              onClick={() => dispatch({ type: 'previous' })}
            >
              {WIZARD_BUTTONS.previous}
            </Button>
          )}
          <Button
            type="button"
            variant="contained"
            disabled={!selectCanGoNext(state) || submission.sending}
            onClick={goNext}
          >
            {isLast ? WIZARD_BUTTONS.finish : WIZARD_BUTTONS.next}
          </Button>
        </Box>
      </Box>
      <LeaveWizardDialog
        open={leave.status === 'blocked'}
        {...(draft ? { onSave: autosave.flush } : {})}
        saveError={autosave.status.kind === 'failed' ? autosave.status.message : null}
        onLeave={() => leave.proceed?.()}
        onStay={() => leave.reset?.()}
      />
    </DatePickersProvider>
  );
}

function CurrentStep({
  state,
  dispatch,
  showOperator,
}: {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  showOperator: boolean;
}) {
  switch (state.step) {
    case 1:
      return <LocationStep state={state} dispatch={dispatch} showOperator={showOperator} />;
    case 2:
      // Never reached by kind 2, which skips this step both ways.
      return <WorksFormStep state={state} dispatch={dispatch} />;
    case 3:
      return <PartiesStep state={state} dispatch={dispatch} />;
    case 4:
      return <AdditionalInfoStep state={state} dispatch={dispatch} />;
    case 5:
      return <DocumentsStep state={state} dispatch={dispatch} />;
    case 6:
      return <AttestationStep state={state} dispatch={dispatch} />;
  }
}
