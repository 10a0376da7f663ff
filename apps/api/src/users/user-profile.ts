import { isIndividualNature, normalizeRoles, type Role, type UserForm } from '@voirie/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema/index.ts';

const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/**
 * The profile columns a user form sets (docs/data-model.md "Entities"): empty strings become null
 * (docs/validation.md "Common rules").
 */
export function profileColumns(form: UserForm) {
  return {
    nature: form.nature,
    title: blankToNull(form.title),
    lastName: blankToNull(form.lastName),
    firstName: blankToNull(form.firstName),
    phone: blankToNull(form.phone),
    phoneIndicative: blankToNull(form.phoneIndicative),
    isCorporation: form.isCorporation ?? !isIndividualNature(form.nature),
    corporationName: blankToNull(form.corporationName),
    corporationSiret: blankToNull(form.corporationSiret),
    corporationAgentTitle: blankToNull(form.corporationAgentTitle),
    corporationAgent: blankToNull(form.corporationAgent),
    addressNum: blankToNull(form.addressNum),
    addressExt: blankToNull(form.addressExt),
    addressType: blankToNull(form.addressType),
    addressName: blankToNull(form.addressName),
    addressCity: blankToNull(form.addressCity),
    addressPostalCode: blankToNull(form.addressPostalCode),
    place: blankToNull(form.place),
    country: blankToNull(form.country),
    ...(form.jobTitle === undefined ? {} : { jobTitle: blankToNull(form.jobTitle) }),
  };
}

/** Sets a user's stored roles (ROLE_USER is implicit, never stored twice). */
export async function replaceRoles(
  trx: Kysely<Database>,
  userId: number,
  roles: readonly string[],
): Promise<Role[]> {
  const stored = normalizeRoles(roles);
  await trx.deleteFrom('userRole').where('userId', '=', userId).execute();
  if (stored.length > 0)
    await trx
      .insertInto('userRole')
      .values(stored.map((roleCode) => ({ userId, roleCode })))
      .execute();
  return stored;
}
