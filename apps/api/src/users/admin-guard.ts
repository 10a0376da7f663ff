import { sql, type Kysely } from 'kysely';
import { USER_ADMIN_MESSAGES, leavesNoActiveAdmin } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';

/** Advisory lock key of the changes that may remove an administrator ('admn' in ASCII). */
const ADMINS_LOCK = 0x61646d6e;

/**
 * Refuses (409) a change that would leave no active administrator: disabling the last one, or
 * taking its role away. Changes of administrators are serialized by a lock, so that two admins
 * disabling each other at once cannot both succeed.
 */
export async function assertAnAdminRemains(
  trx: Kysely<Database>,
  args: { targetId: number; rolesAfter: readonly string[] | null },
): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${ADMINS_LOCK})`.execute(trx);
  const admins = await trx
    .selectFrom('userRole as r')
    .innerJoin('stdUser as u', 'u.id', 'r.userId')
    .select('u.id')
    .where('r.roleCode', '=', 'ROLE_ADMIN')
    .where('u.isActive', '=', true)
    .execute();
  const activeAdminIds = admins.map((row) => row.id);
  if (leavesNoActiveAdmin({ activeAdminIds, targetId: args.targetId, rolesAfter: args.rolesAfter }))
    throw new AppError('CONFLICT', USER_ADMIN_MESSAGES.lastAdmin);
}
