import { sql, type Kysely } from 'kysely';
import { canUser, type RequestComment } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { findVisibleRequest } from '../list-service.ts';
import type { Viewer } from '../../policies/visibility.ts';

/**
 * `GET request/{id}/comments` (docs/screens.md "Request detail", the comments viewer): every
 * comment written on the request — completeness, decision, the signatory's refusal, the reception's
 * refusal reasons, a road disturbance — oldest first, with its author and date. They are the
 * history entries that carry a `comment`; one marked `staffOnly` (the signatory's refusal) is shown
 * to instructors and admins only.
 */
export async function loadComments(
  db: Kysely<Database>,
  viewer: Viewer,
  key: string,
): Promise<RequestComment[]> {
  const row = await findVisibleRequest(db, viewer, key);
  const staff = canUser(viewer, 'instructRequests');
  const entries = await db
    .selectFrom('historyLog as h')
    .leftJoin('stdUser as u', 'u.id', 'h.userId')
    .select([
      'h.loggedAt',
      'h.context',
      sql<string>`h.data->>'comment'`.as('text'),
      sql<boolean>`coalesce((h.data->>'staffOnly')::boolean, false)`.as('staffOnly'),
      sql<string | null>`coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), h.email)`.as(
        'author',
      ),
    ])
    .where('h.entity', '=', 'request')
    .where('h.entityId', '=', row.id)
    .where(sql<boolean>`jsonb_typeof(h.data->'comment') = 'string' AND length(trim(h.data->>'comment')) > 0`)
    .orderBy('h.loggedAt')
    .orderBy('h.id')
    .execute();
  return entries
    .filter((entry) => staff || !entry.staffOnly)
    .map((entry) => ({
      at: new Date(entry.loggedAt).toISOString(),
      author: entry.author,
      context: entry.context,
      text: entry.text.trim(),
    }));
}
