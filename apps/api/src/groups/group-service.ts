import { sql, type Kysely } from 'kysely';
import { GROUP_MESSAGES, GROUP_NOUNS, type GroupForm, type GroupType, type Perimeter } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { fieldError, validationError } from '../errors/field-errors.ts';
import { fieldChanges } from '../history/changes.ts';
import { writeHistory, type HistoryEntry } from '../history/history.ts';
import {
  assertSiretFree,
  checkTerritories,
  lockGroup,
  presentGroup,
  replaceMembers,
  siretConflict,
} from './group-rows.ts';

// Operators and subcontractors (docs/api-groups.md): each write checks,
// changes and traces in one transaction. Only groups are written: territories come from the
// geographic reference and are never edited nor deleted.

type Actor = NonNullable<HistoryEntry['actor']>;

const context = (verb: 'Ajout' | 'Modification' | 'Suppression', type: GroupType) =>
  `${verb} d'un ${GROUP_NOUNS[type].title.toLowerCase()}`;

/**
 * `POST perimeter` with a group form: a new operator (with its member territories) or
 * subcontractor. 400 for a member that is not a territory, 409 for a SIRET another live group of
 * the type holds. Returns the group with its members.
 */
export async function createGroup(
  db: Kysely<Database>,
  input: { form: GroupForm; actor: Actor },
): Promise<Perimeter> {
  const { form } = input;
  try {
    return await db.transaction().execute(async (trx) => {
      await checkTerritories(trx, form.perimeterIds);
      await assertSiretFree(trx, { type: form.type, code: form.code, exceptId: null });
      const row = await trx
        .insertInto('perimeter')
        .values({ libelle: form.libelle, code: form.code, type: form.type, geom: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const members = await replaceMembers(trx, row.id, form.perimeterIds);
      await writeHistory(trx, {
        entity: 'perimeter',
        entityId: row.id,
        actor: input.actor,
        context: context('Ajout', form.type),
        data: { libelle: form.libelle, code: form.code, perimeters: members.after },
      });
      return presentGroup(trx, { id: row.id, libelle: form.libelle, code: form.code, type: form.type });
    });
  } catch (error) {
    throw siretConflict(error, form);
  }
}

/**
 * `PUT perimeter/{id}`: renames a group, changes its SIRET and (an operator) its member
 * territories; its type never changes (400). 404 for no live group, 409 for a territory or a
 * SIRET taken. The history keeps each changed field before and after.
 */
export async function updateGroup(
  db: Kysely<Database>,
  input: { id: number; form: GroupForm; actor: Actor },
): Promise<Perimeter> {
  const { form } = input;
  try {
    return await db.transaction().execute(async (trx) => {
      const group = await lockGroup(trx, input.id);
      if (group.type !== form.type)
        throw validationError('', [fieldError('type', GROUP_MESSAGES.typeChanged)]);
      await checkTerritories(trx, form.perimeterIds);
      await assertSiretFree(trx, { type: form.type, code: form.code, exceptId: group.id });
      await trx
        .updateTable('perimeter')
        .set({ libelle: form.libelle, code: form.code })
        .where('id', '=', group.id)
        .execute();
      const members = await replaceMembers(trx, group.id, form.perimeterIds);
      const changes = fieldChanges(
        { libelle: group.libelle, code: group.code, perimeters: members.before.join(', ') },
        { libelle: form.libelle, code: form.code, perimeters: members.after.join(', ') },
      );
      await writeHistory(trx, {
        entity: 'perimeter',
        entityId: group.id,
        actor: input.actor,
        context: context('Modification', group.type),
        data: { libelle: form.libelle, changes },
      });
      return presentGroup(trx, { ...group, libelle: form.libelle, code: form.code });
    });
  } catch (error) {
    throw siretConflict(error, form);
  }
}

/**
 * `DELETE perimeter/{id}` (groups only; a territory is a 409): the group leaves every list,
 * search, filing choice and account — its accounts are detached (they keep their role and
 * their own requests, and see nothing more through this group), its mandates (given or held)
 * end — while the requests filed for an operator keep it, by name. The group row stays, marked
 * deleted, so that those requests still say for whom they were filed. Returns the group as it was.
 */
export async function deleteGroup(
  db: Kysely<Database>,
  input: { id: number; actor: Actor },
): Promise<Perimeter> {
  return db.transaction().execute(async (trx) => {
    const group = await lockGroup(trx, input.id);
    const presented = await presentGroup(trx, group);
    const accounts = await trx
      .deleteFrom('userPerimeter')
      .where('perimeterId', '=', group.id)
      .returning('userId')
      .execute();
    const mandates = await trx
      .deleteFrom('mandate')
      .where((eb) => eb.or([eb('soustraitantId', '=', group.id), eb('operatorId', '=', group.id)]))
      .returning('id')
      .execute();
    const requests = await trx
      .selectFrom('request')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('operatorPerimeterId', '=', group.id)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('perimeter')
      .set({ deletedAt: sql`now()` })
      .where('id', '=', group.id)
      .execute();
    await writeHistory(trx, {
      entity: 'perimeter',
      entityId: group.id,
      actor: input.actor,
      context: context('Suppression', group.type),
      data: {
        libelle: group.libelle,
        code: group.code,
        detachedAccounts: [...new Set(accounts.map((row) => row.userId))].length,
        endedMandates: mandates.length,
        keptRequests: requests.n,
      },
    });
    return presented;
  });
}
