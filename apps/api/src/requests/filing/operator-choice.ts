import { sql, type Kysely } from 'kysely';
import {
  checkOperatorChoice,
  hasRole,
  isMandateInForce,
  operatorChoice,
  type OperatorChoiceContext,
  type PerimeterQuery,
} from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { searchPerimeters, type PerimeterListItem } from '../../geo/services/index.ts';
import { parisToday } from '../french-date.ts';

/** A live (not deleted) operator group by its id: its id and name, or undefined. */
export function findLiveOperator(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('perimeter')
    .select(['id', 'libelle'])
    .where('id', '=', id)
    .where('type', '=', 'operator')
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

/**
 * What the domain's checkOperatorChoice reads of an account: its choice, the live operator
 * groups it belongs to (as an Opérateur), the mandates of the live subcontractor groups it
 * belongs to (as a Sous-traitant), by live operators.
 */
export async function loadOperatorChoice(
  db: Kysely<Database>,
  account: { id: number; roles: readonly string[] },
): Promise<OperatorChoiceContext> {
  const choice = operatorChoice(account);
  const none = { choice, ownOperatorIds: [], mandates: [], isSubcontractor: false };
  if (choice !== 'groups') return none;
  const groups = await db
    .selectFrom('userPerimeter as up')
    .innerJoin('perimeter as g', 'g.id', 'up.perimeterId')
    .select(['g.id', 'g.type', 'up.kind'])
    .where('up.userId', '=', account.id)
    .where('g.deletedAt', 'is', null)
    .execute();
  const ownOperatorIds = hasRole(account, 'ROLE_OPERATEUR')
    ? groups.filter((g) => g.kind === 'operateur' && g.type === 'operator').map((g) => g.id)
    : [];
  const subcontractorIds = hasRole(account, 'ROLE_SOUSTRAITANT')
    ? groups.filter((g) => g.kind === 'soustraitant' && g.type === 'soustraitant').map((g) => g.id)
    : [];
  const mandates =
    subcontractorIds.length === 0
      ? []
      : await db
          .selectFrom('mandate as m')
          .innerJoin('perimeter as o', 'o.id', 'm.operatorId')
          .select([
            'm.operatorId',
            sql<string>`to_char(m.date_from, 'YYYY-MM-DD')`.as('dateFrom'),
            sql<string | null>`to_char(m.date_to, 'YYYY-MM-DD')`.as('dateTo'),
          ])
          .where('m.soustraitantId', 'in', subcontractorIds)
          .where('o.deletedAt', 'is', null)
          .execute();
  return { choice, ownOperatorIds, mandates, isSubcontractor: subcontractorIds.length > 0 };
}

/**
 * The operators an account may attach a filing to on `day`: 'any' (every live operator), or
 * the ids of its own operators and of those whose mandate is in force (none: an empty list).
 */
function fileableOperators(context: OperatorChoiceContext, day: string): 'any' | number[] {
  if (context.choice === 'any') return 'any';
  if (context.choice === 'none') return [];
  const mandated = context.mandates.filter((m) => isMandateInForce(m, day)).map((m) => m.operatorId);
  return [...new Set([...context.ownOperatorIds, ...mandated])].filter(
    (id) => checkOperatorChoice(context, id, day).ok,
  );
}

/**
 * `GET perimeter` / `POST perimeter` for a signed-in account: the search, narrowed with
 * `fileable` to the operators it may file for today.
 */
export async function searchPerimetersFor(
  db: Kysely<Database>,
  account: { id: number; roles: readonly string[] },
  query: PerimeterQuery,
): Promise<PerimeterListItem[]> {
  if (!query.fileable) return searchPerimeters(db, query);
  const operators = fileableOperators(await loadOperatorChoice(db, account), parisToday());
  return searchPerimeters(db, query, { operators });
}
