import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { TypeDeVoie } from '@voirie/domain';
// Contours : IGN – ADMIN EXPRESS COG 2018, via gregoiredavid/france-geojson (Licence Ouverte).
import communes from '../apps/api/src/db/reference/communes.geojson.json' with { type: 'json' };
import { DEMO_SEED, TOWN_ROAD_NUMBERS } from '../apps/api/src/geo/demo/config.ts';
import { dates, parcelFeature, parcelId, sectionCode, troncon } from '../apps/api/src/geo/demo/formats.ts';
import { ofPlace } from '../apps/api/src/geo/demo/names.ts';
import { DEMO_FILE_NAMES } from '../apps/api/src/geo/demo/index.ts';
import { Region, ringArea, type Pt } from '../apps/api/src/geo/demo/geo.ts';
import type { Segment, SegmentKind, Street } from '../apps/api/src/geo/demo/model.ts';
import { Random } from '../apps/api/src/geo/demo/prng.ts';
import { FeatureCollectionSink } from '../apps/api/src/geo/demo/sink.ts';

/**
 * A département-size geography for the import bench, written in the official
 * formats through the demo generator's writers: Etalab cadastre parcels
 * (`cadastre-40-parcelles.json`) and IGN BD TOPO troncon_de_route (`troncon_de_route.geojson`).
 *
 * The demo generator models streets, blocks and lots of every town in memory before writing,
 * which is fine at 100,000 parcels but not at a million. This one streams: the 23 member towns
 * (their real contours) are covered by a regular grid of lots, read row by row from the
 * contours' scanlines, with streets along every k-th grid line; each feature is written as soon
 * as it is made, so the memory stays that of one town's contour whatever the counts. Every
 * feature lies in a member town: the importers keep them all (territory filter on, as
 * `npm run import` runs them). Same seed and counts -> same files.
 */

export interface DepartementOptions {
  outDir: string;
  /** Parcels to write (exactly). */
  parcels: number;
  /** Road segments to write (exactly). */
  roads: number;
  seed?: number;
}

export interface GeneratedFile {
  path: string;
  bytes: number;
  features: number;
}

export interface DepartementFiles {
  parcels: GeneratedFile;
  roads: GeneratedFile;
  /** Side of a grid cell (one parcel) in metres, and streets every `streetEvery` cells. */
  cellMetres: number;
  streetEvery: number;
  durationMs: number;
}

interface CommuneFeature {
  properties: { code_insee: string; nom: string };
  geometry: { type: string; coordinates: unknown };
}

interface Town {
  insee: string;
  name: string;
  region: Region;
}

function memberTowns(): Town[] {
  return (communes as unknown as { features: CommuneFeature[] }).features.map((feature) => ({
    insee: feature.properties.code_insee,
    name: feature.properties.nom,
    region: Region.fromGeoJson(feature.geometry),
  }));
}

/**
 * Where the line `coordinate[fixed] = value` crosses the region's rings: the other coordinate,
 * sorted; inside between the 1st and 2nd, the 3rd and 4th… (even-odd, as Region.contains).
 */
function crossings(region: Region, fixed: 0 | 1, value: number): number[] {
  const along = fixed === 0 ? 1 : 0;
  const out: number[] = [];
  for (const ring of region.rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
      const a = ring[j]!;
      const b = ring[i]!;
      if (a[fixed] > value !== b[fixed] > value)
        out.push(a[along] + ((value - a[fixed]) * (b[along] - a[along])) / (b[fixed] - a[fixed]));
    }
  }
  return out.sort((x, y) => x - y);
}

/** Calls `visit(from, to)` for each inside interval of the line `coordinate[fixed] = value`. */
function insideIntervals(
  region: Region,
  fixed: 0 | 1,
  value: number,
  visit: (from: number, to: number) => void,
): void {
  const xs = crossings(region, fixed, value);
  for (let i = 0; i + 1 < xs.length; i += 2) visit(xs[i]!, xs[i + 1]!);
}

/** The grid cells (column, row) of side `cell` whose centre lies in the town, row by row. */
function* townCells(town: Town, cell: number): Generator<[number, number]> {
  const { region } = town;
  for (let row = Math.floor(region.minY / cell); row * cell <= region.maxY; row += 1) {
    const cells: [number, number][] = [];
    insideIntervals(region, 1, (row + 0.5) * cell, (from, to) => {
      for (let column = Math.ceil(from / cell - 0.5); (column + 0.5) * cell <= to; column += 1)
        cells.push([column, row]);
    });
    yield* cells;
  }
}

