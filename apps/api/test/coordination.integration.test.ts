import { sql, type RawBuilder } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  COORDINATION_DEFAULTS,
  COORDINATION_MAX_SHOWN,
  type CoordinationReport,
  type CoordinationSettingsView,
} from '@voirie/domain';
import { recordFilingCheck } from '../src/coordination/coordination-service.ts';
import { RESURFACING_UPLOAD_MAX_FEATURES } from '../src/coordination/resurfacing-import.ts';
import { MAP_SHAPE_MAX_POSITIONS } from '../src/geo/services/sql-helpers.ts';
import { flattenRequest } from '../src/orders/flatten.ts';
import { loadRequestDetail } from '../src/requests/detail/request-detail.ts';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { createRequest, type TestUser } from './requests-factory.ts';
import { filingParts, filingPayload, MANDATORY, multipart, ON_PINS } from './filing-helpers.ts';
import { insertGeoFixtures } from './geo-fixtures.ts';

// Coordination of works (docs/coordination.md): the conflict search on crafted
// footprints and periods — touching, near, far, overlapping by one day, not overlapping —, the
// recent resurfacings (received works with a full-width refection, the imported layer, older
// than three years), the settings, who may read and search, the search at filing, and the
// coordination prescription printed by the order.

const t = testAppForFile({}, { dataDir: 'coordination' });
const { admin, instructor, applicant, gestionnaire } = accountsForFile(t, {
  admin: ['ROLE_ADMIN'],
  instructor: { roles: ['ROLE_INSTRUCTEUR'], firstName: 'Julie', lastName: 'Lafitte' },
  applicant: ['ROLE_DEMANDEUR'],
  gestionnaire: ['ROLE_GESTIONNAIRE'],
});
/** Seignosse's interior point in Lambert-93 (metres): every crafted footprint is placed from it. */
let origin: { x: number; y: number };
const db = () => t.database.db;

beforeAll(async () => {
  const { rows } = await sql<{ x: number; y: number }>`
    SELECT ST_X(p) AS x, ST_Y(p) AS y FROM (SELECT ST_Transform(interior_point, 2154) AS p FROM commune WHERE insee_code = '40296') AS c`.execute(
    db(),
  );
  origin = rows[0]!;
});

/**
 * A square footprint (a GeometryCollection in EPSG:4326) drawn in Lambert-93: `size` metres wide,
 * its lower-left corner `dx` metres east (and `dy` north) of the scenario's place — each scenario
 * 2 km east of the previous one, so that they never meet.
 */
function square(
  place: number,
  dx: number,
  options: { dy?: number; size?: number } = {},
): RawBuilder<unknown> {
  const size = options.size ?? 10;
  const x = origin.x + place * 2000 + dx;
  const y = origin.y + (options.dy ?? 0);
  return sql`ST_ForceCollection(ST_Transform(ST_MakeEnvelope(${x}::float8, ${y}::float8, ${x + size}::float8, ${y + size}::float8, 2154), 4326))`;
}

interface PermissionSpec {
  footprint: RawBuilder<unknown>;
  state?: number;
  kind?: 1 | 2 | 3;
  start?: string | null;
  end?: string | null;
  owner?: TestUser;
  refections?: string;
  /** Received works: the day of the accepted reception, and whether the history records it. */
  received?: { on: string; inHistory: boolean };
}

