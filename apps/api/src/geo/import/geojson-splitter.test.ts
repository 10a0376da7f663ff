import { describe, expect, test } from 'vitest';
import { FeatureSplitter } from './geojson-splitter.ts';

/** Feeds `text` in pieces of `size` characters; the features read, or the error thrown. */
function split(text: string, size: number) {
  const splitter = new FeatureSplitter();
  const out: unknown[] = [];
  for (let i = 0; i < text.length && !splitter.stopped; i += size)
    splitter.push(text.slice(i, i + size), out);
  splitter.end();
  return { out, completed: splitter.completed };
}

const tricky = [
  { type: 'Feature', properties: { nom: 'Rue "du Port"', chemin: 'C:\\voirie\\', vide: '' }, geometry: null },
  {
    type: 'Feature',
    properties: { texte: 'accolades { [ ] } et "\\"" dans une chaîne', n: -1.5e-3 },
    geometry: null,
  },
  {
    type: 'Feature',
    id: 'x',
    properties: { liste: [[1, 2], { a: [] }], é: 'œ\u2028' },
    geometry: { type: 'Point', coordinates: [-1.4, 43.6] },
  },
];

describe('FeatureSplitter', () => {
  test('reads what JSON.parse reads, whatever the pieces (strings, escapes, nesting across boundaries)', () => {
    const text = `\n{ "type" : "FeatureCollection", "crs": {"features": [1]}, "name": "a\\"features",\n "features" : [\n${tricky
      .map((feature) => JSON.stringify(feature, null, 1))
      .join(' ,\n')}\n] , "after": [}`;
    for (const size of [1, 2, 3, 5, 7, 64, text.length]) {
      const { out, completed } = split(text, size);
      expect(out, `morceaux de ${size}`).toEqual(tricky);
      expect(completed).toBe(3);
    }
  });

  test('an empty array, and the rest of the file left unread', () => {
    expect(split('{"features":[]} pas lu', 4).out).toEqual([]);
  });

  test.each([
    ['not an object', '[{"features":[]}]'],
    ['features not an array', '{"features":{"a":1}}'],
    ['no features', '{"type":"FeatureCollection"}'],
    ['a bad member before the array', '{"type" "x","features":[]}'],
    ['a feature that is not an object', '{"features":[1]}'],
    ['a missing comma', '{"features":[{}{}]}'],
    ['a trailing comma', '{"features":[{},]}'],
    ['a leading comma', '{"features":[,{}]}'],
    ['an escaped member name', '{"feat\\u0075res":[{}]}'],
    ['bad JSON inside a feature', '{"features":[{"a" 1}]}'],
    ['the file ends inside a feature', '{"features":[{"a":1}'],
    ['the file ends inside the array', '{"features":[{"a":1},'],
    ['megabytes before the array', `{"name":"${'x'.repeat(1 << 21)}","features":[]}`],
  ])('gives up on the unusual (%s): the reader reads it again with stream-json', (_, text) => {
    // The megabyte comes in pieces of a file read (it is the keeping across pieces that stops).
    const sizes = text.length > 10_000 ? [65_536] : [1, 3, text.length];
    for (const size of sizes) expect(() => split(text, size)).toThrow();
  });
});