function countCells(towns: readonly Town[], cell: number): number {
  let count = 0;
  for (const town of towns) {
    const { region } = town;
    for (let row = Math.floor(region.minY / cell); row * cell <= region.maxY; row += 1) {
      insideIntervals(region, 1, (row + 0.5) * cell, (from, to) => {
        count += Math.max(0, Math.floor(to / cell - 0.5) - Math.ceil(from / cell - 0.5) + 1);
      });
    }
  }
  return count;
}

interface StreetPiece {
  /** 0: along a grid row (east-west), 1: along a column (north-south). */
  axis: 0 | 1;
  /** Number of the grid line in the town's list of lines of its axis (its street). */
  line: number;
  /** Position of the line, and the piece's ends along it, in metres. */
  at: number;
  from: number;
  to: number;
}

/** Streets along every `every`-th grid line, cut at the crossing streets, pieces of 10 m or more. */
function* townStreetPieces(town: Town, cell: number, every: number): Generator<StreetPiece> {
  const { region } = town;
  const spacing = cell * every;
  for (const axis of [0, 1] as const) {
    // A street along a row has y fixed (coordinate 1).
    const fixed = axis === 0 ? 1 : 0;
    const min = fixed === 1 ? region.minY : region.minX;
    const max = fixed === 1 ? region.maxY : region.maxX;
    let line = 0;
    for (let k = Math.ceil(min / spacing); k * spacing <= max; k += 1, line += 1) {
      const at = k * spacing;
      const pieces: StreetPiece[] = [];
      insideIntervals(region, fixed, at, (from, to) => {
        for (let start = Math.floor(from / spacing) * spacing; start < to; start += spacing) {
          const a = Math.max(from, start);
          const b = Math.min(to, start + spacing);
          if (b - a >= 10) pieces.push({ axis, line, at, from: a, to: b });
        }
      });
      yield* pieces;
    }
  }
}

function countStreetPieces(towns: readonly Town[], cell: number, every: number): number {
  let count = 0;
  for (const town of towns) for (const _ of townStreetPieces(town, cell, every)) count += 1;
  return count;
}

/**
 * Keeps exactly `wanted` of `total` items spread evenly: item i (from 0) is kept when
 * floor((i + 1) · wanted / total) > floor(i · wanted / total).
 */
function evenPick(total: number, wanted: number): (index: number) => boolean {
  return (index) => Math.floor(((index + 1) * wanted) / total) > Math.floor((index * wanted) / total);
}

/** A lot of the cell: its square shrunk by 0.5 m, with a bent front and back (6 vertices, CCW). */
function lotRing(column: number, row: number, cell: number, random: Random): Pt[] {
  const x0 = column * cell + 0.5;
  const y0 = row * cell + 0.5;
  const x1 = (column + 1) * cell - 0.5;
  const y1 = (row + 1) * cell - 0.5;
  const xm = (x0 + x1) / 2 + random.range(-2, 2);
  return [
    [x0, y0],
    [xm, y0 + random.range(-0.3, 0.3)],
    [x1, y0],
    [x1, y1],
    [xm, y1 + random.range(-0.3, 0.3)],
    [x0, y1],
  ];
}

const STREET_TYPES: readonly (readonly [TypeDeVoie, number])[] = [
  ['Rue', 10],
  ['Allée', 4],
  ['Avenue', 3],
  ['Impasse', 3],
  ['Chemin', 3],
  ['Route', 2],
  ['Place', 1],
];
const COMPLEMENTS = [
  'des Pins',
  'des Chênes',
  'du Lac',
  'de la Plage',
  'des Dunes',
  'des Écoles',
  "de l'Église",
  'du Moulin',
  'des Arènes',
  'de la Gare',
  'des Mimosas',
  'du Stade',
  'des Landes',
  'de la Forêt',
  'des Bruyères',
  'du Port',
  'Victor Hugo',
  'Jean Jaurès',
  'Léon Blum',
  'du 8 Mai 1945',
];

/** A street of a grid line; its kind sets the BD TOPO attributes (formats.ts). */
function streetOf(
  town: Town,
  axis: 0 | 1,
  line: number,
  random: Random,
): { street: Street; kind: SegmentKind } {
  const numero = line % 10 === 0 ? (TOWN_ROAD_NUMBERS[town.insee] ?? 'D1') : null;
  const kind: SegmentKind = numero
    ? 'main'
    : line % 10 === 5
      ? 'rural'
      : line % 10 === 7
        ? 'track'
        : 'street';
  const type: TypeDeVoie = numero ? 'Route' : kind === 'street' ? random.weighted(STREET_TYPES) : 'Chemin';
  const complement = numero ? ofPlace(town.name) : random.pick(COMPLEMENTS);
  const n = axis * 10_000 + line;
  return {
    kind,
    street: {
      name: `${type} ${complement}`,
      type,
      code: n.toString(36).toUpperCase().padStart(4, '0'),
      numero,
    },
  };
}

