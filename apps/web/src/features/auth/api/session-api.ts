import { queryOptions } from '@tanstack/react-query';
import type { ConnectedUser, Login, LoginAnswer } from '@voirie/domain';
import { http } from '../../../api';

export const CONNECTED_USER_KEY = ['userConnected'] as const;

export async function fetchConnectedUser(): Promise<ConnectedUser> {
  // Silent: the route guard words its own message ('Echec de la récupération de l'utilisateur : ...').
  const answer = await http.get<ConnectedUser>('userConnected', { silent: true });
  return answer.data;
}

/** The signed-in user, loaded once per session by the route guard. */
export function connectedUserQueryOptions() {
  return queryOptions({ queryKey: CONNECTED_USER_KEY, queryFn: fetchConnectedUser, staleTime: Infinity });
}

/** POST login: silent, because the form shows the failure itself. */
export function login(credentials: Login) {
  return http.post<LoginAnswer>('login', credentials, { silent: true });
}

export function logout() {
  return http.post('logout', undefined, { silent: true });
}
