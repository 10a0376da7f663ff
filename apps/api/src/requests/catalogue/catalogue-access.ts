import type { Kysely } from 'kysely';
import { NOT_IN_COMPLETENESS_MESSAGE, can, canUser } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { workflowRequestOf } from '../../policies/request-policy.ts';
import type { Viewer } from '../visibility.ts';

/** The objects the catalogue's step-by-step PUTs edit, and how a request points at each. */
export type CatalogueObject = 'petitioner' | 'cerfa14023' | 'alignment';

const NOT_FOUND = "Cet élément n'existe pas ou ne vous est pas accessible.";

/** The catalogue's POSTs: whoever may create requests (the road manager only reads). */
export function assertMayCreate(actor: Viewer): void {
  if (!canUser(actor, 'createRequests')) throw new AppError('FORBIDDEN', "Vous n'avez pas les droits pour effectuer cette action.");
}

/**
 * The catalogue's PUTs: instructors and admins on any object; anyone else only on an object
 * attached to a request it filed, and only while that request is in completeness (state 8).
 * An object the user has no claim on is a 404 (its existence is not told).
 */
export async function assertMayEdit(db: Kysely<Database>, actor: Viewer, object: CatalogueObject, id: number): Promise<void> {
  const base = db.selectFrom('request').select(['id', 'stateId', 'type', 'sendToSign', 'ownerUserId', 'alignmentId']);
  const query =
    object === 'petitioner'
      ? base.where((eb) => eb.or([eb('petitionerId', '=', id), eb('beneficiaryId', '=', id)]))
      : base.where(object === 'cerfa14023' ? 'cerfa14023Id' : 'alignmentId', '=', id);
  const rows = await query.execute();
  if (canUser(actor, 'instructRequests')) return;
  const own = rows.filter((row) => row.ownerUserId === actor.id);
  if (own.length === 0) throw new AppError('NOT_FOUND', NOT_FOUND);
  // The workflow's 'complete' row: the owner, in state 8, not in signature.
  const refused = own.map((row) => can(actor, 'complete', workflowRequestOf({ ...row, beneficiaryUserId: null, hasGeometry: false }))).find((result) => !result.ok);
  if (refused) throw new AppError('STATE_CONFLICT', NOT_IN_COMPLETENESS_MESSAGE);
}

export const CATALOGUE_NOT_FOUND = NOT_FOUND;
