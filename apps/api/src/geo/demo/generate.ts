import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { TOWNS } from '@voirie/domain';
// Contours : IGN – ADMIN EXPRESS COG 2018, via gregoiredavid/france-geojson (Licence Ouverte).
import communes from '../../db/reference/communes.geojson.json' with { type: 'json' };
import {
  A63_WAYPOINTS,
  DEMO_SEED,
  DEMO_ZONES,
  SIZE_TARGETS,
  TOWN_ROAD_NUMBERS,
  VOIE_VERTE_WAYPOINTS,
  type DemoGeoSize,
} from './config.ts';
import {
  BAN_HEADER,
  banRow,
  dates,
  parcelFeature,
  parcelId,
  sectionCode,
  troncon,
  zoneFeature,
} from './formats.ts';
import { Region, toLocal, type Pt } from './geo.ts';
import { cut, length, runsAlong, slice } from './lines.ts';
import { blockExtraLots, blockLots, lotArea, placeZone, ruralLots, zoneLayout } from './lots.ts';
import type { DemoTown, Lot, Segment, Street } from './model.ts';
import { StreetNamer } from './names.ts';
import { growGrid, gridStreets, mainRoadOutside, ruralRoads, StreetCodes, type Grid } from './network.ts';
import { Random } from './prng.ts';
import { FeatureCollectionSink, FileSink } from './sink.ts';
import { PolygonIndex, SegmentIndex } from './spatial.ts';

/**
 * Deterministic demo geography of the 23 towns, written in the official formats so that it is
 * loaded through the importers like real data: BD TOPO troncon_de_route (GeoJSON), Etalab
 * cadastre parcels (GeoJSON), BAN addresses (CSV) and operation zones (GeoJSON).
 * Same seed and size -> byte-identical files.
 */

export type DemoFileKind = 'roads' | 'parcels' | 'addresses' | 'zones';

export const DEMO_FILE_NAMES: Readonly<Record<DemoFileKind, string>> = {
  roads: 'troncon_de_route.geojson',
  parcels: 'cadastre-40-parcelles.json',
  addresses: 'adresses-40.csv',
  zones: 'zones-operation.geojson',
};

export interface DemoGenerateOptions {
  outDir: string;
  size?: DemoGeoSize;
  seed?: number;
  /** Files to write (default all); the data generated is the same whatever the choice. */
  files?: readonly DemoFileKind[];
}

export interface DemoManifest {
  generator: string;
  seed: number;
  size: DemoGeoSize;
  files: Partial<Record<DemoFileKind, { name: string; sha256: string; bytes: number; records: number }>>;
  counts: { segments: number; segmentsOutside: number; parcels: number; addresses: number; zones: number };
}

interface CommuneFeature {
  properties: {
    code_insee: string;
    population: number;
    superficie_km2: number;
    point_interieur: [number, number];
  };
  geometry: { type: string; coordinates: unknown };
}

function demoTowns(random: Random): DemoTown[] {
  const features = (communes as unknown as { features: CommuneFeature[] }).features;
  return TOWNS.map((town) => {
    const feature = features.find((f) => f.properties.code_insee === town.inseeCode);
    if (!feature) throw new Error(`Commune ${town.inseeCode} absente des contours de référence`);
    return {
      insee: town.inseeCode,
      name: town.name,
      postalCode: town.postalCodes[0]!,
      libelleAcheminement: town.libelleAcheminement,
      population: feature.properties.population,
      areaKm2: feature.properties.superficie_km2,
      region: Region.fromGeoJson(feature.geometry),
      centre: toLocal(...feature.properties.point_interieur),
      random: random.fork(town.inseeCode),
    };
  });
}

interface TownPlan {
  town: DemoTown;
  grid: Grid;
  streetOf: Map<string, Street>;
  segments: Segment[];
  zone: { code: string; name: string; outline: Pt[] } | null;
  fixedLots: Lot[];
  lots: Lot[];
}

/** The long roads (A63, greenway) cut into segments per town. */
function longRoads(towns: readonly DemoTown[], size: DemoGeoSize): Segment[] {
  const targets = SIZE_TARGETS[size];
  const segments: Segment[] = [];
  for (const run of runsAlong(A63_WAYPOINTS, towns, targets.a63 * 280)) {
    // Outside the territory: kept in the file (the importer skips it), 5 m off the border.
    const points = run.insee ? run.points : slice(run.points, 5, length(run.points) - 5);
    for (const piece of cut(points, 280))
      segments.push({ kind: 'motorway', points: piece, street: null, insee: run.insee, numero: 'A63' });
  }
  for (const run of runsAlong(VOIE_VERTE_WAYPOINTS, towns, targets.voieVerte * 250)) {
    if (!run.insee) continue;
    for (const piece of cut(run.points, 250))
      segments.push({ kind: 'greenway', points: piece, street: null, insee: run.insee, numero: null });
  }
  return segments;
}

