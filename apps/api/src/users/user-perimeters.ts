import type { Kysely } from 'kysely';
import {
  USER_ADMIN_MESSAGES,
  USER_PERIMETER_FIELDS,
  USER_PERIMETER_FIELD_NAMES,
  type UserPerimeterIds,
} from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { fieldError, validationError } from '../errors/field-errors.ts';
import type { FieldError } from '../errors/app-error.ts';

/**
 * Checks the perimeters a form links: each exists and is of the field's types — territories for
 * guichet and gestionnaire, an operator group for an operator, a subcontractor group for a
 * subcontractor (docs/data-model.md "Entities"). A 400 naming the field otherwise.
 */
export async function checkPerimeterIds(db: Kysely<Database>, perimeters: UserPerimeterIds): Promise<void> {
  const ids = [...new Set(USER_PERIMETER_FIELD_NAMES.flatMap((field) => perimeters[field] ?? []))];
  if (ids.length === 0) return;
  const rows = await db
    .selectFrom('perimeter')
    .select(['id', 'libelle', 'type'])
    .where('id', 'in', ids)
    // A deleted group can no longer be attached (its accounts were detached).
    .where('deletedAt', 'is', null)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const errors: FieldError[] = [];
  for (const field of USER_PERIMETER_FIELD_NAMES) {
    const accepted: readonly string[] = USER_PERIMETER_FIELDS[field].types;
    for (const id of perimeters[field] ?? []) {
      const row = byId.get(id);
      if (!row) errors.push(fieldError(field, USER_ADMIN_MESSAGES.perimeterUnknown(id)));
      else if (!accepted.includes(row.type))
        errors.push(fieldError(field, USER_ADMIN_MESSAGES.perimeterWrongType(row.libelle)));
    }
  }
  if (errors.length > 0) throw validationError('', errors);
}

/** Replaces the links of each field the form sends (the others stay as they are). */
export async function replacePerimeterLinks(
  trx: Kysely<Database>,
  userId: number,
  perimeters: UserPerimeterIds,
): Promise<void> {
  for (const field of USER_PERIMETER_FIELD_NAMES) {
    const ids = perimeters[field];
    if (ids === undefined) continue;
    const kind = USER_PERIMETER_FIELDS[field].kind;
    await trx.deleteFrom('userPerimeter').where('userId', '=', userId).where('kind', '=', kind).execute();
    const distinct = [...new Set(ids ?? [])];
    if (distinct.length > 0)
      await trx
        .insertInto('userPerimeter')
        .values(distinct.map((perimeterId) => ({ userId, perimeterId, kind })))
        .execute();
  }
}
