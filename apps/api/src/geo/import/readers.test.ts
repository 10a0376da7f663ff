import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import { readCsvRecords } from './csv-reader.ts';
import { readGeoJsonFeatures } from './geojson-reader.ts';
import { geometryProblem, type GeometryType } from './geometry.ts';
import { resolveSource } from './source.ts';
import { isoDate } from './values.ts';

async function csv(text: string | Buffer, chunk = 7) {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunk) pieces.push(bytes.subarray(i, i + chunk));
  const source = await resolveSource({ stream: Readable.from(pieces) });
  const out: { line: number; values: Record<string, string> }[] = [];
  for await (const batch of readCsvRecords(source.open(), { separator: ';', required: ['a'] }))
    out.push(...batch);
  return out;
}

const dirs: string[] = [];
async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'geojson-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('CSV reader', () => {
  test('quotes, doubled quotes, separators and new lines inside quotes, CRLF, BOM; line numbers of each record', async () => {
    const text = '\uFEFFa;b;c\r\n1;"x;y";3\r\n2;"dit ""le Port""";"sur\ndeux lignes"\r\n\r\n4;;é\r\n';
    const records = await csv(text);
    expect(records).toEqual([
      { line: 2, values: { a: '1', b: 'x;y', c: '3' } },
      { line: 3, values: { a: '2', b: 'dit "le Port"', c: 'sur\ndeux lignes' } },
      { line: 6, values: { a: '4', b: '', c: 'é' } },
    ]);
  });

  test('a multi-byte character split between chunks is read whole', async () => {
    const records = await csv('a\nÉcole des Barthes\n', 1);
    expect(records[0]!.values.a).toBe('École des Barthes');
  });

  test('a missing column stops at its line; a missing required column at the header', async () => {
    await expect(csv('a;b;c\n1;2;3\n4;5\n')).rejects.toThrow(
      'Ligne 3 : 2 colonnes au lieu de 3 (séparateur « ; »).',
    );
    await expect(csv('x;b\n1;2\n')).rejects.toThrow('Ligne 1 : colonne obligatoire absente : a.');
    await expect(csv('a,b,c\n1,2,3\n')).rejects.toThrow('Ligne 1 : séparateur « ; » attendu');
  });
});

describe('GeoJSON reader', () => {
  const feature = (n: number) =>
    JSON.stringify({ type: 'Feature', properties: { n, text: 'é'.repeat(n % 7) }, geometry: null });

  async function read(file: string) {
    const source = await resolveSource(file);
    const numbers: number[] = [];
    for await (const batch of readGeoJsonFeatures(source, source.open()))
      numbers.push(...batch.map((item) => item.number));
    return numbers;
  }

  test('streams the features of a FeatureCollection, plain or gzip, whatever comes before or after', async () => {
    const dir = await tempDir();
    const text = `{"type":"FeatureCollection","crs":{"type":"name"},"features":[${[1, 2, 3].map(feature).join(',')}],"extra":[1,2]}`;
    await writeFile(path.join(dir, 'a.json'), text);
    await writeFile(path.join(dir, 'a.json.gz'), gzipSync(text));
    expect(await read(path.join(dir, 'a.json'))).toEqual([1, 2, 3]);
    expect(await read(path.join(dir, 'a.json.gz'))).toEqual([1, 2, 3]);
  });

  test('broken JSON names the exact feature, even far into a large file', async () => {
    const dir = await tempDir();
    const features = Array.from({ length: 4000 }, (_, i) => feature(i + 1));
    features[2999] = features[2999]!.replace('"properties"', '"properties" 12');
    const file = path.join(dir, 'broken.json');
    await writeFile(file, `{"type":"FeatureCollection","features":[\n${features.join(',\n')}\n]}`);
    await expect(read(file)).rejects.toThrow(/^Entité n° 3000 : JSON invalide/);
    await writeFile(file, `{"type":"FeatureCollection","features":[${features.slice(0, 10).join(',')}`);
    await expect(read(file)).rejects.toThrow(/^Entité n° 11 : JSON invalide/);
    await writeFile(file, `{"type":"FeatureCollection","features":[${features.slice(0, 2).join(',')},]}`);
    await expect(read(file)).rejects.toThrow(/^Entité n° 3 : JSON invalide/);
  });

  test('an unusual file is read again with stream-json: each feature once, numbered in order', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'unusual.json');
    const features = Array.from({ length: 2500 }, (_, i) => feature(i + 1));
    // A feature that is not an object, far into the file: the fast way stops there.
    features[1999] = '7';
    await writeFile(file, `{"type":"FeatureCollection","features":[${features.join(',')}]}`);
    const numbers = await read(file);
    expect(numbers).toEqual(Array.from({ length: 2500 }, (_, i) => i + 1));
    // An escaped member name: stream-json reads it as "features".
    await writeFile(file, `{"feat\\u0075res":[${features.slice(0, 3).join(',')}]}`);
    expect(await read(file)).toEqual([1, 2, 3]);
  });

  test('not a FeatureCollection, or not JSON', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'a.json'), '{"type":"Feature","geometry":null}');
    await expect(read(path.join(dir, 'a.json'))).rejects.toThrow('tableau « features » absent');
    await writeFile(path.join(dir, 'b.json'), '{"features":{"a":1}}');
    await expect(read(path.join(dir, 'b.json'))).rejects.toThrow('« features » n’est pas un tableau');
    await expect(read(path.join(dir, 'missing.json'))).rejects.toThrow('Fichier introuvable ou illisible');
  });
});