/** A permission (or an alignment) with its form, footprint and works period. */
async function permission(spec: PermissionSpec) {
  const created = await createRequest(db(), {
    state: spec.state ?? 3,
    kind: spec.kind ?? 1,
    owner: spec.owner ?? applicant,
    insee: null,
    dateStart: spec.start === undefined ? '2026-06-10' : spec.start,
    dateEnd: spec.end === undefined ? '2026-06-20' : spec.end,
  });
  const form =
    spec.kind === 2
      ? {}
      : {
          cerfa14023Id: (
            await db()
              .insertInto('cerfa14023')
              .values({ isAccessDevelopment: spec.kind === 3, decisionRefections: spec.refections ?? null })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        };
  await db()
    .updateTable('request')
    .set({ ...form, theGeom: spec.footprint as never })
    .where('id', '=', created.id)
    .execute();
  if (spec.received) {
    await db()
      .insertInto('reception')
      .values({
        requestId: created.id,
        avis: 'accepté',
        dateVisite: spec.received.inHistory ? null : spec.received.on,
      })
      .execute();
    if (spec.received.inHistory)
      await db()
        .insertInto('historyLog')
        .values({
          entity: 'request',
          entityId: created.id,
          context: 'Dossier réceptionné.',
          data: JSON.stringify({ action: 'recordReception', from: 7, to: 2 }),
          loggedAt: new Date(`${spec.received.on}T10:00:00Z`),
        })
        .execute();
  }
  return created;
}

async function conflictsOf(id: number, user: TestUser = instructor): Promise<CoordinationReport> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/request/${String(id)}/conflicts`,
    headers: user.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: CoordinationReport }>().data;
}

const idsOf = (report: CoordinationReport) =>
  report.conflicts.map((conflict) => conflict.id).sort((a, b) => a - b);

describe('conflicts: footprints within the distance, periods that overlap', () => {
  test('touching (0 m), near (30 m) and far (70 m) footprints: the first two conflict, nearest first', async () => {
    const subject = await permission({ footprint: square(0, 0) });
    const touching = await permission({ footprint: square(0, 10), state: 4 });
    const near = await permission({ footprint: square(0, -40) });
    const far = await permission({ footprint: square(0, 0, { dy: 80 }), state: 4 });
    const report = await conflictsOf(subject.id);
    expect(report.notice).toBeNull();
    expect(report.settings).toEqual(COORDINATION_DEFAULTS);
    expect(report.conflicts.map((conflict) => conflict.id)).toEqual([touching.id, near.id]);
    const [first, second] = report.conflicts;
    expect(first).toMatchObject({ distanceMetres: 0, status: 'inForce', stateId: 4, overlapDays: 11 });
    expect(second!.distanceMetres).toBeGreaterThan(29.5);
    expect(second!.distanceMetres).toBeLessThan(30.5);
    expect(second).toMatchObject({
      status: 'underInstruction',
      dateStart: '2026-06-10',
      dateEnd: '2026-06-20',
    });
    expect(first!.geometry?.type).toBe('GeometryCollection');
    expect(report.conflicts.map((conflict) => conflict.id)).not.toContain(far.id);
    // Both ways: the near request sees the subject too.
    expect(idsOf(await conflictsOf(near.id))).toContain(subject.id);
  });

  test('periods overlapping by one day conflict (1 day); adjacent periods do not', async () => {
    const subject = await permission({ footprint: square(1, 0) });
    const oneDay = await permission({ footprint: square(1, 15), start: '2026-06-01', end: '2026-06-10' });
    const after = await permission({ footprint: square(1, -15), start: '2026-06-21', end: '2026-06-30' });
    const before = await permission({
      footprint: square(1, 0, { dy: 15 }),
      start: '2026-05-01',
      end: '2026-06-09',
    });
    const report = await conflictsOf(subject.id);
    expect(report.conflicts).toHaveLength(1);
    expect(report.conflicts[0]).toMatchObject({ id: oneDay.id, overlapDays: 1 });
    expect(idsOf(report)).not.toContain(after.id);
    expect(idsOf(report)).not.toContain(before.id);
  });

  test('a one-day works (no end) and an end before the start count as their start day', async () => {
    const subject = await permission({ footprint: square(2, 0), start: '2026-06-15', end: null });
    const inverted = await permission({ footprint: square(2, 12), start: '2026-06-15', end: '2026-06-01' });
    const report = await conflictsOf(subject.id);
    expect(report.conflicts).toEqual([
      expect.objectContaining({
        id: inverted.id,
        overlapDays: 1,
        dateStart: '2026-06-15',
        dateEnd: '2026-06-15',
      }),
    ]);
  });

  test('only permissions in force or under instruction conflict: not cancelled, closed, received, extended, nor alignments', async () => {
    const subject = await permission({ footprint: square(3, 0) });
    const counted = [];
    for (const state of [3, 4, 6, 7, 8, 9, 12, 13, 999])
      counted.push((await permission({ footprint: square(3, 12), state })).id);
    for (const state of [1, 2, 5, 10, 11]) await permission({ footprint: square(3, 12), state });
    await permission({ footprint: square(3, 12), kind: 2 });
    const access = await permission({ footprint: square(3, 12), kind: 3, state: 4 });
    expect(idsOf(await conflictsOf(subject.id))).toEqual([...counted, access.id].sort((a, b) => a - b));
  });

  test('an alignment is not searched; a request without dates gets its resurfacings only', async () => {
    const alignment = await permission({ footprint: square(4, 0), kind: 2 });
    expect(await conflictsOf(alignment.id)).toMatchObject({
      conflicts: [],
      resurfacings: [],
      abilities: { search: false },
      notice: expect.stringContaining("demandes d'alignement") as unknown,
    });
    const undated = await permission({ footprint: square(4, 500), start: null, end: null });
    await permission({ footprint: square(4, 510) });
    const report = await conflictsOf(undated.id);
    expect(report.conflicts).toEqual([]);
    expect(report.notice).toContain('pas de dates de travaux');
  });
});

describe('recent resurfacings: received works with a full-width refection, the imported layer', () => {
  test('received works redone in full width less than 3 years before the works start are listed; older, or partial, are not', async () => {
    const subject = await permission({ footprint: square(5, 0) });
    const recent = await permission({
      footprint: square(5, 20),
      state: 2,
      refections: 'Finisseur,pleine largeur chaussée',
      received: { on: '2024-01-15', inHistory: true },
    });
    const byVisit = await permission({
      footprint: square(5, -25),
      state: 2,
      refections: 'pleine largeur trottoir',
      received: { on: '2025-09-01', inHistory: false },
    });
    await permission({
      footprint: square(5, 20, { dy: 15 }),
      state: 2,
      refections: 'pleine largeur chaussée',
      received: { on: '2023-06-10', inHistory: true },
    });
    await permission({
      footprint: square(5, 0, { dy: -20 }),
      state: 2,
      refections: 'Finisseur',
      received: { on: '2025-01-15', inHistory: true },
    });
    const report = await conflictsOf(subject.id);
    expect(report.reference).toBe('2026-06-10');
    expect(report.conflicts).toEqual([]);
    expect(report.resurfacings.map((item) => [item.source, item.id, item.resurfacedOn])).toEqual([
      ['reception', byVisit.id, '2025-09-01'],
      ['reception', recent.id, '2024-01-15'],
    ]);
    expect(report.resurfacings[1]!.label).toContain('pleine largeur');
  });

  test('the imported layer: recent roads near the footprint listed, old ones not; a bad file changes nothing', async () => {
    const subject = await permission({ footprint: square(6, 0) });
    const { rows } = await sql<{ near: string; old: string; away: string }>`
      SELECT ST_AsGeoJSON(ST_Transform(ST_SetSRID(ST_MakeLine(ST_MakePoint(${origin.x + 12000 - 50}, ${origin.y + 5}), ST_MakePoint(${origin.x + 12000 - 5}, ${origin.y + 5})), 2154), 4326)) AS near,
        ST_AsGeoJSON(ST_Transform(ST_SetSRID(ST_MakeLine(ST_MakePoint(${origin.x + 12000 + 15}, ${origin.y}), ST_MakePoint(${origin.x + 12000 + 60}, ${origin.y})), 2154), 4326)) AS old,
        ST_AsGeoJSON(ST_Transform(ST_SetSRID(ST_MakeLine(ST_MakePoint(${origin.x + 12000}, ${origin.y + 200}), ST_MakePoint(${origin.x + 12050}, ${origin.y + 200})), 2154), 4326)) AS away`.execute(
      db(),
    );
    const [{ near, old, away }] = rows as [{ near: string; old: string; away: string }];
    const layer = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { id: 'R1', nom: 'Avenue des Lacs (réfection 2025)', date_refection: '12/03/2025' },
          geometry: JSON.parse(near) as unknown,
        },
        {
          type: 'Feature',
          properties: { id: 'R2', nom: 'Rue ancienne', date: '2021-04-01' },
          geometry: JSON.parse(old) as unknown,
        },
        {
          type: 'Feature',
          properties: { nom: 'Loin', date: '2026-01-05' },
          geometry: JSON.parse(away) as unknown,
        },
      ],
    };
    const upload = (content: unknown, user: TestUser = admin) => {
      const body = multipart([
        {
          name: 'file',
          content: JSON.stringify(content),
          filename: 'refections.geojson',
          type: 'application/geo+json',
        },
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/coordination/resurfacing',
        headers: { ...body.headers, ...user.headers },
        payload: body.payload,
      });
    };
    expect((await upload(layer, instructor)).statusCode).toBe(403);
    const res = await upload(layer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { read: number; inserted: number } }>().data).toMatchObject({
      read: 3,
      inserted: 3,
    });
    expect(res.json<{ message: string }>().message).toContain('Réfections de voirie');
    const report = await conflictsOf(subject.id);
    expect(report.resurfacings).toEqual([
      expect.objectContaining({
        source: 'layer',
        label: 'Avenue des Lacs (réfection 2025)',
        resurfacedOn: '2025-03-12',
        publicId: null,
      }),
    ]);
    expect(report.resurfacings[0]!.distanceMetres).toBeGreaterThan(4);
    expect(report.resurfacings[0]!.distanceMetres).toBeLessThan(6);

    // A feature without a readable day: named, nothing changed.
    const bad = {
      ...layer,
      features: [layer.features[0], { ...layer.features[1], properties: { date: 'hier' } }],
    };
    const refused = await upload(bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(
      /Entité n° 2 : date de réfection « hier » illisible/,
    );
    const count = await db()
      .selectFrom('roadResurfacing')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(3);

    // The settings page says what the layer holds.
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/coordination/settings',
      headers: admin.headers,
    });
    expect(settings.json<{ data: CoordinationSettingsView }>().data.layer).toMatchObject({
      count: 3,
      latestOn: '2026-01-05',
    });
  });
});

describe('settings', () => {
  test('an administrator widens the distance and shortens the age of a recent surface; the search follows', async () => {
    const subject = await permission({ footprint: square(7, 0) });
    const at70 = await permission({ footprint: square(7, 80) });
    const received = await permission({
      footprint: square(7, -20),
      state: 2,
      refections: 'pleine largeur chaussée',
      received: { on: '2025-01-15', inHistory: true },
    });
    const before = await conflictsOf(subject.id);
    expect(idsOf(before)).toEqual([]);
    expect(before.resurfacings.map((item) => item.id)).toEqual([received.id]);

    const put = (body: unknown, user: TestUser = admin) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/coordination/settings',
        headers: user.headers,
        payload: body as object,
      });
    expect((await put({ distanceMetres: 100, resurfacingYears: 1 }, instructor)).statusCode).toBe(403);
    const refused = await put({ distanceMetres: -1, resurfacingYears: 3 });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Distance : au moins 0.');
    expect((await put({ distanceMetres: 50.5, resurfacingYears: 3 })).statusCode).toBe(400);

    const saved = await put({ distanceMetres: 100, resurfacingYears: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: CoordinationSettingsView }>().data).toMatchObject({
      distanceMetres: 100,
      resurfacingYears: 1,
      defaults: COORDINATION_DEFAULTS,
    });
    const after = await conflictsOf(subject.id);
    expect(after.settings).toEqual({ distanceMetres: 100, resurfacingYears: 1 });
    expect(idsOf(after)).toEqual([at70.id]);
    expect(after.resurfacings).toEqual([]);
    const history = await db()
      .selectFrom('historyLog')
      .select(['context', 'userId'])
      .where('entity', '=', 'coordination')
      .execute();
    expect(history).toContainEqual({
      context: 'Paramètres de coordination des travaux enregistrés',
      userId: admin.id,
    });

    await put(COORDINATION_DEFAULTS);
  });
});

describe('who reads and who searches', () => {
  test('applicants never read conflicts (other people’s requests); a road manager reads those of its territory only', async () => {
    const subject = await permission({ footprint: square(8, 0) });
    const inside = await permission({ footprint: square(8, 12), state: 4 });
    const outside = await permission({ footprint: square(8, 40), state: 4 });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/request/${String(subject.id)}/conflicts`,
      headers: applicant.headers,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBeTruthy();
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/request/${String(subject.id)}/conflicts`,
    });
    expect(anonymous.statusCode).toBe(401);

    // The road manager's territory covers the subject and its first neighbour, not the second.
    const { id: perimeterId } = await db()
      .insertInto('perimeter')
      .values({
        libelle: 'Secteur test',
        code: 'TEST-COORD',
        type: 'town',
        geom: sql<string>`ST_Multi(ST_Transform(ST_MakeEnvelope(${origin.x + 16000 - 5}, ${origin.y - 5}, ${origin.x + 16000 + 30}, ${origin.y + 15}, 2154), 4326))` as never,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('userPerimeter')
      .values({ userId: gestionnaire.id, perimeterId, kind: 'gestionnaire' })
      .execute();
    expect(idsOf(await conflictsOf(subject.id, instructor))).toEqual([inside.id, outside.id]);
    const seen = await conflictsOf(subject.id, gestionnaire);
    expect(idsOf(seen)).toEqual([inside.id]);
    expect(seen.abilities.search).toBe(false);
    const search = await t.app.inject({
      method: 'POST',
      url: `/api/request/${String(subject.id)}/conflicts`,
      headers: gestionnaire.headers,
      payload: { trigger: 'demand' },
    });
    expect(search.statusCode).toBe(403);
    // A request outside its territory: not found, as for the detail.
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/request/${String(outside.id)}/conflicts`,
      headers: gestionnaire.headers,
    });
    expect(hidden.statusCode).toBe(404);
  });

  test('« Rechercher les conflits » and the decision dialog record their search; the detail lists the latest of each', async () => {
    const subject = await permission({ footprint: square(9, 0) });
    await permission({ footprint: square(9, 12), state: 4 });
    const search = (trigger: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/request/${String(subject.id)}/conflicts`,
        headers: instructor.headers,
        payload: { trigger },
      });
    const first = await search('demand');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ message: string }>().message).toBe('1 conflit trouvé.');
    await search('demand');
    await search('decision');
    expect((await search('filing')).statusCode).toBe(400);
    const report = await conflictsOf(subject.id);
    expect(report.abilities.search).toBe(true);
    expect(
      report.checks.map((check) => [check.trigger, check.conflictCount, check.checkedBy]).sort(),
    ).toEqual([
      ['decision', 1, 'Julie Lafitte'],
      ['demand', 1, 'Julie Lafitte'],
    ]);
  });
});

describe('the search at filing', () => {
  test('a filing near works under way records its conflicts « au dépôt »; an alignment records nothing', async () => {
    await insertGeoFixtures(db());
    const [lon, lat] = ON_PINS.coordinates;
    const neighbour = await permission({
      footprint: sql`ST_ForceCollection(ST_Buffer(ST_SetSRID(ST_MakePoint(${lon}::float8, ${lat + 0.0002}::float8), 4326)::geography, 3)::geometry)`,
      state: 4,
      start: '2026-12-04',
      end: '2026-12-20',
    });
    const body = multipart(filingParts(filingPayload(1), MANDATORY[1]));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/request',
      headers: { ...body.headers, ...applicant.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const filedId = res.json<{ data: { id: number } }>().data.id;
    const checks = await db()
      .selectFrom('requestConflictCheck')
      .selectAll()
      .where('requestId', '=', filedId)
      .execute();
    expect(checks).toEqual([
      expect.objectContaining({ trigger: 'filing', conflictCount: 1, checkedBy: null }),
    ]);
    const report = await conflictsOf(filedId);
    expect(report.conflicts).toEqual([expect.objectContaining({ id: neighbour.id, overlapDays: 2 })]);
    expect(report.checks[0]).toMatchObject({ trigger: 'filing', conflictCount: 1, checkedBy: null });

    const alignment = await permission({ footprint: square(10, 0), kind: 2 });
    expect(await recordFilingCheck(db(), alignment.id)).toEqual({ conflicts: 0 });
    expect(
      await db()
        .selectFrom('requestConflictCheck')
        .selectAll()
        .where('requestId', '=', alignment.id)
        .execute(),
    ).toEqual([]);
  });
});

describe('the coordination prescription', () => {
  test('saved with a favourable decision, returned with the form and printed by the order', async () => {
    const subject = await permission({ footprint: square(11, 0) });
    const prescription = 'Intervention commune avec la demande voisine ; une seule réfection.';
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/request/${String(subject.id)}/decision`,
      headers: instructor.headers,
      payload: { isFavorable: true, prescriptionCoordination: `  ${prescription} ` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = await loadRequestDetail(
      db(),
      { id: instructor.id, email: instructor.email, roles: ['ROLE_USER', 'ROLE_INSTRUCTEUR'] },
      String(subject.id),
    );
    expect(detail.cerfa1402301?.prescriptionCoordination).toBe(prescription);
    const merged = flattenRequest(
      { detail, rues: [], destinataires: [], place: { road: null, footprintInsee: null } },
      new Date(),
    );
    expect(merged.prescription_coordination).toBe(prescription);

    const tooLong = await t.app.inject({
      method: 'PUT',
      url: `/api/request/${String(subject.id)}/decision`,
      headers: instructor.headers,
      payload: { isFavorable: true, prescriptionCoordination: 'x'.repeat(2001) },
    });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('searches and imports of a bounded size', () => {
  test('150 resurfacings over a footprint: the 100 most recent are listed, and the report says the list was cut', async () => {
    const subject = await permission({ footprint: square(15, 0, { size: 40 }) });
    const x = origin.x + 15 * 2000;
    await sql`INSERT INTO road_resurfacing (source_id, name, resurfaced_on, geom)
      SELECT 'bounded-' || i, 'Réfection ' || i, date '2025-01-01' + i,
        ST_Transform(ST_SetSRID(ST_MakeLine(ST_MakePoint(${x}::float8 + i * 0.25, ${origin.y}::float8 - 5),
          ST_MakePoint(${x}::float8 + i * 0.25, ${origin.y}::float8 + 45)), 2154), 4326)
      FROM generate_series(1, 150) AS i`.execute(db());
    const report = await conflictsOf(subject.id);
    expect(report.limited).toBe(true);
    expect(report.resurfacings).toHaveLength(COORDINATION_MAX_SHOWN);
    expect(report.resurfacings[0]).toMatchObject({ label: 'Réfection 150', resurfacedOn: '2025-05-31' });
    expect(report.resurfacings.at(-1)).toMatchObject({ label: 'Réfection 51' });
    await sql`DELETE FROM road_resurfacing WHERE source_id LIKE 'bounded-%'`.execute(db());
    expect((await conflictsOf(subject.id)).limited).toBe(false);
  });

  test('a neighbour drawn with 5,000 positions is answered as a shape for the map, not as stored', async () => {
    const subject = await permission({ footprint: square(16, 0) });
    const x = origin.x + 16 * 2000 + 12;
    const detailed = await permission({
      footprint: sql`ST_ForceCollection(ST_Transform(ST_Segmentize(ST_MakeEnvelope(${x}::float8, ${origin.y}::float8, ${x + 40}::float8, ${origin.y + 40}::float8, 2154), 0.032), 4326))`,
      state: 4,
    });
    const stored = await sql<{
      n: number;
    }>`SELECT ST_NPoints(the_geom) AS n FROM request WHERE id = ${detailed.id}`.execute(db());
    expect(Number(stored.rows[0]!.n)).toBeGreaterThan(4500);
    const conflict = (await conflictsOf(subject.id)).conflicts.find((item) => item.id === detailed.id);
    expect(conflict?.geometry?.type).toBe('GeometryCollection');
    const positions = JSON.stringify(conflict?.geometry).match(/\[-?\d+(\.\d+)?,-?\d+(\.\d+)?\]/g) ?? [];
    expect(positions.length).toBeGreaterThanOrEqual(4);
    expect(positions.length).toBeLessThanOrEqual(MAP_SHAPE_MAX_POSITIONS);
  });

  test('a layer of more than 5,000 resurfacings is refused by the portal, in French, and changes nothing', async () => {
    const before = await db()
      .selectFrom('roadResurfacing')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const line = (i: number) => {
      const lon = -1.43 + (i % 100) * 0.0001;
      const lat = 43.63 + Math.floor(i / 100) * 0.0001;
      return {
        type: 'Feature',
        properties: { id: `big-${String(i)}`, date: '2025-06-01' },
        geometry: {
          type: 'LineString',
          coordinates: [
            [lon, lat],
            [lon + 0.00005, lat],
          ],
        },
      };
    };
    const layer = {
      type: 'FeatureCollection',
      features: Array.from({ length: RESURFACING_UPLOAD_MAX_FEATURES + 1 }, (_, i) => line(i)),
    };
    const body = multipart([
      {
        name: 'file',
        content: JSON.stringify(layer),
        filename: 'couche.geojson',
        type: 'application/geo+json',
      },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/coordination/resurfacing',
      headers: { ...body.headers, ...admin.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(
      "Import annulé : Le fichier compte plus de 5 000 réfections ; importez-le par la commande « npm run import -- resurfacing FICHIER » (voir docs/data-import.md). Aucune donnée n'a été modifiée.",
    );
    const after = await db()
      .selectFrom('roadResurfacing')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
