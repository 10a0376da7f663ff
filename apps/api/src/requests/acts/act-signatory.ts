import type { Kysely } from 'kysely';
import { ACT_SIGNATORY_MESSAGES, maySignActs, signatoryName } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { fieldError, validationError } from '../../errors/field-errors.ts';

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

/** The signatory printed on a generated order: its names and « Fonction », '' where it has none. */
export interface OrderSignatory {
  firstName: string | null;
  lastName: string | null;
  jobTitle: string | null;
}

/**
 * Who signs the orders about to be generated (docs/acts.md « Signatory »): the account asked,
 * which must be an active instructor or administrator (400 otherwise); without one, the
 * request's last signatory while it still may sign, else the instructor generating.
 */
export async function chooseSignatory(
  db: Kysely<Database>,
  requestId: number,
  actorId: number,
  asked: number | undefined,
): Promise<{ id: number } & OrderSignatory> {
  const candidate = async (id: number) => {
    const account = await db
      .selectFrom('stdUser')
      .select(['id', 'firstName', 'lastName', 'jobTitle', 'isActive'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!account) return undefined;
    const roles = await db.selectFrom('userRole').select('roleCode').where('userId', '=', id).execute();
    const { isActive, ...signatory } = account;
    return maySignActs({ isActive, roles: roles.map((row) => row.roleCode) }) ? signatory : undefined;
  };
  if (asked !== undefined) {
    const chosen = await candidate(asked);
    if (!chosen) throw validationError('', [fieldError('signatoryId', ACT_SIGNATORY_MESSAGES.notAllowed)]);
    return chosen;
  }
  const request = await db
    .selectFrom('request')
    .select('signatoryId')
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  const last = request.signatoryId === null ? undefined : await candidate(request.signatoryId);
  return (
    last ?? (await candidate(actorId)) ?? { id: actorId, firstName: null, lastName: null, jobTitle: null }
  );
}
