import { describe, expect, test } from 'vitest';
import { lambert93, Region, toLocal, toLonLat } from './geo.ts';
import { afnor, StreetNamer } from './names.ts';
import { Random } from './prng.ts';
import { parcelId } from './formats.ts';

describe('demo generator helpers', () => {
  test('mulberry32 is deterministic and uniform enough', () => {
    const a = new Random(42);
    const b = new Random(42);
    const values = Array.from({ length: 1000 }, () => a.next());
    expect(Array.from({ length: 1000 }, () => b.next())).toEqual(values);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
    expect(new Random(42).fork('x').next()).not.toBe(new Random(42).fork('y').next());
  });

  test('Lambert-93 matches the BAN sample (x, y of 01002_w4ld4h_00006)', () => {
    const [x, y] = lambert93(5.425179, 46.005447);
    expect(Math.abs(x - 887643.67)).toBeLessThan(0.5);
    expect(Math.abs(y - 6547960.53)).toBeLessThan(0.5);
  });

  test('local frame round trip and point in polygon', () => {
    expect(toLonLat(toLocal(-1.429155, 43.63091))).toEqual([-1.429155, 43.63091]);
    const square = new Region([
      [
        toLocal(-1.43, 43.63),
        toLocal(-1.42, 43.63),
        toLocal(-1.42, 43.64),
        toLocal(-1.43, 43.64),
        toLocal(-1.43, 43.63),
      ],
    ]);
    expect(square.contains(toLocal(-1.425, 43.635))).toBe(true);
    expect(square.contains(toLocal(-1.435, 43.635))).toBe(false);
    expect(square.boundaryDistance(toLocal(-1.425, 43.635))).toBeGreaterThan(390);
  });

  test('street names are French, typed from the form list, unique in a town', () => {
    const namer = new StreetNamer(new Random(1));
    const names = Array.from({ length: 300 }, () => namer.street().name);
    expect(new Set(names).size).toBe(300);
    expect(
      names.every((name) =>
        /^(Rue|Avenue|Allée|Impasse|Chemin|Boulevard|Résidence|Lotissement|Place|Square|Passage|Route|Sentier|Cours|Ruelle|Villa|Hameau|Traverse|Esplanade) /.test(
          name,
        ),
      ),
    ).toBe(true);
    expect(afnor("Allée de l'Océan")).toBe('ALLEE DE L OCEAN');
  });

  test('Etalab parcel ids', () => {
    expect(parcelId('40065', 'AB', 123)).toBe('40065000AB0123');
    expect(parcelId('40065', 'C', 7)).toBe('400650000C0007');
  });
});
