import type { Kysely } from 'kysely';
import { canUser } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Viewer } from '../../policies/visibility.ts';

/** The objects the catalogue's step-by-step PUTs edit, and how a request points at each. */
export type CatalogueObject = 'petitioner' | 'cerfa14023' | 'alignment';
/** What its GETs read: those, and the traffic-order form (filed only with its request). */
export type ReadableObject = CatalogueObject | 'cerfa14024';

const REQUEST_COLUMN = {
  cerfa14023: 'cerfa14023Id',
  cerfa14024: 'cerfa14024Id',
  alignment: 'alignmentId',
} as const;

export const CATALOGUE_NOT_FOUND = "Cet élément n'existe pas ou ne vous est pas accessible.";

/** The catalogue's POSTs: whoever may create requests (the road manager only reads). */
export function assertMayCreate(actor: Viewer): void {
  if (!canUser(actor, 'createRequests'))
    throw new AppError('FORBIDDEN', "Vous n'avez pas les droits pour effectuer cette action.");
}

/**
 * The request an edited object belongs to, and which party it is. A party, works form or
 * alignment changes only through its request's workflow: an object attached to no
 * request is a 404 for everyone, as is one whose request the actor does not see (the transition
 * runner checks that next).
 */
export async function requestOfObject(
  db: Kysely<Database>,
  object: ReadableObject,
  id: number,
): Promise<{ requestId: number; party: 'petitioner' | 'beneficiary' | null }> {
  const base = db
    .selectFrom('request')
    .select(['id', 'petitionerId', 'beneficiaryId'])
    .orderBy('id')
    .limit(1);
  const query =
    object === 'petitioner'
      ? base.where((eb) => eb.or([eb('petitionerId', '=', id), eb('beneficiaryId', '=', id)]))
      : base.where(REQUEST_COLUMN[object], '=', id);
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', CATALOGUE_NOT_FOUND);
  const party = object !== 'petitioner' ? null : row.petitionerId === id ? 'petitioner' : 'beneficiary';
  return { requestId: row.id, party };
}
