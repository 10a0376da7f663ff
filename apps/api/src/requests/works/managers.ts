import { sql, type Kysely } from 'kysely';
import type { InstructorChoice, Manager, RequestManagers } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { findVisibleRequest } from '../list-service.ts';
import type { Viewer } from '../../policies/visibility.ts';

const NAME = sql<string>`coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email)`;

/** The active instructors (`GET instructors`): whom a road-disturbance report may name. */
export async function listInstructors(db: Kysely<Database>): Promise<InstructorChoice[]> {
  return db
    .selectFrom('stdUser as u')
    .innerJoin('userRole as ur', 'ur.userId', 'u.id')
    .select(['u.id', NAME.as('name')])
    .where('ur.roleCode', '=', 'ROLE_INSTRUCTEUR')
    .where('u.isActive', '=', true)
    .orderBy('u.lastName')
    .orderBy('u.id')
    .execute();
}

/**
 * `GET request/{id}/managers` (docs/api-works.md): the request's instructor, and the road managers
 * (ROLE_GESTIONNAIRE) whose territory meets the works' footprint or point.
 */
export async function loadManagers(
  db: Kysely<Database>,
  viewer: Viewer,
  key: string,
): Promise<RequestManagers> {
  const row = await findVisibleRequest(db, viewer, key);
  const instructor: Manager | undefined =
    row.instructeurId === null
      ? undefined
      : await db
          .selectFrom('stdUser as u')
          .select(['u.id', NAME.as('name'), 'u.email'])
          .where('u.id', '=', row.instructeurId)
          .executeTakeFirst();
  const { rows: roadManagers } = await sql<Manager>`
    SELECT DISTINCT u.id, ${NAME} AS name, u.email, u.last_name
    FROM std_user u
    JOIN user_role ur ON ur.user_id = u.id AND ur.role_code = 'ROLE_GESTIONNAIRE'
    JOIN user_perimeter up ON up.user_id = u.id AND up.kind = 'gestionnaire'
    JOIN perimeter pe ON pe.id = up.perimeter_id AND pe.geom IS NOT NULL
    JOIN request r ON r.id = ${row.id}
    WHERE u.is_active
      AND ((r.the_geom IS NOT NULL AND r.the_geom && pe.geom
            AND ST_Intersects(ST_MakeValid(r.the_geom), ST_MakeValid(pe.geom)))
        OR (r.the_geom IS NULL AND r.lon IS NOT NULL AND r.lat IS NOT NULL
            AND ST_Intersects(ST_SetSRID(ST_MakePoint(r.lon, r.lat), 4326), ST_MakeValid(pe.geom))))
    ORDER BY u.last_name, u.id`.execute(db);
  return {
    instructor: instructor ?? null,
    roadManagers: roadManagers.map(({ id, name, email }) => ({ id, name, email })),
  };
}