/** The 5 points of a street piece, the inner ones 0.3 m or less off the line. */
function piecePoints(piece: StreetPiece, random: Random): Pt[] {
  const points: Pt[] = [];
  for (let i = 0; i <= 4; i += 1) {
    const t = piece.from + ((piece.to - piece.from) * i) / 4;
    const off = i === 0 || i === 4 ? 0 : random.range(-0.3, 0.3);
    points.push(piece.axis === 0 ? [t, piece.at + off] : [piece.at + off, t]);
  }
  return points;
}

/** Writes the parcel and road files in `outDir`, streamed. */
export async function generateDepartement(options: DepartementOptions): Promise<DepartementFiles> {
  const started = performance.now();
  const towns = memberTowns();
  const seed = options.seed ?? DEMO_SEED;
  const root = new Random(seed).fork('departement');

  // A cell (one parcel) small enough for the towns to hold the wanted parcels.
  const area = towns.reduce((sum, town) => sum + town.region.rings.reduce((s, r) => s + ringArea(r), 0), 0);
  let cell = Math.sqrt(area / (options.parcels * 1.02));
  let cells = countCells(towns, cell);
  while (cells < options.parcels) {
    cell *= 0.99;
    cells = countCells(towns, cell);
  }
  // Streets every `every` cells: the widest spacing that still gives the wanted segments.
  let every = Math.max(2, Math.floor(Math.sqrt((2 * area) / options.roads) / cell));
  let pieces = countStreetPieces(towns, cell, every);
  while (pieces < options.roads && every > 1) {
    every -= 1;
    pieces = countStreetPieces(towns, cell, every);
  }
  if (pieces < options.roads) throw new Error(`${options.roads} tronçons : grille trop lâche`);

  await mkdir(options.outDir, { recursive: true });
  const parcelsPath = path.join(options.outDir, DEMO_FILE_NAMES.parcels);
  const roadsPath = path.join(options.outDir, DEMO_FILE_NAMES.roads);

  // Parcels: town by town, row by row; sections of 300–900 parcels numbered from 1.
  const parcels = new FeatureCollectionSink(parcelsPath, 'cadastre-40-parcelles');
  const keepParcel = evenPick(cells, options.parcels);
  let index = 0;
  for (const town of towns) {
    const random = root.fork(`parcels-${town.insee}`);
    let section = 0;
    let numero = 0;
    let capacity = random.int(300, 900);
    for (const [column, row] of townCells(town, cell)) {
      if (!keepParcel(index++)) continue;
      if (numero >= capacity) {
        section += 1;
        numero = 0;
        capacity = random.int(300, 900);
      }
      numero += 1;
      const code = sectionCode(section);
      const ring = lotRing(column, row, cell, random);
      const { created, updated } = dates(random, 1985, 2020);
      await parcels.add(
        parcelFeature({
          id: parcelId(town.insee, code, numero),
          insee: town.insee,
          section: code,
          numero,
          contenance: random.chance(0.04) ? null : Math.round(ringArea(ring)),
          arpente: random.chance(0.35),
          created,
          updated,
          ring,
        }),
      );
    }
  }
  const parcelsFile = await parcels.close();

  // Road segments: town by town, street by street, numbered from 1 (cleabs).
  const roads = new FeatureCollectionSink(roadsPath, 'troncon_de_route');
  const keepRoad = evenPick(pieces, options.roads);
  index = 0;
  let number = 0;
  for (const town of towns) {
    const random = root.fork(`roads-${town.insee}`);
    let current: { axis: 0 | 1; line: number; street: Street; kind: SegmentKind } | null = null;
    for (const piece of townStreetPieces(town, cell, every)) {
      if (!keepRoad(index++)) continue;
      if (!current || current.axis !== piece.axis || current.line !== piece.line)
        current = { axis: piece.axis, line: piece.line, ...streetOf(town, piece.axis, piece.line, random) };
      const segment: Segment = {
        kind: current.kind,
        points: piecePoints(piece, random),
        street: current.kind === 'track' ? null : current.street,
        insee: town.insee,
        numero: current.street.numero,
      };
      const { created, updated } = dates(random, 2006, 2022);
      number += 1;
      await roads.add(
        troncon(number, segment, { created: `${created} 10:00:00`, updated: `${updated} 10:00:00` }),
      );
    }
  }
  const roadsFile = await roads.close();

  return {
    parcels: { path: parcelsPath, bytes: parcelsFile.bytes, features: parcels.features },
    roads: { path: roadsPath, bytes: roadsFile.bytes, features: roads.features },
    cellMetres: cell,
    streetEvery: every,
    durationMs: performance.now() - started,
  };
}
