import { z } from 'zod';
import { RequestKindSchema, STATES, StateSchema } from '@voirie/domain';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp } from '../../http/types.ts';

/** GET state?type: the request states and their names (docs/api-requests.md). */
export function statesRoute(app: ApiApp) {
  app.get(
    '/api/state',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Demandes'],
        summary: 'États des demandes',
        querystring: z.object({ type: z.coerce.number().pipe(RequestKindSchema).optional() }),
        response: replies(z.array(StateSchema)),
      },
    },
    () => ok(STATES.map((state) => ({ id: state.id, name: state.name }))),
  );
}
