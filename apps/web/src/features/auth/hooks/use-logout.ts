import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ACCOUNT_MESSAGES } from '@voirie/domain/account-texts';
import { clearSessionCookie } from '../../../api';
import { showToast } from '../../../ui';
import { logout } from '../api/session-api';

/** POST logout, then forget every cached answer once the protected pages are gone. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      clearSessionCookie();
      // Leave first: clearing the cache under mounted pages would make them fetch again.
      await navigate({ to: '/login' });
      queryClient.clear();
    },
    onError: () => showToast(ACCOUNT_MESSAGES.logoutFailure, 'error'),
  });
}