describe('geometry and value checks', () => {
  const line = (coordinates: unknown[]) => ({ type: 'LineString', coordinates });
  const ring = (...positions: number[][]) => ({ type: 'Polygon', coordinates: [positions] });
  const lambert = line([
    [350000, 6500000],
    [350010, 6500010],
  ]);
  // Each case: the geometry, the types allowed, whether lon/lat bounds are checked, and the
  // reason expected (the exact text, a part of it, or null for a good geometry).
  test.each<[string, unknown, GeometryType[], boolean, string | RegExp | null]>([
    [
      'a type not allowed',
      { type: 'Point', coordinates: [1, 2] },
      ['Polygon', 'MultiPolygon'],
      true,
      'géométrie de type « Point », attendu Polygon ou MultiPolygon.',
    ],
    ['no geometry', null, ['Polygon'], true, 'géométrie absente.'],
    ['an open ring', ring([0, 0], [1, 0], [1, 1], [0, 1]), ['Polygon'], true, /non fermé/],
    ['a short ring', ring([0, 0], [1, 0], [0, 0]), ['Polygon'], true, /moins de 4 positions/],
    ['a short line', line([[0, 0]]), ['LineString'], true, /moins de 2 positions/],
    [
      'a position not a number',
      line([
        [0, 0],
        [1, 'a'],
      ]),
      ['LineString'],
      true,
      /non numérique/,
    ],
    ['Lambert-93 read as lon/lat', lambert, ['LineString'], true, /--srid 2154/],
    ['Lambert-93 with its srid', lambert, ['LineString'], false, null],
    [
      'a closed multipolygon',
      { type: 'MultiPolygon', coordinates: [ring([0, 0], [1, 0], [1, 1], [0, 0]).coordinates] },
      ['MultiPolygon'],
      true,
      null,
    ],
  ])('types, positions and rings: %s', (_case, geometry, allowed, geographic, expected) => {
    const problem = geometryProblem(geometry, allowed, { geographic });
    if (expected instanceof RegExp) expect(problem).toMatch(expected);
    else if (expected === null) expect(problem).toBeNull();
    else expect(problem).toBe(expected);
  });

  test('dates', () => {
    expect(isoDate('2015-05-12')).toBe('2015-05-12');
    expect(isoDate('2015-05-12T10:00:00Z')).toBe('2015-05-12');
    expect(isoDate('2015-02-30')).toBeUndefined();
    expect(isoDate('')).toBeNull();
  });
});
