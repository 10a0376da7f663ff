import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sniffMimeType, TRANSITIONS, type Transition } from '@voirie/domain';
import type { DatabaseHandle } from '../src/db/database.ts';
import type { Database } from '../src/db/schema/index.ts';
import { FileStore } from '../src/files/file-store.ts';
import { seedDemoAccounts } from '../src/users/demo-accounts.ts';
import { seedDemoRequests } from '../src/seed/demo-requests.ts';
import { createTestDatabase } from './test-db.ts';

// The demo data holds requests in every works-phase state, with coherent receptions,
// documents (files in the store), history and the extension's link — for the demo applicant.

const NOW = new Date('2026-11-25T12:00:00Z');
let handle: DatabaseHandle;
let db: Kysely<Database>;
const dataDir = path.join(tmpdir(), `voirie-demo-works-${String(process.pid)}`);
let applicantId: number;
let instructorId: number;

interface Row {
  id: number;
  type: number;
  stateId: number;
  exState: number | null;
  sendToSign: boolean;
  extensionOfId: number | null;
  isFavorable: boolean | null;
  lon: number;
  lat: number;
  dateStart: string | null;
  dateEnd: string | null;
  option: string | null;
  rStateId: number | null;
  rExState: number | null;
  avis: string | null;
  dateVisite: string | null;
  motifRefus: string[] | null;
  motifRefusTxt: string | null;
  partieDomainePublic: string[] | null;
  rdv1: Date | null;
  rdv2: Date | null;
  rdv3: Date | null;
  acceptRdv: number | null;
  roadDisturbance: boolean | null;
  rLat: number | null;
  witnessUserId: number | null;
  disturbanceComment: string | null;
  disturbanceAt: Date | null;
}

/** The demo applicant's permissions with their (latest) reception. */
async function applicantPermissions(): Promise<Row[]> {
  const { rows } = await sql<Row>`
    SELECT r.id, r.type, r.state_id AS "stateId", r.ex_state AS "exState", r.send_to_sign AS "sendToSign",
      r.extension_of_id AS "extensionOfId", c.is_favorable AS "isFavorable", r.lon, r.lat,
      r.date_start::text AS "dateStart", r.date_end::text AS "dateEnd",
      x.option, x.state_id AS "rStateId", x.ex_state AS "rExState", x.avis, x.date_visite::text AS "dateVisite",
      x.motif_refus AS "motifRefus", x.motif_refus_txt AS "motifRefusTxt",
      x.partie_domaine_public AS "partieDomainePublic", x.rdv1, x.rdv2, x.rdv3, x.accept_rdv AS "acceptRdv",
      x.road_disturbance AS "roadDisturbance", x.lat AS "rLat", x.witness_user_id AS "witnessUserId",
      x.disturbance_comment AS "disturbanceComment", x.disturbance_at AS "disturbanceAt"
    FROM request r
    JOIN cerfa14023 c ON c.id = r.cerfa14023_id
    LEFT JOIN LATERAL (SELECT * FROM reception x WHERE x.request_id = r.id ORDER BY x.id DESC LIMIT 1) x ON true
    WHERE r.owner_user_id = ${applicantId} AND r.type IN (1, 3)
    ORDER BY r.id`.execute(db);
  return rows;
}

async function documentsOf(requestId: number) {
  const { rows } = await sql<{
    typeDocumentId: number;
    storageKey: string;
    mimeType: string;
    positionSource: string | null;
    sentAt: Date | null;
    distance: number | null;
  }>`
    SELECT d.type_document_id AS "typeDocumentId", d.storage_key AS "storageKey", d.mime_type AS "mimeType",
      d.position_source AS "positionSource", d.sent_at AS "sentAt",
      CASE WHEN d.lat IS NULL THEN NULL ELSE (
        SELECT min(ST_Distance(ST_SetSRID(ST_MakePoint(d.lon, d.lat), 4326)::geography, part.geom::geography))
        FROM request r, ST_Dump(r.the_geom) AS part WHERE r.id = d.request_id) END AS distance
    FROM document d WHERE d.request_id = ${requestId} ORDER BY d.id`.execute(db);
  return rows;
}

async function historyOf(requestId: number) {
  return db
    .selectFrom('historyLog')
    .select(['context', 'data', 'userId', 'loggedAt'])
    .where('entity', '=', 'request')
    .where('entityId', '=', requestId)
    .orderBy('loggedAt')
    .orderBy('id')
    .execute();
}

