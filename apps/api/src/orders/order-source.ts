import type { Kysely } from 'kysely';
import type { Database } from '../db/schema/index.ts';
import { loadReferencePlace } from '../geo/services/index.ts';
import { loadAlignmentStreets } from '../requests/detail/detail-instruction.ts';
import { loadRequestDetail } from '../requests/detail/request-detail.ts';
import type { Viewer } from '../policies/visibility.ts';
import type { AlignmentStreet, OrderRecipient, OrderSource } from './flatten.ts';

const isArray = (value: unknown): value is unknown[] => Array.isArray(value);

/**
 * What an order is merged from: the request's detail (loadRequestDetail) and, where the
 * detail does not carry them, the alignment's streets, the order's recipients and the works'
 * reference place (the published traffic order's).
 */
export async function loadOrderSource(
  db: Kysely<Database>,
  viewer: Viewer,
  requestId: number,
): Promise<OrderSource> {
  const detail = await loadRequestDetail(db, viewer, String(requestId));
  const alignment = detail.individualAlignmentRequest as { id?: number; rues?: unknown } | null | undefined;
  const rues = isArray(alignment?.rues)
    ? (alignment.rues as AlignmentStreet[])
    : typeof alignment?.id === 'number'
      ? await loadAlignmentStreets(db, alignment.id)
      : [];
  const destinataires = isArray(detail.mailArreteSignes)
    ? (detail.mailArreteSignes as OrderRecipient[])
    : await db
        .selectFrom('mailArreteSigne')
        .select(['mail', 'name'])
        .where('requestId', '=', requestId)
        .orderBy('id')
        .execute();
  return { detail, rues, destinataires, place: await loadReferencePlace(db, requestId) };
}
