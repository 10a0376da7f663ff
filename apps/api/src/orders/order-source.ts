import type { Kysely } from 'kysely';
import type { Database } from '../db/schema/index.ts';
import { loadReferencePlace } from '../geo/services/index.ts';
import { loadRequestDetail } from '../requests/detail/request-detail.ts';
import type { Viewer } from '../requests/visibility.ts';
import type { AlignmentStreet, OrderRecipient, OrderSource } from './flatten.ts';

/** The alignment decision's streets and their points, in the order entered. */
async function loadStreets(db: Kysely<Database>, alignmentId: number): Promise<AlignmentStreet[]> {
  const streets = await db
    .selectFrom('alignmentStreet')
    .select(['id', 'name', 'competence'])
    .where('alignmentId', '=', alignmentId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  if (streets.length === 0) return [];
  const points = await db
    .selectFrom('alignmentPoint')
    .select(['streetId', 'name', 'type', 'distance'])
    .where(
      'streetId',
      'in',
      streets.map((street) => street.id),
    )
    .orderBy('position')
    .orderBy('id')
    .execute();
  return streets.map((street) => ({
    name: street.name,
    competence: street.competence,
    points: points
      .filter((point) => point.streetId === street.id)
      .map(({ name, type, distance }) => ({ name, type, distance })),
  }));
}

const isArray = (value: unknown): value is unknown[] => Array.isArray(value);

/**
 * What an order is merged from: the request's detail (loadRequestDetail) and, where the
 * detail does not carry them, the alignment's streets, the order's recipients and the works'
 * reference place (the published traffic order's, issue 27).
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
      ? await loadStreets(db, alignment.id)
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
