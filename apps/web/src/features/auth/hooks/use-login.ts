import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Login } from '@voirie/domain';
import { ACCOUNT_MESSAGES } from '@voirie/domain/account-texts';
import { showToast } from '../../../ui';
import { CONNECTED_USER_KEY, login } from '../api/session-api';

/** Signs in; the session itself lives in the cookies the API sets. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Login) => {
      const answer = await login(credentials);
      if (!answer.data?.token) throw new Error(`${ACCOUNT_MESSAGES.noToken}aucun jeton reçu`);
      return answer;
    },
    onSuccess: (answer) => {
      // The guard finds the user already loaded and does not ask the API again.
      if (answer.data.user) queryClient.setQueryData(CONNECTED_USER_KEY, answer.data.user);
      showToast(answer.message || ACCOUNT_MESSAGES.loginSuccess, 'success');
    },
  });
}
