import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { showToast } from '../../../ui';
import { entityHistoryQueryOptions } from '../../history';
import type { RequestDetail } from '../api/instruction-api';

/** The request an action applies to, and the query its page reads it from. */
export interface ActionTarget {
  request: RequestDetail;
  /** The page's request query key (the route id may be the publicId). */
  queryKey: QueryKey;
}

/**
 * What an action answers: the request as the page shows it, or no `data` when the call answers
 * something else (cancel and withdrawal answer the list's row): the page then reads it again.
 */
export type AppliedAnswer = { data?: RequestDetail | null; message?: string };

/**
 * A workflow call of the page. On success: the request's cache takes the returned `data` (or is
 * refreshed), the history timeline and the lists are refreshed, and the server's notice is shown.
 */
export function useRequestAction<TVariables = void>(
  target: ActionTarget,
  mutationFn: (variables: TVariables) => Promise<AppliedAnswer>,
  options: {
    fallbackNotice?: string;
    onSuccess?: (answer: AppliedAnswer) => void;
    /** Shown by the caller's own way (a toast); the mutation's error stays readable too. */
    onError?: (error: unknown) => void;
  } = {},
) {
  const applyAnswer = useApplyAnswer(target);
  return useMutation({
    mutationFn,
    onSuccess: async (answer) => {
      await applyAnswer(answer, options.fallbackNotice);
      options.onSuccess?.(answer);
    },
    onError: options.onError,
  });
}

/** What follows a successful action (also used by the decision dialog's onSaved). */
export function useApplyAnswer(target: ActionTarget) {
  const queryClient = useQueryClient();
  const { request, queryKey } = target;
  return async (answer: AppliedAnswer, fallbackNotice?: string) => {
    if (answer.data) queryClient.setQueryData(queryKey, answer.data);
    else await queryClient.invalidateQueries({ queryKey });
    void queryClient.invalidateQueries({
      queryKey: entityHistoryQueryOptions('request', request.id).queryKey,
    });
    void queryClient.invalidateQueries({ queryKey: ['requests'] });
    const notice = answer.message || fallbackNotice;
    if (notice) showToast(notice, 'success');
  };
}
