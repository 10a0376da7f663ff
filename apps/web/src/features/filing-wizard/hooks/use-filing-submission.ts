import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { UploadError } from '../../../api/upload';
import { showToast } from '../../../ui';
import { newIdempotencyKey, sendFiling } from '../api/filing-api';
import { filingRequestPayload } from '../model/filing-payload';
import {
  fileParts,
  filePercents,
  filingFormData,
  jsonByteLength,
  SUBMISSION_TEXTS,
  submissionFailureMessage,
} from '../model/submission';
import { serverErrorsByStep } from '../model/server-errors';
import type { WizardState } from '../model/wizard-state';

type ServerRefusal = ReturnType<typeof serverErrorsByStep>;

export interface FilingSubmission {
  sending: boolean;
  /** Each file's share sent, by type id, while sending. */
  percents: Partial<Record<number, number>> | null;
  /** Sends; a refusal with field paths calls `onRefused` with the step to show. */
  submit: (
    state: WizardState,
    onRefused: (refusal: NonNullable<ServerRefusal>) => void,
    /** The draft this filing comes from, deleted with it. */
    draftId?: string | null,
  ) => Promise<void>;
}

/**
 * Terminer: sends the whole request with its files (POST request, or PUT request/{id} on
 * update), then opens the request's page. On failure the wizard keeps everything entered.
 */
export function useFilingSubmission(): FilingSubmission {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [percents, setPercents] = useState<Partial<Record<number, number>> | null>(null);
  // One key per filing of this draft, resent unchanged by every Terminer until one succeeds: a
  // retry after a lost answer (timeout, cut connection) then finds the request already filed.
  const idempotencyKey = useRef<string | null>(null);

  const submit: FilingSubmission['submit'] = async (state, onRefused, draftId) => {
    const payload = filingRequestPayload(state.kind, state.location, state.drafts);
    const parts = fileParts(state.drafts.files);
    const jsonBytes = jsonByteLength(payload);
    const sizes = parts.map((part) => part.file.size);
    const percentsOf = (shares: readonly number[]) =>
      Object.fromEntries(parts.map((part, index) => [part.typeId, shares[index] ?? 0]));
    setPercents(percentsOf(sizes.map(() => 0)));
    idempotencyKey.current ??= newIdempotencyKey();
    try {
      const answer = await sendFiling({
        mode: state.mode,
        requestId: state.requestId,
        body: filingFormData(payload, parts),
        onProgress: (loaded, total) => setPercents(percentsOf(filePercents(jsonBytes, sizes, loaded, total))),
        idempotencyKey: idempotencyKey.current,
        draftId,
      });
      idempotencyKey.current = null;
      const created = state.mode === 'create';
      showToast(answer.message || (created ? SUBMISSION_TEXTS.created : SUBMISSION_TEXTS.updated), 'success');
      const target = answer.data.publicId ?? String(answer.data.id);
      // Leave the wizard first: the update page must not see its request, now in state 9, again.
      await navigate({ to: '/dossiers/$id', params: { id: target } });
      void queryClient.invalidateQueries({ queryKey: ['requests'] });
      void queryClient.invalidateQueries({ queryKey: ['request'] });
    } catch (error) {
      const prefix =
        state.mode === 'create' ? SUBMISSION_TEXTS.createFailure : SUBMISSION_TEXTS.updateFailure;
      const failure = error instanceof UploadError ? error : new UploadError('network', 0);
      showToast(submissionFailureMessage(failure, prefix), 'error');
      setPercents(null);
      const refusal = serverErrorsByStep(failure.body?.errors);
      if (refusal) onRefused(refusal);
    }
  };

  return { sending: percents !== null, percents, submit };
}
