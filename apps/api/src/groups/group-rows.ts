import { sql, type Kysely } from 'kysely';
import {
  GROUP_MESSAGES,
  isGroupType,
  type GroupType,
  type Perimeter,
  type PerimeterRef,
} from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';
import { fieldError, validationError } from '../errors/field-errors.ts';

// The rows behind a group: the group itself (a live perimeter of type operator or soustraitant)
// and an operator's member territories.

/** A live group as stored. */
export interface GroupRow {
  id: number;
  libelle: string;
  code: string | null;
  type: GroupType;
}

/**
 * The live group `id`, locked for the transaction's writes: 404 when no live perimeter has that
 * id, 409 when it is a territory (department, EPCI, town: never edited nor deleted here).
 */
export async function lockGroup(trx: Kysely<Database>, id: number): Promise<GroupRow> {
  const row = await trx
    .selectFrom('perimeter')
    .select(['id', 'libelle', 'code', 'type'])
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', GROUP_MESSAGES.notFound);
  const type = row.type;
  if (!isGroupType(type)) throw new AppError('CONFLICT', GROUP_MESSAGES.territoryReadOnly);
  return { ...row, type };
}

/** The member territories of an operator, by name. */
export async function loadMembers(db: Kysely<Database>, groupId: number): Promise<PerimeterRef[]> {
  const rows = await db
    .selectFrom('perimeterMember as m')
    .innerJoin('perimeter as t', 't.id', 'm.perimeterId')
    .select(['t.id', 't.libelle', 't.type'])
    .where('m.operatorId', '=', groupId)
    .where('t.type', 'in', ['department', 'epci', 'town'])
    .orderBy(sql`search_normalize(t.libelle)`)
    .orderBy('t.id')
    .execute();
  return rows.map((row) => ({ ...row, type: row.type as PerimeterRef['type'] }));
}

/** A group as the API answers it: its fields and its member territories. */
export async function presentGroup(db: Kysely<Database>, group: GroupRow): Promise<Perimeter> {
  return { ...group, perimeters: await loadMembers(db, group.id) };
}

/**
 * Checks that every id is a territory (department, EPCI, town); 400 naming each one that is
 * not (nothing written).
 */
export async function checkTerritories(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .selectFrom('perimeter')
    .select('id')
    .where('id', 'in', ids)
    .where('type', 'in', ['department', 'epci', 'town'])
    .execute();
  const known = new Set(found.map((row) => row.id));
  const errors = ids.flatMap((id, index) =>
    known.has(id)
      ? []
      : [fieldError(`perimeterIds.${String(index)}`, GROUP_MESSAGES.perimeterNotTerritory(id))],
  );
  if (errors.length > 0) throw validationError('', errors);
}

/** Replaces an operator's member territories; returns the names before and after, for the history. */
export async function replaceMembers(
  trx: Kysely<Database>,
  groupId: number,
  ids: readonly number[],
): Promise<{ before: string[]; after: string[] }> {
  const before = (await loadMembers(trx, groupId)).map((member) => member.libelle);
  await trx.deleteFrom('perimeterMember').where('operatorId', '=', groupId).execute();
  if (ids.length > 0)
    await trx
      .insertInto('perimeterMember')
      .values(ids.map((perimeterId) => ({ operatorId: groupId, perimeterId })))
      .execute();
  const after = (await loadMembers(trx, groupId)).map((member) => member.libelle);
  return { before, after };
}

/** 409 when another live group of the type already has this SIRET (the unique index's rule, worded). */
export async function assertSiretFree(
  trx: Kysely<Database>,
  group: { type: GroupType; code: string; exceptId: number | null },
): Promise<void> {
  let query = trx
    .selectFrom('perimeter')
    .select('libelle')
    .where('type', '=', group.type)
    .where('code', '=', group.code)
    .where('deletedAt', 'is', null);
  if (group.exceptId !== null) query = query.where('id', '<>', group.exceptId);
  const other = await query.executeTakeFirst();
  if (other) throw new AppError('CONFLICT', GROUP_MESSAGES.duplicateSiret(group.type, other.libelle));
}

/** The unique index's violation (two admins saving the same SIRET at once), as the same 409. */
export function siretConflict(error: unknown, group: { type: GroupType; libelle: string }): unknown {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  if (code === '23505' && (constraint === undefined || constraint === 'perimeter_group_code_key'))
    return new AppError('CONFLICT', GROUP_MESSAGES.duplicateSiret(group.type, group.libelle));
  return error;
}
