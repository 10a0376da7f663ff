import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { currentUser } from '../../http/authenticate.ts';
import { fileReplies } from '../../http/envelope.ts';
import { signedIn, withRoles } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { ADMIN_EXPORT_HEADER, BOM, EXPORT_HEADER, csvLine, exportLine } from '../../requests/csv.ts';
import { filtersOf, RequestListParamsSchema, type RequestListParams } from '../../requests/list-filters.ts';
import { exportRows } from '../../requests/list-service.ts';

/**
 * GET export and export/admin: the filtered list as Export.csv, streamed (docs/api-requests.md,
 * docs/workflow.md "Who may do what").
 */
export function requestExportRoutes(app: ApiApp, ctx: RouteContext) {
  const send =
    (admin: boolean) =>
    (request: FastifyRequest<{ Querystring: RequestListParams }>, reply: FastifyReply) => {
      const viewer = currentUser(request);
      const query = request.query;
      async function* lines() {
        yield BOM + csvLine(admin ? ADMIN_EXPORT_HEADER : EXPORT_HEADER);
        for await (const batch of exportRows(ctx.db, viewer, filtersOf(query), query, ctx.databaseKind)) {
          yield batch.map((row) => exportLine(row, admin)).join('');
        }
      }
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="Export.csv"')
          // One batch ahead of the socket at most.
          .send(Readable.from(lines(), { highWaterMark: 1 }))
      );
    };
  app.get(
    '/api/export',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Demandes'],
        summary: 'Export CSV des demandes',
        querystring: RequestListParamsSchema,
        response: fileReplies('Export.csv (text/csv)'),
      },
    },
    send(false),
  );
  app.get(
    '/api/export/admin',
    {
      config: { policy: withRoles('ROLE_ADMIN', 'ROLE_INSTRUCTEUR') },
      schema: {
        tags: ['Demandes'],
        summary: 'Export CSV des demandes (administration)',
        querystring: RequestListParamsSchema,
        response: fileReplies('Export.csv (text/csv)'),
      },
    },
    send(true),
  );
}
