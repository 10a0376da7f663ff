import type { Kysely } from 'kysely';
import { signatoryName } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';

/** The signatory as the register keeps it: « Prénom Nom » and « Fonction » at signing time. */
export interface SignatoryText {
  signatoryName: string;
  signatoryTitle: string | null;
}

/**
 * Who signs the acts of a request (docs/acts.md « Signatory »): the signatory chosen when its
 * orders were generated, else the account recording the signature (orders generated before the
 * choice existed, or uploaded signed without a generation).
 */
export async function signatoryAtSigning(
  trx: Kysely<Database>,
  requestId: number,
  recorderId: number,
): Promise<SignatoryText> {
  const request = await trx
    .selectFrom('request')
    .select('signatoryId')
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  const account = await trx
    .selectFrom('stdUser')
    .select(['firstName', 'lastName', 'email', 'jobTitle'])
    .where('id', '=', request.signatoryId ?? recorderId)
    .executeTakeFirstOrThrow();
  return { signatoryName: signatoryName(account), signatoryTitle: account.jobTitle };
}
