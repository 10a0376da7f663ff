import type { Kysely } from 'kysely';
import {
  ACT_SIGNATORY_MESSAGES,
  CAPABILITIES,
  WORKFLOW_MESSAGES,
  canUser,
  maySignActs,
  signatoryName,
  type RequestSignatories,
  type SignatoryOption,
} from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { fieldError, validationError } from '../../errors/field-errors.ts';
import type { Actor } from '../../policies/visibility.ts';
import { findVisibleRequest } from '../list-service.ts';

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

/** The account when it may sign (an active instructor or administrator), else undefined. */
async function signingAccount(db: Kysely<Database>, id: number): Promise<SignatoryOption | undefined> {
  const account = await db
    .selectFrom('stdUser')
    .select(['id', 'firstName', 'lastName', 'jobTitle', 'isActive'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!account) return undefined;
  const roles = await db.selectFrom('userRole').select('roleCode').where('userId', '=', id).execute();
  const { isActive, ...signatory } = account;
  return maySignActs({ isActive, roles: roles.map((row) => row.roleCode) }) ? signatory : undefined;
}

/** The request's last signatory while it may still sign, else the account given when it may. */
async function defaultSignatory(
  db: Kysely<Database>,
  requestId: number,
  actorId: number,
): Promise<SignatoryOption | undefined> {
  const request = await db
    .selectFrom('request')
    .select('signatoryId')
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  const last = request.signatoryId === null ? undefined : await signingAccount(db, request.signatoryId);
  return last ?? (await signingAccount(db, actorId));
}

/**
 * Who signs the orders about to be generated, printed by its names and « Fonction » (docs/acts.md
 * « Signatory »): the account asked, which must be an active instructor or administrator (400
 * otherwise); without one, the request's last signatory while it still may sign, else the
 * instructor generating.
 */
export async function chooseSignatory(
  db: Kysely<Database>,
  requestId: number,
  actorId: number,
  asked: number | undefined,
): Promise<SignatoryOption> {
  if (asked !== undefined) {
    const chosen = await signingAccount(db, asked);
    if (!chosen) throw validationError('', [fieldError('signatoryId', ACT_SIGNATORY_MESSAGES.notAllowed)]);
    return chosen;
  }
  return (
    (await defaultSignatory(db, requestId, actorId)) ?? {
      id: actorId,
      firstName: null,
      lastName: null,
      jobTitle: null,
    }
  );
}

/**
 * `GET request/{id}/signatories` (docs/api-instruction.md « Order »): the accounts that may sign
 * the request's orders, by name, and the one the generation dialog preselects. A request the
 * account cannot see is 404; an account that does not instruct, 403.
 */
export async function requestSignatories(
  db: Kysely<Database>,
  actor: Actor,
  key: string,
): Promise<RequestSignatories> {
  const row = await findVisibleRequest(db, actor, key);
  if (!canUser(actor, 'instructRequests')) throw new AppError('FORBIDDEN', WORKFLOW_MESSAGES.role);
  // The accounts holding a role that instructs; maySignActs decides, as at generation.
  const holders = await db
    .selectFrom('stdUser as u')
    .innerJoin('userRole as r', 'r.userId', 'u.id')
    .select(['u.id', 'u.firstName', 'u.lastName', 'u.jobTitle', 'u.isActive', 'r.roleCode'])
    .where('u.isActive', '=', true)
    .where('r.roleCode', 'in', [...CAPABILITIES.instructRequests])
    .orderBy('u.lastName')
    .orderBy('u.firstName')
    .orderBy('u.id')
    .execute();
  const signatories = new Map<number, SignatoryOption>();
  for (const { isActive, roleCode, ...account } of holders)
    if (!signatories.has(account.id) && maySignActs({ isActive, roles: [roleCode] }))
      signatories.set(account.id, account);
  const preselected = await defaultSignatory(db, row.id, actor.id);
  return { signatories: [...signatories.values()], defaultId: preselected?.id ?? null };
}