export async function generateDemoGeography(options: DemoGenerateOptions): Promise<DemoManifest> {
  const size = options.size ?? 'full';
  const seed = options.seed ?? DEMO_SEED;
  const targets = SIZE_TARGETS[size];
  const root = new Random(seed);
  const towns = demoTowns(root.fork('towns'));
  const long = longRoads(towns, size);
  const zones = DEMO_ZONES.slice(0, targets.zones);

  // Segment budget of each town: population mostly, area a little.
  const population = towns.reduce((sum, town) => sum + town.population, 0);
  const area = towns.reduce((sum, town) => sum + town.areaKm2, 0);
  const reserved =
    long.length + zones.length * 7 + Math.round(towns.length * 2 * targets.departmentalOutside * 0.7);
  const remaining = Math.max(towns.length * 10, targets.segments - reserved);

  // Pass 1: the road network of each town, and the lots that do not depend on the targets.
  const plans: TownPlan[] = [];
  for (const town of towns) {
    const random = town.random;
    const budget = remaining * (0.75 * (town.population / population) + 0.25 * (town.areaKm2 / area));
    const gridTarget = Math.max(8, Math.round(budget * 0.85));
    const namer = new StreetNamer(random.fork('names'));
    const codes = new StreetCodes();
    const numero = TOWN_ROAD_NUMBERS[town.insee] ?? 'D1';
    const grid = growGrid(town, gridTarget, random.fork('grid'));
    const { segments, streetOf } = gridStreets(grid, town, namer, random.fork('streets'), codes, numero);
    const obstacles = new SegmentIndex();
    for (const segment of [...segments, ...long]) obstacles.addLine(segment.points);
    const outside = mainRoadOutside(
      grid,
      town,
      towns,
      namer,
      random.fork('main'),
      codes,
      numero,
      targets.departmentalOutside,
      obstacles,
    );
    for (const segment of outside) obstacles.addLine(segment.points);
    segments.push(...outside);
    const fixedLots: Lot[] = [];
    let zone: TownPlan['zone'] = null;
    const zoneDefinition = zones.find((z) => z.insee === town.insee);
    if (zoneDefinition) {
      const place = placeZone(town, grid, random.fork('zone'), obstacles);
      if (place) {
        const layout = zoneLayout(town, place.centre, place.theta, {
          spine: { ...namer.zone(), code: codes.next(), numero: null },
          west: { ...namer.zone(), code: codes.next(), numero: null },
          east: { ...namer.zone(), code: codes.next(), numero: null },
        });
        zone = { code: zoneDefinition.code, name: zoneDefinition.name, outline: layout.outline };
        for (const segment of layout.segments) obstacles.addLine(segment.points);
        obstacles.addLine([...layout.outline, layout.outline[0]!]);
        segments.push(...layout.segments);
        fixedLots.push(...layout.lots);
      }
    }
    const rural = ruralRoads(
      grid,
      town,
      towns,
      namer,
      random.fork('rural'),
      codes,
      Math.max(2, Math.round(budget - gridTarget)),
      obstacles,
    );
    segments.push(...rural);
    const roads = new SegmentIndex();
    for (const segment of [...segments, ...long]) roads.addLine(segment.points);
    const taken = new PolygonIndex();
    for (const lot of fixedLots) taken.add(lot.ring);
    fixedLots.unshift(...ruralLots(rural, town, grid, random.fork('rural-lots'), roads, taken));
    plans.push({ town, grid, streetOf, segments, zone, fixedLots, lots: [] });
  }

  // Pass 2: the block lots, sized so that the parcel count meets the target.
  const blocks = plans.reduce((sum, plan) => sum + plan.grid.blocks().length, 0);
  const fixed = plans.reduce((sum, plan) => sum + plan.fixedLots.length, 0);
  // Street lots per block side, for the parcel target (corners and core lots come on top).
  const perBlock = Math.max(8, (targets.parcels - fixed) / Math.max(1, blocks));
  const perSide = Math.max(1, (perBlock - blockExtraLots(195, 38)) / 4);
  const crossing = new SegmentIndex();
  for (const segment of long) crossing.addLine(segment.points);
  for (const plan of plans) {
    const random = plan.town.random.fork('blocks');
    for (const block of plan.grid.blocks()) {
      const m = Math.max(2, Math.round(perSide * random.range(0.85, 1.15)));
      plan.lots.push(
        ...blockLots(plan.grid, block, plan.streetOf, m, random.range(32, 44), plan.town, crossing),
      );
    }
    plan.lots.push(...plan.fixedLots);
  }
  const fronts = plans.reduce((sum, plan) => sum + plan.lots.filter((lot) => lot.front).length, 0);
  const addressShare = Math.min(1, targets.addresses / Math.max(1, fronts));

  // Writing, town by town.
  await mkdir(options.outDir, { recursive: true });
  const wanted = new Set<DemoFileKind>(options.files ?? ['roads', 'parcels', 'addresses', 'zones']);
  const file = (kind: DemoFileKind) => path.join(options.outDir, DEMO_FILE_NAMES[kind]);
  const roadsFile = wanted.has('roads') ? new FeatureCollectionSink(file('roads'), 'troncon_de_route') : null;
  const parcelsFile = wanted.has('parcels')
    ? new FeatureCollectionSink(file('parcels'), 'cadastre-40-parcelles')
    : null;
  const zonesFile = wanted.has('zones') ? new FeatureCollectionSink(file('zones'), 'zones_operation') : null;
  const addressesFile = wanted.has('addresses') ? new FileSink(file('addresses')) : null;
  await addressesFile?.write(BAN_HEADER);
  const counts = { segments: 0, segmentsOutside: 0, parcels: 0, addresses: 0, zones: 0 };
  let segmentNumber = 0;
  const writeSegment = async (segment: Segment, random: Random) => {
    segmentNumber += 1;
    if (segment.insee) counts.segments += 1;
    else counts.segmentsOutside += 1;
    const { created, updated } = dates(random, 2006, 2022);
    await roadsFile?.add(
      troncon(segmentNumber, segment, { created: `${created} 10:00:00`, updated: `${updated} 10:00:00` }),
    );
  };

  for (const plan of plans) {
    const { town } = plan;
    const random = town.random.fork('write');
    for (const segment of plan.segments) await writeSegment(segment, random);

    // Parcels: sections of 300–900 parcels, numbered from 1.
    const parcelOf = new Map<Lot, string>();
    let section = 0;
    let numero = 0;
    let capacity = random.int(300, 900);
    for (const lot of plan.lots) {
      if (numero >= capacity) {
        section += 1;
        numero = 0;
        capacity = random.int(300, 900);
      }
      numero += 1;
      const code = sectionCode(section);
      const id = parcelId(town.insee, code, numero);
      parcelOf.set(lot, id);
      const { created, updated } = dates(random, 1985, 2020);
      const contenance = random.chance(0.04) ? null : lotArea(lot);
      counts.parcels += 1;
      const feature = parcelFeature({
        id,
        insee: town.insee,
        section: code,
        numero,
        contenance,
        arpente: random.chance(0.35),
        created,
        updated,
        ring: lot.ring,
      });
      await parcelsFile?.add(feature);
    }

    // Addresses: some lots of each street, odd numbers on the left, even on the right.
    const byStreet = new Map<Street, Lot[]>();
    for (const lot of plan.lots) {
      if (!lot.front || !random.chance(addressShare)) continue;
      const list = byStreet.get(lot.front.street);
      if (list) list.push(lot);
      else byStreet.set(lot.front.street, [lot]);
    }
    const streets = [...byStreet.keys()].sort((a, b) => a.code.localeCompare(b.code));
    for (const street of streets) {
      const lots = byStreet.get(street)!.sort((a, b) => a.front!.t - b.front!.t);
      let odd = -1;
      let even = 0;
      let previousLeft: number | null = null;
      let previousRight: number | null = null;
      const rows: { numero: number; rep: string | null; lot: Lot }[] = [];
      for (const lot of lots) {
        const left = lot.front!.left;
        const previous = left ? previousLeft : previousRight;
        let rep: string | null = null;
        let number: number;
        if (previous !== null && random.chance(0.03)) {
          number = previous;
          rep = 'bis';
        } else {
          const skip = random.chance(0.12) ? 2 : 0;
          if (left) odd += 2 + skip;
          else even += 2 + skip;
          number = left ? odd : even;
        }
        if (left) previousLeft = rep ? null : number;
        else previousRight = rep ? null : number;
        rows.push({ numero: number, rep, lot });
      }
      rows.sort((a, b) => a.numero - b.numero || (a.rep ? 1 : 0) - (b.rep ? 1 : 0));
      for (const row of rows) {
        counts.addresses += 1;
        if (!addressesFile) continue;
        await addressesFile.write(
          banRow({
            insee: town.insee,
            postalCode: town.postalCode,
            townName: town.name,
            libelleAcheminement: town.libelleAcheminement,
            street,
            numero: row.numero,
            rep: row.rep,
            point: row.lot.front!.point,
            parcel: parcelOf.get(row.lot)!,
          }),
        );
      }
    }
    if (plan.zone) {
      counts.zones += 1;
      await zonesFile?.add(zoneFeature(plan.zone.code, plan.zone.name, town.insee, plan.zone.outline));
    }
  }
  const longRandom = root.fork('long-roads');
  for (const segment of long) await writeSegment(segment, longRandom);

  const manifest: DemoManifest = { generator: 'voirie-demo-geo/1', seed, size, files: {}, counts };
  const records = {
    roads: counts.segments + counts.segmentsOutside,
    parcels: counts.parcels,
    addresses: counts.addresses,
    zones: counts.zones,
  };
  for (const [kind, sink] of [
    ['roads', roadsFile],
    ['parcels', parcelsFile],
    ['zones', zonesFile],
  ] as const) {
    if (sink)
      manifest.files[kind] = { name: DEMO_FILE_NAMES[kind], ...(await sink.close()), records: records[kind] };
  }
  if (addressesFile) {
    const sha256 = await addressesFile.close();
    manifest.files.addresses = {
      name: DEMO_FILE_NAMES.addresses,
      sha256,
      bytes: addressesFile.bytes,
      records: records.addresses,
    };
  }
  await writeFile(path.join(options.outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
