import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { DRAWN_GEOMETRY_LIMITS, TERRITORY_EXTENT } from '@voirie/domain';
import { fromPostgresUrl } from '../../apps/api/src/db/database.ts';
import { MANDATORY, filingParts, filingPayload, multipart } from '../../apps/api/test/filing-helpers.ts';
import { bundleServer, ServerProcess } from './server-process.ts';

// The freeze run of ADR 0009 (`npm run fault -- --freeze`): the real server on the demo data,
// the probe's heavy requests at full size — each alone, while /api/health is asked every 50 ms
// and a demo account signs in — and what each took. Goal: no request over 2 s, /api/health
// always under 200 ms, no 5xx, the server alive.

const PASSWORD = 'Demo-2026!';

export interface FreezeProbe {
  name: string;
  status: number;
  expected: number;
  ms: number;
  /** The slowest /api/health answer while the request ran, and how many answered. */
  healthMaxMs: number;
  healthAnswers: number;
  /** A sign-in started with the request. */
  signInMs: number;
}

export interface FreezeReport {
  database: 'pglite' | 'postgres';
  probes: FreezeProbe[];
  serverAlive: boolean;
}

type Position = [number, number];

/** A closed ring of `count` positions around `centre`, `rx` × `ry` degrees. */
function ellipse(centre: Position, rx: number, ry: number, count: number): Position[] {
  const ring = Array.from({ length: count - 1 }, (_, index): Position => {
    const angle = (2 * Math.PI * index) / (count - 1);
    return [centre[0] + rx * Math.cos(angle), centre[1] + ry * Math.sin(angle)];
  });
  return [...ring, ring[0]!];
}

/** Metres to degrees at the territory's latitude (43.7°). */
const EAST = 1 / 80_400;
const NORTH = 1 / 111_195;

const collection = (...geometries: unknown[]) => ({ type: 'GeometryCollection', geometries });

/** A resurfacing layer of `count` short lines around `centre`, on a 10 m grid. */
function resurfacingLayer(centre: Position, count: number) {
  const side = Math.ceil(Math.sqrt(count));
  return {
    type: 'FeatureCollection',
    features: Array.from({ length: count }, (_, index) => {
      const x = centre[0] + ((index % side) - side / 2) * 10 * EAST;
      const y = centre[1] + (Math.floor(index / side) - side / 2) * 10 * NORTH;
      return {
        type: 'Feature',
        properties: { id: `gel-${String(index)}`, nom: `Réfection ${String(index)}`, date: '2026-05-01' },
        geometry: {
          type: 'LineString',
          coordinates: [
            [x, y],
            [x + 8 * EAST, y],
          ],
        },
      };
    }),
  };
}

