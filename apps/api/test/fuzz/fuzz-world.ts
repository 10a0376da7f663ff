import { sql } from 'kysely';
import { LEGAL_RULE_IDS } from '@voirie/domain';
import { Readable } from 'node:stream';
import type { TestApp } from '../test-app.ts';
import { attachStoredDocument, createRequest, createUser, type TestUser } from '../requests-factory.ts';
import { insertGeoFixtures } from '../geo-fixtures.ts';
import { pdfNamed } from '../filing-helpers.ts';

// The world a fuzz run probes: an account per role, requests in every state with their forms,
// parties, documents and mails — so that known ids reach the code behind the 404s.

/** Who sends the probes: nobody, or an account of each kind. */
export const ACTORS = {
  anonymous: null,
  owner: ['ROLE_DEMANDEUR'],
  other: ['ROLE_DEMANDEUR'],
  guichet: ['ROLE_GUICHET'],
  gestionnaire: ['ROLE_GESTIONNAIRE'],
  operateur: ['ROLE_OPERATEUR'],
  soustraitant: ['ROLE_SOUSTRAITANT'],
  instructor: ['ROLE_INSTRUCTEUR'],
  admin: ['ROLE_ADMIN'],
} as const;
export type ActorName = keyof typeof ACTORS;

export interface FuzzWorld {
  users: Partial<Record<ActorName, TestUser>>;
  /** Ids that exist, by the path parameter's name. */
  known: Record<string, string[]>;
}

