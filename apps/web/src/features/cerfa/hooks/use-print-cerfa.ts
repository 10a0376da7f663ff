import { useMutation } from '@tanstack/react-query';
import { POPUP_BLOCKED_MESSAGE } from '@voirie/domain';
import { fetchCerfaPdfUrl } from '../api/cerfa-api';
import type { CerfaType } from '../model/cerfa-types';

export const PRINT_TEXTS = {
  popupBlocked: POPUP_BLOCKED_MESSAGE,
} as const;

class PopupBlockedError extends Error {
  override readonly name = 'PopupBlockedError';
}

/** Asks the API for the PDF of a cerfa, then opens it in a new window. */
export function usePrintCerfa(requestId: number | string) {
  const mutation = useMutation({
    mutationFn: async (type: CerfaType) => {
      const url = await fetchCerfaPdfUrl(requestId, type);
      // No 'noopener' feature: with it window.open always returns null and a blocked
      // pop-up could not be told apart.
      const opened = window.open(url, '_blank');
      if (!opened) throw new PopupBlockedError(PRINT_TEXTS.popupBlocked);
      opened.opener = null;
    },
  });
  // API failures are already announced by the HTTP client; only the pop-up one is ours to show.
  const error = mutation.error instanceof PopupBlockedError ? mutation.error.message : null;
  return { print: (type: CerfaType) => mutation.mutate(type), pending: mutation.isPending, error };
}