/** Everything the seed wrote, ids included, for the determinism check. */
async function fingerprint(): Promise<string> {
  const { rows } = await sql<{ value: string }>`
    SELECT md5(concat_ws('|',
      (SELECT string_agg(concat_ws(',', id, type, state_id, ex_state, send_to_sign, extension_of_id, numaffaire,
        date_start, date_end, deposit_date, lon, lat), ';' ORDER BY id) FROM request),
      (SELECT string_agg(concat_ws(',', request_id, state_id, ex_state, option, avis, date_visite, motif_refus,
        rdv1, rdv2, rdv3, accept_rdv, road_disturbance, lat, lon, witness_user_id, disturbance_at), ';' ORDER BY id)
        FROM reception),
      (SELECT string_agg(concat_ws(',', request_id, type_document_id, name, sha256, lat, lon, sent_at, created_at),
        ';' ORDER BY id) FROM document),
      (SELECT string_agg(concat_ws(',', entity_id, user_id, context, data::text, logged_at), ';' ORDER BY id)
        FROM history_log WHERE entity = 'request'))) AS value`.execute(db);
  return rows[0]!.value;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  await seedDemoAccounts(db);
  expect(await seedDemoRequests(db, { count: 300, now: NOW, store: new FileStore(dataDir) })).toEqual({
    created: 300,
  });
  const id = (email: string) =>
    db.selectFrom('stdUser').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  applicantId = (await id('demandeur@exemple.fr')).id;
  instructorId = (await id('instructeur@exemple.fr')).id;
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('demo works phase', () => {
  test('the demo applicant has networks and access permissions in every works-phase state', async () => {
    const rows = await applicantPermissions();
    for (const stateId of [1, 2, 3, 4, 6, 7, 10, 12, 13]) {
      expect(
        rows.some((row) => row.stateId === stateId),
        `state ${String(stateId)}`,
      ).toBe(true);
    }
    const works = rows.filter((row) => [2, 4, 6, 7, 10, 12, 13].includes(row.stateId));
    expect(new Set(works.map((row) => row.type))).toEqual(new Set([1, 3]));
    // Past the signature: a favourable decision and its signed order, in the store.
    for (const row of works) {
      expect(row.isFavorable, `request ${String(row.id)}`).toBe(true);
      const signed = (await documentsOf(row.id)).filter((document) => document.typeDocumentId === 21);
      expect(signed, `request ${String(row.id)}`).toHaveLength(1);
      const bytes = (await new FileStore(dataDir).read(signed[0]!.storageKey))!;
      expect(sniffMimeType(bytes.subarray(0, 16))).toBe('application/pdf');
      expect(bytes.subarray(-6).toString('latin1')).toBe('%%EOF\n');
    }
    // 4: awaiting its reception, none asked yet.
    expect(rows.some((row) => row.stateId === 4 && row.option === null && row.exState === 3)).toBe(true);
  });

  test('6: an appointment asked without proposals, and one with proposals ahead of the seed’s clock', async () => {
    const rows = (await applicantPermissions()).filter((row) => row.stateId === 6);
    expect(rows.every((row) => row.option === 'Rendez-vous' && row.rStateId === 6)).toBe(true);
    expect(rows.some((row) => row.rdv1 === null && row.rdv2 === null && row.rdv3 === null)).toBe(true);
    const proposed = rows.find((row) => row.rdv1 !== null);
    expect(proposed).toBeDefined();
    const proposals = [proposed!.rdv1, proposed!.rdv2, proposed!.rdv3].filter((rdv) => rdv !== null);
    expect(proposals.length).toBeGreaterThanOrEqual(1);
    for (const rdv of proposals) expect(new Date(rdv).getTime()).toBeGreaterThan(NOW.getTime());
    expect(proposed!.acceptRdv).toBeNull();
    const history = await historyOf(proposed!.id);
    expect(history.map((entry) => entry.context)).toContain('Proposition de rendez-vous effectuée.');
  });

  test('7: by photos (104 and 105 stored, placed; one farther than 200 m) and by an accepted appointment', async () => {
    const rows = (await applicantPermissions()).filter((row) => row.stateId === 7);
    const photos = rows.find((row) => row.option === 'Photos');
    expect(photos).toMatchObject({ rStateId: 7, exState: 4, acceptRdv: null });
    const documents = await documentsOf(photos!.id);
    const placed = documents.filter((document) => [104, 105].includes(document.typeDocumentId));
    expect(placed.map((document) => document.typeDocumentId).sort()).toEqual([104, 105]);
    for (const document of placed) {
      expect(document.positionSource).toBe('device');
      const bytes = (await new FileStore(dataDir).read(document.storageKey))!;
      expect(sniffMimeType(bytes.subarray(0, 16))).toBe(document.mimeType);
    }
    expect(placed.some((document) => document.distance! < 200)).toBe(true);
    expect(placed.some((document) => document.distance! > 200)).toBe(true);

    const appointment = rows.find((row) => row.option === 'Rendez-vous');
    expect(appointment).toMatchObject({ rStateId: 7, exState: 6 });
    expect(appointment!.acceptRdv).not.toBeNull();
    const chosen = [appointment!.rdv1, appointment!.rdv2, appointment!.rdv3][appointment!.acceptRdv! - 1];
    expect(chosen).not.toBeNull();
  });

  test('12 and 13: refused once, then twice (ex_state 12), reasons in the history’s comments', async () => {
    const rows = await applicantPermissions();
    const once = rows.find((row) => row.stateId === 12);
    expect(once).toMatchObject({
      rStateId: 12,
      rExState: null,
      avis: 'refusé',
      motifRefus: ['joints', 'autre'],
      partieDomainePublic: ['Chaussée'],
    });
    expect(once!.motifRefusTxt).toBeTruthy();
    expect(once!.dateVisite).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const twice = rows.find((row) => row.stateId === 13);
    // Refused again from 12: the reception asked from 4 is updated, no new round was asked.
    expect(twice).toMatchObject({ exState: 12, rStateId: 13, rExState: null, avis: 'refusé' });
    for (const [row, refusals] of [
      [once!, 1],
      [twice!, 2],
    ] as const) {
      const comments = (await historyOf(row.id)).filter(
        (entry) => entry.context === 'Réception refusée.' && typeof entry.data?.comment === 'string',
      );
      expect(comments).toHaveLength(refusals);
      const notices = (await documentsOf(row.id)).filter((document) => document.typeDocumentId === 106);
      expect(notices).toHaveLength(refusals);
      expect(notices.every((notice) => notice.sentAt !== null)).toBe(true);
    }
    const comment = (await historyOf(once!.id)).find((entry) => entry.context === 'Réception refusée.')!.data!
      .comment as string;
    expect(comment).toContain("Les joints n'ont pas été scellés");
    expect(comment).toContain(once!.motifRefusTxt);
  });

  test('2: received, and received then a road disturbance seen by the demo instructor', async () => {
    const rows = (await applicantPermissions()).filter((row) => row.stateId === 2);
    for (const row of rows) {
      expect(row).toMatchObject({ rStateId: 2, avis: 'accepté', sendToSign: true });
      expect(row.dateVisite).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const minutes = (await documentsOf(row.id)).filter((document) => document.typeDocumentId === 108);
      expect(minutes.length).toBeGreaterThan(0);
    }
    expect(rows.some((row) => !row.roadDisturbance)).toBe(true);
    const disturbed = rows.find((row) => row.roadDisturbance);
    expect(disturbed).toMatchObject({ witnessUserId: instructorId });
    expect(disturbed!.rLat).not.toBeNull();
    expect(disturbed!.disturbanceComment).toBeTruthy();
    expect(disturbed!.disturbanceAt).not.toBeNull();
    const declared = (await historyOf(disturbed!.id)).find(
      (entry) => entry.context === 'La perturbation de voirie a été déclarée.',
    );
    expect(declared?.data?.comment).toBe(disturbed!.disturbanceComment);
    const types = (await documentsOf(disturbed!.id)).map((document) => document.typeDocumentId);
    expect(types).toEqual(expect.arrayContaining([110, 111]));
  });

  test('10 and its extension in 3: same applicant, place and works, new dates, linked', async () => {
    const rows = await applicantPermissions();
    const original = rows.find((row) => row.stateId === 10)!;
    const extension = rows.find((row) => row.extensionOfId === original.id);
    expect(extension).toMatchObject({
      stateId: 3,
      sendToSign: false,
      isFavorable: null,
      type: original.type,
      lon: original.lon,
      lat: original.lat,
    });
    expect(extension!.dateStart! > original.dateEnd!).toBe(true);
    const { rows: parties } = await sql<{ names: number; works: number }>`
      SELECT count(DISTINCT concat(p.first_name, p.last_name, p.email))::int AS names,
        count(DISTINCT concat(c.nature_work, c.themes, c.network_connection, c.layout_width))::int AS works
      FROM request r JOIN petitioner p ON p.id = r.petitioner_id JOIN cerfa14023 c ON c.id = r.cerfa14023_id
      WHERE r.id IN (${original.id}, ${extension!.id})`.execute(db);
    expect(parties[0]).toEqual({ names: 1, works: 1 });
    const extended = (await historyOf(original.id)).find(
      (entry) => entry.context === 'La demande de prolongation a été créée.',
    );
    expect(extended?.data).toMatchObject({ from: 4, to: 10, extension: extension!.id });
    // Only the showcase's request is in 10: every extended request has its extension.
    const { rows: orphans } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM request r WHERE r.state_id = 10
        AND NOT EXISTS (SELECT 1 FROM request e WHERE e.extension_of_id = r.id)`.execute(db);
    expect(orphans[0]!.n).toBe(0);
  });

  test('every request in a works-phase state has its reception and history; each file is in the store', async () => {
    const { rows } = await sql<{ stateId: number; missing: number; silent: number }>`
      SELECT r.state_id AS "stateId",
        count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM reception x WHERE x.request_id = r.id))::int AS missing,
        count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM history_log h
          WHERE h.entity = 'request' AND h.entity_id = r.id))::int AS silent
      FROM request r WHERE r.state_id IN (2, 6, 7, 12, 13) GROUP BY 1 ORDER BY 1`.execute(db);
    expect(rows.map((row) => row.stateId)).toEqual([2, 6, 7, 12, 13]);
    expect(rows.every((row) => row.missing === 0 && row.silent === 0)).toBe(true);
    const { rows: files } = await sql<{ storageKey: string; size: number }>`
      SELECT DISTINCT storage_key AS "storageKey", size FROM document`.execute(db);
    const store = new FileStore(dataDir);
    for (const file of files) expect(await store.sizeOf(file.storageKey)).toBe(file.size);
  });

  test('every state change the demo writes is a row of the transition table', async () => {
    // The history's actions (from -> to) and each request's last change (ex_state -> state_id).
    const { rows: logged } = await sql<{
      id: number;
      action: string;
      from: number | null;
      to: number | null;
    }>`
      SELECT entity_id AS id, data->>'action' AS action, (data->>'from')::int AS "from", (data->>'to')::int AS "to"
      FROM history_log WHERE entity = 'request' AND data ? 'action'`.execute(db);
    const { rows: requests } = await sql<{ id: number; from: number; to: number }>`
      SELECT id, ex_state AS "from", state_id AS "to" FROM request WHERE ex_state IS NOT NULL`.execute(db);
    expect(logged.length).toBeGreaterThan(300);
    expect(requests.length).toBeGreaterThan(50);
    const targets = (row: Transition, from: number | null): readonly (number | null)[] =>
      row.to === 'unchanged' ? [from] : typeof row.to === 'number' ? [row.to] : Object.values(row.to);
    const isRow = (change: { action?: string; from: number | null; to: number | null }) =>
      TRANSITIONS.some(
        (row) =>
          (change.action === undefined || row.action === change.action) &&
          (row.from as readonly (number | null)[]).includes(change.from) &&
          targets(row, change.from).includes(change.to),
      );
    const said = (change: { id: number; action?: string; from: number | null; to: number | null }) =>
      `request ${String(change.id)}: ${change.action ?? '(ex_state)'} ${String(change.from)} -> ${String(change.to)}`;
    expect(logged.filter((change) => !isRow(change)).map(said)).toEqual([]);
    expect(requests.filter((change) => !isRow(change)).map(said)).toEqual([]);
  });

  test('the register holds every signed act, numbered per year in the order of signature, without gaps', async () => {
    const { rows } = await sql<{ year: number; sequences: number[]; signedInOrder: boolean }>`
      SELECT year, array_agg(sequence ORDER BY sequence) AS sequences,
        bool_and(signed_at >= previous) AS "signedInOrder"
      FROM (SELECT year, sequence, signed_at,
          coalesce(lag(signed_at) OVER (PARTITION BY year ORDER BY sequence), signed_at) AS previous
        FROM act_register) numbered
      GROUP BY year ORDER BY year`.execute(db);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.sequences).toEqual(row.sequences.map((_, index) => index + 1));
      expect(row.signedInOrder).toBe(true);
    }
    const { rows: unregistered } = await sql<{ id: number }>`
      SELECT d.id FROM document d WHERE d.type_document_id IN (21, 1021, 2021)
        AND NOT EXISTS (SELECT 1 FROM act_register a WHERE a.document_id = d.id)`.execute(db);
    expect(unregistered).toEqual([]);
    const { rows: counters } = await sql<{ year: number; last: number }>`
      SELECT c.year, c.last_sequence AS last FROM act_counter c ORDER BY c.year`.execute(db);
    expect(counters).toEqual(rows.map((row) => ({ year: row.year, last: row.sequences.length })));
  });

  test('deterministic: the same seed and day give the same data', async () => {
    const first = await fingerprint();
    await sql`TRUNCATE request, petitioner, cerfa14023, individual_alignment_request, mail_log, history_log
      RESTART IDENTITY CASCADE`.execute(db);
    // Seeded once: the record of the first seed goes with its requests.
    await db.deleteFrom('appSetting').where('key', '=', 'demo_requests').execute();
    expect(await seedDemoRequests(db, { count: 300, now: NOW, store: new FileStore(dataDir) })).toEqual({
      created: 300,
    });
    expect(await fingerprint()).toBe(first);
  });
});