export async function buildWorld(t: TestApp): Promise<FuzzWorld> {
  const db = t.database.db;
  await insertGeoFixtures(db);
  const users: FuzzWorld['users'] = {};
  for (const [name, roles] of Object.entries(ACTORS)) {
    if (roles) users[name as ActorName] = await createUser(t, [...roles]);
  }
  const owner = users.owner!;
  const requestIds: string[] = [];
  const publicIds: string[] = [];
  const documentIds: string[] = [];
  for (const state of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]) {
    for (const kind of [1, 2] as const) {
      const created = await createRequest(db, {
        owner,
        state,
        kind,
        beneficiary: { email: users.other!.email },
        // Dated works on one place: every permission conflicts with the others.
        dateStart: '2026-06-01',
        dateEnd: '2026-06-30',
      });
      requestIds.push(String(created.id));
      publicIds.push(created.publicId);
      const form =
        kind === 1
          ? {
              cerfa14023Id: (
                await db
                  .insertInto('cerfa14023')
                  .values({ isAccessDevelopment: false, themes: 'pose_compteur', isFavorable: true })
                  .returning('id')
                  .executeTakeFirstOrThrow()
              ).id,
            }
          : {
              alignmentId: (
                await db
                  .insertInto('individualAlignmentRequest')
                  .values({ reasonRequest: 'Real cloture', isFavorable: true })
                  .returning('id')
                  .executeTakeFirstOrThrow()
              ).id,
            };
      await db.updateTable('request').set(form).where('id', '=', created.id).execute();
      const content = pdfNamed(`fuzz ${String(created.id)}`);
      const stored = await t.ctx.filing.store.put(await t.ctx.filing.store.receive(Readable.from([content])));
      const document = await db
        .insertInto('document')
        .values({
          requestId: created.id,
          stdUserId: owner.id,
          typeDocumentId: state === 3 ? 93 : 1,
          name: 'piece.pdf',
          mimeType: 'application/pdf',
          size: content.length,
          sha256: stored.sha256,
          storageKey: stored.storageKey,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      documentIds.push(String(document.id));
      await db
        .insertInto('mailLog')
        .values({
          toAddress: owner.email,
          subject: 'Sujet',
          context: 'Contexte',
          requestId: created.id,
          status: 'sent',
        })
        .execute();
    }
  }
  // A permission asked with an alignment and a traffic order, decided, its three orders
  // attached — the combined decision, the cerfa 14024 and the signature of every act reached.
  for (const sendToSign of [false, true]) {
    const combined = await createRequest(db, { owner, state: 3, kind: 1, sendToSign });
    const [cerfa, alignment, traffic] = await Promise.all([
      db
        .insertInto('cerfa14023')
        .values({ isAccessDevelopment: false, isFavorable: true })
        .returning('id')
        .executeTakeFirstOrThrow(),
      db
        .insertInto('individualAlignmentRequest')
        .values({ reasonRequest: 'Real cloture', isFavorable: true })
        .returning('id')
        .executeTakeFirstOrThrow(),
      db
        .insertInto('cerfa14024')
        .values({ durationRegulation: 5, limitedSpeed: 30 })
        .returning('id')
        .executeTakeFirstOrThrow(),
    ]);
    await db
      .updateTable('request')
      .set({ cerfa14023Id: cerfa.id, alignmentId: alignment.id, cerfa14024Id: traffic.id })
      .where('id', '=', combined.id)
      .execute();
    for (const typeDocumentId of [93, 1093, 2093])
      await attachStoredDocument(t, {
        requestId: combined.id,
        typeDocumentId,
        name: 'arrete.pdf',
        stdUserId: owner.id,
      });
    requestIds.push(String(combined.id));
    publicIds.push(combined.publicId);
  }
  const ids = async (
    table:
      | 'petitioner'
      | 'cerfa14023'
      | 'individualAlignmentRequest'
      | 'mailLog'
      | 'stdUser'
      | 'perimeter'
      | 'city'
      | 'modele',
  ) =>
    (await db.selectFrom(table).select('id').orderBy('id').limit(40).execute()).map((row) => String(row.id));
  const petitioners = await ids('petitioner');
  // A recent resurfacing under them (the coordination's imported layer).
  await sql`INSERT INTO road_resurfacing (source_id, name, resurfaced_on, geom)
    SELECT 'fuzz', 'Réfection', DATE '2025-01-15', ST_Buffer(interior_point::geography, 20)::geometry
    FROM commune WHERE insee_code = '40065'`.execute(db);
  // Drafts of the wizard, so that their ids reach the owner checks behind the 404s.
  const drafts = await db
    .insertInto('requestDraft')
    .values([1, 2].map((kind) => ({ ownerUserId: owner.id, kind, step: 1, label: 'Brouillon', state: '{}' })))
    .returning('id')
    .execute();
  const all = [...requestIds, ...publicIds];
  return {
    users,
    known: {
      id: [
        ...all,
        ...petitioners,
        ...documentIds,
        ...(await ids('cerfa14023')),
        ...(await ids('individualAlignmentRequest')),
        ...(await ids('stdUser')),
        ...(await ids('perimeter')),
        ...(await ids('city')),
        ...(await ids('modele')),
        ...drafts.map((draft) => draft.id),
        // The legal clock's rules (PUT legal-rules/{id}).
        ...LEGAL_RULE_IDS,
      ],
      mailLogId: await ids('mailLog'),
      entity: ['request', 'user', 'city', 'contact'],
      cerfaType: ['14023', '14024', '1', 'x'],
      token: ['a'.repeat(43)],
    },
  };
}

/**
 * Gives every actor back what a probe may have taken — its session (`POST logout`, a password
 * change), its account (`DELETE stduser/{id}`) or its roles (`PUT stduser/{id}`) — so that the
 * next probes are still sent by a signed-in account of each kind, not answered 401 throughout.
 */
export async function restoreActors(t: TestApp, world: FuzzWorld): Promise<void> {
  const db = t.database.db;
  for (const [name, roles] of Object.entries(ACTORS)) {
    const user = world.users[name as ActorName];
    if (!user || !roles) continue;
    await db.updateTable('stdUser').set({ isActive: true }).where('id', '=', user.id).execute();
    const held = await db.selectFrom('userRole').select('roleCode').where('userId', '=', user.id).execute();
    if (
      held.length !== roles.length ||
      held.some((row) => !(roles as readonly string[]).includes(row.roleCode))
    ) {
      await db.deleteFrom('userRole').where('userId', '=', user.id).execute();
      for (const role of roles)
        await db.insertInto('userRole').values({ userId: user.id, roleCode: role }).execute();
    }
    // The cached check of its session may still hold what the probe changed.
    t.ctx.sessions.forgetUser(user.id);
    if (await t.ctx.sessions.userOf(user.token)) continue;
    user.token = await t.ctx.sessions.issue(user.id);
    user.headers.authorization = `Bearer ${user.token}`;
  }
}

/**
 * What a refused call must leave untouched: a hash of every table's rows (geometry columns left
 * out: the reference geography is big and never written by a request). Tables a refusal may
 * legitimately write (rate-limit counters, which count refused attempts by design) are skipped.
 * Returns a function computing the fingerprint now.
 */
export async function fingerprinter(
  t: TestApp,
  skip: (table: string) => boolean,
): Promise<() => Promise<string>> {
  const db = t.database.db;
  const { rows } = await sql<{
    table: string;
    columns: string[];
  }>`SELECT c.table_name AS table, array_agg(c.column_name::text ORDER BY c.ordinal_position) AS columns
    FROM information_schema.columns c JOIN information_schema.tables tb ON tb.table_name = c.table_name AND tb.table_schema = c.table_schema
    WHERE c.table_schema = 'public' AND tb.table_type = 'BASE TABLE' AND c.udt_name NOT IN ('geometry', 'geography', 'bytea')
      AND c.table_name NOT IN ('spatial_ref_sys', 'kysely_migration', 'kysely_migration_lock')
    GROUP BY c.table_name ORDER BY c.table_name`.execute(db);
  const parts = rows
    .filter((row) => !skip(row.table))
    .map((row) => {
      const columns = sql.join(row.columns.map((column) => sql.ref(`x.${column}`)));
      return sql<string>`(SELECT coalesce(md5(string_agg(row(${columns})::text, '|' ORDER BY row(${columns})::text)), '-') FROM ${sql.table(row.table)} x)`;
    });
  const query = sql<{ f: string }>`SELECT concat_ws(',', ${sql.join(parts)}) AS f`;
  return async () => (await query.execute(db)).rows[0]?.f ?? '';
}
