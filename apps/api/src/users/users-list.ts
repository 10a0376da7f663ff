import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  ASSIGNABLE_ROLES,
  ROLES,
  USER_ADMIN_MESSAGES,
  type Role,
  type UserListItem,
  type UserListPage,
  type UserListQuery,
  type UserSortField,
} from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { presentUserListItem } from './present-user.ts';

export type UserPage = Omit<UserListPage, 'success' | 'message'>;

/** LIKE pattern of a typed text: wildcards escaped, normalized as search_normalize does. */
function contains(text: string): RawBuilder<string> {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<string>`'%' || search_normalize(${escaped}) || '%'`;
}

/**
 * The role label of the list as SQL, in the order of the domain's userRoleLabel: admin,
 * instructor, the other roles, applicant, then 'Pas de role' — so that sorting by role sorts
 * by what the user reads.
 */
function roleLabelSql(): RawBuilder<string> {
  const order: Role[] = [
    'ROLE_ADMIN',
    'ROLE_INSTRUCTEUR',
    ...ASSIGNABLE_ROLES.filter(
      (role) => !['ROLE_ADMIN', 'ROLE_INSTRUCTEUR', 'ROLE_DEMANDEUR'].includes(role),
    ),
    'ROLE_DEMANDEUR',
  ];
  const cases = order.map((role) => sql`WHEN ${role} = ANY(u.role_codes) THEN ${ROLES[role]}`);
  return sql<string>`(CASE ${sql.join(cases, sql` `)} ELSE ${USER_ADMIN_MESSAGES.noRole} END)`;
}

const SORT_COLUMNS: Record<UserSortField, RawBuilder<unknown>> = {
  id: sql`u.id`,
  firstName: sql`lower(u.first_name)`,
  lastName: sql`lower(u.last_name)`,
  email: sql`lower(u.email)`,
  phone: sql`u.phone`,
  role: roleLabelSql(),
};

/**
 * `GET stduser` (docs/screens.md "Users list"): one page of the accounts — active ones, or the
 * disabled ones with `inactive` — matching the text (names, e-mail, phone; accents and case
 * ignored), the role and, with `perimeterRequest`, a perimeter request waiting for an administrator, in the
 * asked order (last name ascending by default; id breaks ties).
 */
export async function listUsers(db: Kysely<Database>, query: UserListQuery): Promise<UserPage> {
  const filter = query.searchFilter ?? {};
  const conditions: RawBuilder<unknown>[] = [sql`u.is_active = ${!filter.inactive}`];
  const text = query.searchText?.trim();
  if (text) {
    conditions.push(
      sql`search_normalize(concat_ws(' ', u.first_name, u.last_name, u.email, u.phone, u.corporation_name)) LIKE ${contains(text)}`,
    );
  }
  if (filter.role === 'none') conditions.push(sql`cardinality(u.role_codes) = 0`);
  else if (filter.role === 'ROLE_USER') conditions.push(sql`true`);
  else if (filter.role) conditions.push(sql`${filter.role} = ANY(u.role_codes)`);
  if (filter.perimeterRequest) conditions.push(sql`u.perimeter_request_pending`);
  const where = sql.join(conditions, sql` AND `);
  const base = sql`(SELECT s.*, array(SELECT r.role_code FROM user_role r WHERE r.user_id = s.id
      AND r.role_code <> 'ROLE_USER' ORDER BY r.role_code) AS role_codes,
      EXISTS (SELECT 1 FROM perimeter_request pr WHERE pr.user_id = s.id AND pr.status = 'pending')
        AS perimeter_request_pending
      FROM std_user s) u`;
  const direction = sql.raw(query.searchDir === 'desc' ? 'DESC' : 'ASC');
  const offset = (query.page - 1) * query.numItemsPerPage;
  const [rows, count] = await Promise.all([
    sql<
      Omit<UserListItem, 'roles'> & { roleCodes: Role[] }
    >`SELECT u.id, u.public_id, u.first_name, u.last_name, u.email, u.phone, u.role_codes, u.is_active, u.picture,
        u.perimeter_request_pending
      FROM ${base} WHERE ${where}
      ORDER BY ${SORT_COLUMNS[query.searchSort]} ${direction} NULLS LAST, u.id ${direction}
      LIMIT ${query.numItemsPerPage} OFFSET ${offset}`.execute(db),
    sql<{ total: string }>`SELECT count(*) AS total FROM ${base} WHERE ${where}`.execute(db),
  ]);
  const total = Number(count.rows[0]?.total ?? 0);
  return {
    data: rows.rows.map((row) => presentUserListItem({ ...row, roles: ['ROLE_USER', ...row.roleCodes] })),
    pagination: {
      page: query.page,
      numItemsPerPage: query.numItemsPerPage,
      total,
      pages: Math.ceil(total / query.numItemsPerPage),
    },
  };
}
