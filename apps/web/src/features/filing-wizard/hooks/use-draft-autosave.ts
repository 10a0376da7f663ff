import { useQueryClient } from '@tanstack/react-query';
import { DRAFT_LIMITS, DRAFT_MESSAGES, draftStateBytes } from '@voirie/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { failureText } from '../../../api';
import { DRAFTS_KEY, saveDraft } from '../../drafts';
import { draftContentKey, draftInputOf } from '../model/wizard-draft';
import type { WizardState } from '../model/wizard-state';

/** Quiet time after the last change before the draft is saved; a change of step saves at once. */
export const AUTOSAVE_DELAY_MS = 1500;

export type AutosaveStatus =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: string } | { kind: 'failed'; message: string };

export interface DraftAutosave {
  status: AutosaveStatus;
  /** Input not saved yet (a change waiting for its save, under way, or refused). */
  isDirty: boolean;
  /** Saves what is not saved yet, at once; true when everything is saved. */
  flush: () => Promise<boolean>;
  /** Stops saving for the filing and gives the draft's id once a save under way is over. */
  settle: () => Promise<string | null>;
  /** Saving goes on (the filing failed: the wizard stays). */
  resume: () => void;
}

/**
 * The draft of a new request on the server: saved AUTOSAVE_DELAY_MS after
 * the last change and at once on a change of step — POST drafts the first time (`onCreated`
 * gets its id), PUT drafts/{id} then. One save at a time; what changed meanwhile is saved next.
 * Disabled, it saves nothing and nothing counts as unsaved; held, it waits (a save under way ends).
 */
export function useDraftAutosave(args: {
  state: WizardState;
  enabled: boolean;
  /** No save starts meanwhile (the user is asked whether to leave). */
  held: boolean;
  draftId: string | null;
  onCreated: (id: string) => void;
}): DraftAutosave {
  const { state, enabled, held, onCreated } = args;
  const queryClient = useQueryClient();
  const contentKey = useMemo(() => draftContentKey(state), [state]);
  // What the wizard opened with counts as saved: an untouched wizard leaves without a draft.
  const [savedKey, setSavedKey] = useState(contentKey);
  const [status, setStatus] = useState<AutosaveStatus>({ kind: 'idle' });
  const latest = useRef({ state, savedKey, draftId: args.draftId, onCreated });
  const inFlight = useRef<Promise<boolean> | null>(null);
  const paused = useRef(false);
  useEffect(() => {
    latest.current.state = state;
    latest.current.onCreated = onCreated;
  }, [state, onCreated]);

  const saveOnce = useCallback(async (): Promise<boolean> => {
    const current = latest.current;
    const key = draftContentKey(current.state);
    if (key === current.savedKey) return true;
    const input = draftInputOf(current.state);
    if (draftStateBytes(input.state) > DRAFT_LIMITS.maxStateBytes) {
      setStatus({ kind: 'failed', message: DRAFT_MESSAGES.tooLarge });
      return false;
    }
    setStatus({ kind: 'saving' });
    try {
      const created = current.draftId === null;
      const summary = await saveDraft(current.draftId, input);
      current.draftId = summary.id;
      current.savedKey = key;
      setSavedKey(key);
      setStatus({ kind: 'saved', at: summary.updatedAt });
      if (created) {
        current.onCreated(summary.id);
        void queryClient.invalidateQueries({ queryKey: DRAFTS_KEY, exact: true });
      }
      return true;
    } catch (error) {
      setStatus({ kind: 'failed', message: failureText(error) });
      return false;
    }
  }, [queryClient]);

  const flush = useCallback(async (): Promise<boolean> => {
    while (inFlight.current) await inFlight.current;
    if (paused.current) return false;
    const saving = saveOnce().finally(() => {
      inFlight.current = null;
    });
    inFlight.current = saving;
    return saving;
  }, [saveOnce]);

  const previousStep = useRef(state.step);
  useEffect(() => {
    const stepChanged = previousStep.current !== state.step;
    previousStep.current = state.step;
    if (!enabled || held || contentKey === latest.current.savedKey) return;
    const timer = window.setTimeout(() => void flush(), stepChanged ? 0 : AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [contentKey, enabled, held, flush, state.step]);

  const settle = useCallback(async () => {
    paused.current = true;
    while (inFlight.current) await inFlight.current;
    return latest.current.draftId;
  }, []);
  const resume = useCallback(() => {
    paused.current = false;
  }, []);

  return { status, isDirty: enabled && contentKey !== savedKey, flush, settle, resume };
}
