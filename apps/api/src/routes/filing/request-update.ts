import { currentUser } from '../../http/authenticate.ts';
import { RequestDetailSchema, UPDATE_ACTIONS, UpdateRequestSchema } from '@voirie/domain';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { loadRequestDetail } from '../../requests/detail/request-detail.ts';
import { completeRequest } from '../../requests/filing/complete-request-service.ts';
import { assertMayUpload } from '../../requests/upload-guard.ts';
import { RequestIdParamsSchema } from '../requests/request-cancel.ts';
import { FILING_BODY_LIMIT, filingBody } from './request-file.ts';
import { withSubmission } from './submission.ts';

/**
 * PUT request/{id}: the applicant completes a request in state 8, or an admin updates it in any
 * state ('Mise à jour du dossier'), docs/api-filing.md.
 */
export function requestUpdateRoute(app: ApiApp, ctx: RouteContext) {
  app.put(
    '/api/request/:id',
    {
      config: { policy: signedIn() },
      bodyLimit: FILING_BODY_LIMIT,
      schema: {
        tags: ['Demandes'],
        summary: 'Compléter une demande en complétude, ou la mettre à jour (administrateur)',
        params: RequestIdParamsSchema,
        consumes: ['multipart/form-data', 'application/json'],
        body: filingBody(UpdateRequestSchema),
        response: replies(RequestDetailSchema),
      },
    },
    async (request) => {
      const user = currentUser(request);
      // Before the body is read: the request seen, and completable or updatable by this actor now.
      const authorize = () => assertMayUpload(ctx.db, user, request.params.id, { actions: UPDATE_ACTIONS });
      const done = await withSubmission(request, ctx.filing, { authorize }, (submission) =>
        completeRequest(ctx.filing, user, request.params.id, submission),
      );
      return ok(await loadRequestDetail(ctx.db, user, String(done.id)), done.notice);
    },
  );
}
