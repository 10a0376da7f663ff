import { ConnectedUserSchema } from '@voirie/domain';
import { currentUser } from '../../http/authenticate.ts';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp } from '../../http/types.ts';
import { presentConnectedUser } from '../../accounts/user-repository.ts';

/** GET userConnected: the signed-in user. */
export function userConnectedRoute(app: ApiApp) {
  app.get(
    '/api/userConnected',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Comptes'],
        summary: 'Utilisateur connecté',
        response: replies(ConnectedUserSchema),
      },
    },
    (request) => ok(presentConnectedUser(currentUser(request))),
  );
}