export async function runFreezeScenario(options: {
  databaseUrl?: string | undefined;
  log: (line: string) => void;
}): Promise<FreezeReport> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'voirie-freeze-'));
  const bundle = await bundleServer();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    FILING_MAX_PER_HOUR: '100000',
    SMTP_URL: '',
    WEB_DIST: path.join(dataDir, 'no-web'),
  };
  // On PostgreSQL, a throwaway database of the run's own (the demo data go into it).
  const throwaway = options.databaseUrl ? `voirie_freeze_${randomBytes(6).toString('hex')}` : null;
  const admin = options.databaseUrl ? await fromPostgresUrl(options.databaseUrl, { max: 1 }) : null;
  if (admin && throwaway && options.databaseUrl) {
    await sql.raw(`CREATE DATABASE ${throwaway}`).execute(admin.db);
    const url = new URL(options.databaseUrl);
    url.pathname = `/${throwaway}`;
    env.DATABASE_URL = url.toString();
  } else delete env.DATABASE_URL;
  options.log('Démarrage du serveur sur les données de démonstration…');
  const server = await ServerProcess.start(env, { entry: bundle.entry, timeoutMs: 600_000 });
  const base = server.origin;
  const probes: FreezeProbe[] = [];
  try {
    const signIn = async (email: string) => {
      const started = performance.now();
      const res = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: email, password: PASSWORD }),
      });
      const body = (await res.json()) as { data?: { token: string } };
      if (!body.data) throw new Error(`connexion refusée (${email}) : ${JSON.stringify(body)}`);
      return { headers: { authorization: `Bearer ${body.data.token}` }, ms: performance.now() - started };
    };
    const applicant = (await signIn('demandeur@exemple.fr')).headers;
    const admin = (await signIn('admin@exemple.fr')).headers;

    /** Runs one request while /api/health is asked every 50 ms and a sign-in is made. */
    const probe = async (name: string, expected: number, send: () => Promise<Response>) => {
      let done = false;
      let healthMaxMs = 0;
      let healthAnswers = 0;
      const health = (async () => {
        while (!done) {
          const started = performance.now();
          const res = await fetch(`${base}/api/health`);
          await res.arrayBuffer();
          healthMaxMs = Math.max(healthMaxMs, performance.now() - started);
          healthAnswers += 1;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      const started = performance.now();
      const sent = send();
      await new Promise((resolve) => setTimeout(resolve, 30));
      const signing = signIn('instructeur@exemple.fr');
      const res = await sent;
      const body = await res.text();
      const ms = performance.now() - started;
      const { ms: signInMs } = await signing;
      done = true;
      await health;
      const result = { name, status: res.status, expected, ms, healthMaxMs, healthAnswers, signInMs };
      probes.push(result);
      options.log(
        `${name} : ${String(res.status)} en ${ms.toFixed(0)} ms ; /api/health au plus ${healthMaxMs.toFixed(0)} ms (${String(healthAnswers)} réponses) ; connexion ${signInMs.toFixed(0)} ms`,
      );
      if (res.status !== expected) options.log(`  réponse inattendue : ${body.slice(0, 300)}`);
      return body;
    };
    const postJson = (url: string, headers: Record<string, string>, body: unknown) => () =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const postParts = (
      url: string,
      headers: Record<string, string>,
      parts: Parameters<typeof multipart>[0],
    ) => {
      const body = multipart(parts);
      return () =>
        fetch(`${base}${url}`, {
          method: 'POST',
          headers: { ...body.headers, ...headers },
          body: body.payload,
        });
    };
    const file = (theGeom: unknown) =>
      postParts(
        '/api/request',
        applicant,
        filingParts(filingPayload(1, { location: { theGeom } }), MANDATORY[1]),
      );

    // A community road of Capbreton from the map's layer: the footprints are drawn on it.
    const near: Position = [-1.4292, 43.6309];
    const bbox = [near[0] - 0.01, near[1] - 0.01, near[0] + 0.01, near[1] + 0.01].join(',');
    const roads = (await (
      await fetch(`${base}/api/layers/roads?bbox=${bbox}&zoom=15`, { headers: applicant })
    ).json()) as {
      features: { properties: { typevoie: string }; geometry: { coordinates: Position[] | Position[][] } }[];
    };
    const road = roads.features.find((feature) => feature.properties.typevoie === 'Voie communale');
    if (!road) throw new Error('aucune voie communale dans la géographie de démonstration près de Capbreton');
    const coordinates = road.geometry.coordinates;
    const line =
      typeof coordinates[0]?.[0] === 'number'
        ? (coordinates as Position[])
        : (coordinates as Position[][]).flat();
    const site = line[Math.floor(line.length / 2)]!;

    const max = DRAWN_GEOMETRY_LIMITS.maxPositions;
    const { minLon, minLat, maxLon, maxLat } = TERRITORY_EXTENT;
    const territoryCentre: Position = [(minLon + maxLon) / 2, (minLat + maxLat) / 2];
    const territory = ellipse(territoryCentre, (maxLon - minLon) / 2.2, (maxLat - minLat) / 2.2, max);
    // About 9 ha: the most a footprint may cover.
    const largest = collection({
      type: 'Polygon',
      coordinates: [ellipse(site, 165 * EAST, 165 * NORTH, max)],
    });
    await probe(
      'Dépôt, polygone de 5 000 points sur tout le territoire',
      400,
      file(collection({ type: 'Polygon', coordinates: [territory] })),
    );
    const filed = JSON.parse(await probe('Dépôt, polygone de 5 000 points de 9 ha', 201, file(largest))) as {
      data?: { id: number };
    };
    const id = filed.data?.id;
    if (id !== undefined) {
      await probe('Détail de cette demande', 200, () =>
        fetch(`${base}/api/request/${String(id)}`, { headers: applicant }),
      );
      await probe('Cerfa 14023 de cette demande (PDF)', 200, () =>
        fetch(`${base}/api/request/${String(id)}/pdf/14023/file`, { headers: applicant }),
      );
    }
    const zigzag = Array.from({ length: max }, (_, index): Position => [
      site[0] + (index * 0.8 - 2000) * EAST,
      site[1] + 50 * Math.sin(index / 50) * NORTH,
    ]);
    await probe(
      'Tronçon, ligne de 5 000 points sur 4 km',
      200,
      postJson('/api/troncon', applicant, { geom: { type: 'LineString', coordinates: zigzag } }),
    );
    await probe(
      'Tronçon, ligne de 5 000 points à travers le territoire',
      400,
      postJson('/api/troncon', applicant, {
        geom: { type: 'LineString', coordinates: territory.slice(0, max) },
      }),
    );
    await probe(
      'Parcelles sous le polygone de 9 ha',
      200,
      postJson('/api/plots', applicant, { dep: '40', geom: largest }),
    );
    const layerPart = (count: number) => [
      {
        name: 'file',
        content: JSON.stringify(resurfacingLayer(site, count)),
        filename: 'refections.geojson',
        type: 'application/geo+json',
      },
    ];
    await probe(
      'Couche de 60 000 réfections',
      400,
      postParts('/api/coordination/resurfacing', admin, layerPart(60_000)),
    );
    await probe(
      'Couche de 5 000 réfections',
      200,
      postParts('/api/coordination/resurfacing', admin, layerPart(5000)),
    );
    const small = collection({ type: 'Polygon', coordinates: [ellipse(site, 40 * EAST, 40 * NORTH, 200)] });
    const beside = JSON.parse(
      await probe('Dépôt, polygone de 200 points dans la couche', 201, file(small)),
    ) as {
      data?: { id: number };
    };
    if (beside.data) {
      const conflicts = `/api/request/${String(beside.data.id)}/conflicts`;
      await probe('Coordination de cette demande', 200, () =>
        fetch(`${base}${conflicts}`, { headers: admin }),
      );
      await probe('Recherche des conflits', 200, postJson(conflicts, admin, { trigger: 'demand' }));
    }
    const alive = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    return { database: options.databaseUrl ? 'postgres' : 'pglite', probes, serverAlive: alive };
  } finally {
    await server.stop();
    await bundle.remove();
    await rm(dataDir, { recursive: true, force: true });
    if (admin && throwaway) {
      await sql.raw(`DROP DATABASE IF EXISTS ${throwaway} WITH (FORCE)`).execute(admin.db);
      await admin.close();
    }
  }
}
