import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ApiSuccess } from '../api';
import { showToast } from '../ui';

/**
 * A change an administration dialog sends (add, edit, delete): once the API accepts it, the list
 * it changed (`refresh`) is read again, the server's message — or `saved` when it sends none — is
 * shown as a success, then `onDone` (the dialog closes). A failure stays on the mutation, for the
 * dialog to show.
 */
export function useSavedChange<TInput>(options: {
  send: (input: TInput) => Promise<ApiSuccess<unknown>>;
  refresh: QueryKey;
  saved: string;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.send,
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: options.refresh });
      showToast(answer.message || options.saved, 'success');
      options.onDone();
    },
  });
}
