import { sql, type Kysely } from 'kysely';
import {
  GROUP_MESSAGES,
  canUser,
  isGroupType,
  mandateStatus,
  periodsOverlap,
  type Mandate,
  type MandateForm,
} from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';
import { fieldError, validationError } from '../errors/field-errors.ts';
import { writeHistory, type HistoryEntry } from '../history/history.ts';
import type { Viewer } from '../policies/visibility.ts';
import { lockGroup } from './group-rows.ts';
import { parisToday } from '../requests/french-date.ts';
import { findLiveOperator } from '../requests/filing/operator-choice.ts';

// Mandates: a subcontractor group works for an operator group from one day to another
// (both included; no end: open-ended). Its accounts file for that operator only while a mandate
// is in force, and see what their group filed under one (policies/visibility.ts).

type Actor = NonNullable<HistoryEntry['actor']>;

/** A mandate given or ended, in the subcontractor group's history. */
function writeMandateHistory(
  trx: Kysely<Database>,
  groupId: number,
  actor: Actor,
  context: string,
  data: { operateur: string; du: string; au: string | null },
): Promise<void> {
  return writeHistory(trx, { entity: 'perimeter', entityId: groupId, actor, context, data });
}

function mandatesQuery(db: Kysely<Database>) {
  return db
    .selectFrom('mandate as m')
    .innerJoin('perimeter as s', 's.id', 'm.soustraitantId')
    .innerJoin('perimeter as o', 'o.id', 'm.operatorId')
    .select([
      'm.id',
      'm.soustraitantId',
      's.libelle as soustraitantLibelle',
      'm.operatorId',
      'o.libelle as operatorLibelle',
      sql<string>`to_char(m.date_from, 'YYYY-MM-DD')`.as('dateFrom'),
      sql<string | null>`to_char(m.date_to, 'YYYY-MM-DD')`.as('dateTo'),
    ])
    .orderBy('m.dateFrom', 'desc')
    .orderBy('m.id');
}

type MandateRow = Omit<Mandate, 'status'>;

const present = (row: MandateRow, day: string): Mandate => ({ ...row, status: mandateStatus(row, day) });

/**
 * `GET perimeter/{id}/mandates`: the mandates a subcontractor group holds, or those an operator
 * group gave, newest first, each with its status today. Admins, and the accounts of that group;
 * 403 for others, 404 for no live group.
 */
export async function listMandates(
  db: Kysely<Database>,
  viewer: Viewer,
  groupId: number,
): Promise<Mandate[]> {
  const group = await db
    .selectFrom('perimeter')
    .select(['id', 'type'])
    .where('id', '=', groupId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!group || !isGroupType(group.type)) throw new AppError('NOT_FOUND', GROUP_MESSAGES.notFound);
  if (!canUser(viewer, 'manageGroups')) {
    const member = await db
      .selectFrom('userPerimeter')
      .select('userId')
      .where('userId', '=', viewer.id)
      .where('perimeterId', '=', groupId)
      .executeTakeFirst();
    if (!member) throw new AppError('FORBIDDEN', GROUP_MESSAGES.mandatesForbidden);
  }
  const column = group.type === 'soustraitant' ? 'm.soustraitantId' : 'm.operatorId';
  const rows = await mandatesQuery(db).where(column, '=', groupId).execute();
  const day = parisToday();
  return rows.map((row) => present(row, day));
}

/**
 * `POST perimeter/{id}/mandates`: the subcontractor group `id` is mandated by a live operator
 * for the period. 409 when `id` is not a subcontractor or the period overlaps one of its
 * mandates by the same operator; 400 for an unknown operator. Traced in the group's history.
 */
export async function addMandate(
  db: Kysely<Database>,
  input: { groupId: number; form: MandateForm; actor: Actor },
): Promise<Mandate> {
  const { form } = input;
  return db.transaction().execute(async (trx) => {
    const group = await lockGroup(trx, input.groupId);
    if (group.type !== 'soustraitant')
      throw new AppError('CONFLICT', GROUP_MESSAGES.mandatesOfSubcontractorOnly);
    const operator = await findLiveOperator(trx, form.operatorId);
    if (!operator)
      throw validationError('', [fieldError('operatorId', GROUP_MESSAGES.mandateOperatorUnknown)]);
    const existing = await mandatesQuery(trx)
      .where('m.soustraitantId', '=', group.id)
      .where('m.operatorId', '=', operator.id)
      .execute();
    if (existing.some((mandate) => periodsOverlap(mandate, form)))
      throw new AppError('CONFLICT', GROUP_MESSAGES.mandateOverlap);
    const { id } = await trx
      .insertInto('mandate')
      .values({
        soustraitantId: group.id,
        operatorId: operator.id,
        dateFrom: form.dateFrom,
        dateTo: form.dateTo,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeMandateHistory(trx, group.id, input.actor, "Ajout d'un mandat", {
      operateur: operator.libelle,
      du: form.dateFrom,
      au: form.dateTo,
    });
    const row = await mandatesQuery(trx).where('m.id', '=', id).executeTakeFirstOrThrow();
    return present(row, parisToday());
  });
}

/** `DELETE perimeter/{id}/mandates/{mandateId}`: ends a mandate of the subcontractor group (404 when it has no such mandate). */
export async function removeMandate(
  db: Kysely<Database>,
  input: { groupId: number; mandateId: number; actor: Actor },
): Promise<Mandate> {
  return db.transaction().execute(async (trx) => {
    const group = await lockGroup(trx, input.groupId);
    const row = await mandatesQuery(trx)
      .where('m.id', '=', input.mandateId)
      .where('m.soustraitantId', '=', group.id)
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', GROUP_MESSAGES.mandateNotFound);
    await trx.deleteFrom('mandate').where('id', '=', row.id).execute();
    await writeMandateHistory(trx, group.id, input.actor, "Suppression d'un mandat", {
      operateur: row.operatorLibelle,
      du: row.dateFrom,
      au: row.dateTo,
    });
    return present(row, parisToday());
  });
}
