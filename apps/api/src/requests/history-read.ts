import type { Kysely } from 'kysely';
import {
  canUser,
  databaseIdOf,
  type HistoryItem,
  type HistoryPage as HistoryPageAnswer,
} from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';
import { findVisibleRequest } from './list-service.ts';
import type { Viewer } from '../policies/visibility.ts';

export type HistoryPage = Omit<HistoryPageAnswer, 'success' | 'message'>;

const FORBIDDEN = "Vous n'avez pas les droits pour consulter cet historique.";
/** Instructors and admins see every e-mail address of a history. */
const seesEveryEmail = (viewer: Viewer) => canUser(viewer, 'instructRequests');

function entriesQuery(db: Kysely<Database>) {
  return db
    .selectFrom('historyLog as h')
    .leftJoin('stdUser as u', 'u.id', 'h.userId')
    .select([
      'h.id',
      'h.entity',
      'h.entityId',
      'h.userId',
      'h.email',
      'h.picture',
      'h.context',
      'h.data',
      'h.loggedAt',
      'u.firstName',
      'u.lastName',
    ])
    .orderBy('h.loggedAt', 'desc')
    .orderBy('h.id', 'desc');
}

type Row = Awaited<ReturnType<ReturnType<typeof entriesQuery>['execute']>>[number];

function present(row: Row, viewer: Viewer): HistoryItem {
  const own = row.userId !== null && row.userId === viewer.id;
  return {
    id: row.id,
    entity: row.entity,
    entityId: row.entityId,
    user: row.userId === null ? null : { id: row.userId, firstName: row.firstName, lastName: row.lastName },
    email: own || seesEveryEmail(viewer) ? row.email : null,
    picture: row.picture,
    context: row.context,
    loggedAt: new Date(row.loggedAt).toISOString(),
    data: row.data ?? null,
  };
}

/** The numeric id of a history subject other than a request; 404 when it cannot be one. */
function numericId(key: string): number {
  const id = databaseIdOf(key);
  if (id === null) throw new AppError('NOT_FOUND', "Cet historique n'existe pas.");
  return id;
}

/**
 * `GET log/{entity}/{id}`, newest first (docs/screens.md "History"). A request's history goes to whoever may
 * see the request (404 otherwise, the number or the public id); a user's to the user or an
 * admin; any other entity to admins. Non-instructing viewers do not get other users' e-mails.
 */
export async function entityHistory(
  db: Kysely<Database>,
  viewer: Viewer,
  entity: string,
  key: string,
): Promise<HistoryItem[]> {
  let entityId: number;
  if (entity === 'request') {
    entityId = (await findVisibleRequest(db, viewer, key)).id;
  } else {
    entityId = numericId(key);
    const allowed = canUser(viewer, 'readHistory') || (entity === 'user' && entityId === viewer.id);
    if (!allowed) throw new AppError('FORBIDDEN', FORBIDDEN);
  }
  const rows = await entriesQuery(db)
    .where('h.entity', '=', entity)
    .where('h.entityId', '=', entityId)
    .execute();
  return rows.map((row) => present(row, viewer));
}

/** `GET log` (admins): the latest entries of every entity, one page at a time. */
export async function latestHistory(
  db: Kysely<Database>,
  viewer: Viewer,
  params: { page: number; numItemsPerPage: number },
): Promise<HistoryPage> {
  const offset = (params.page - 1) * params.numItemsPerPage;
  const [rows, count] = await Promise.all([
    entriesQuery(db).limit(params.numItemsPerPage).offset(offset).execute(),
    db
      .selectFrom('historyLog')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.total);
  return {
    data: rows.map((row) => present(row, viewer)),
    pagination: {
      page: params.page,
      numItemsPerPage: params.numItemsPerPage,
      total,
      pages: Math.ceil(total / params.numItemsPerPage),
    },
  };
}
