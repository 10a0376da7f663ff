import { describe, expect, test } from 'vitest';
import {
  COMMUNITY,
  TOWNS,
  TOWNS_ATTRIBUTION,
  TOWN_COUNT,
  findTownByInseeCode,
  findTownByName,
  findTownsByPostalCode,
  isMemberTown,
  normalizeTownName,
  notMemberTownMessage,
} from './towns.ts';

/** The 23 names as the specification prints them (docs/constants.md "Member towns"). */
const SPEC_NAMES = [
  'Angresse',
  'Azur',
  'Bénesse-Maremne',
  'Capbreton',
  'Josse',
  'Labenne',
  'Magescq',
  'Messanges',
  'Moliets-et-Maa',
  'Orx',
  'Saint-Geours-de-Maremne',
  'Saint-Jean-de-Marsacq',
  'Sainte-Marie-de-Gosse',
  'Saint-Martin-de-Hinx',
  'Saint-Vincent-de-Tyrosse',
  'Saubion',
  'Saubrigues',
  'Saubusse',
  'Seignosse',
  'Soorts-Hossegor',
  'Soustons',
  'Tosse',
  'Vieux-Boucau-les-Bains',
];

describe('towns', () => {
  test('the 23 member towns, with the exact COG names of the spec', () => {
    expect(TOWNS).toHaveLength(23);
    expect(TOWN_COUNT).toBe(23);
    expect([...TOWNS.map((town) => town.name)].sort()).toEqual([...SPEC_NAMES].sort());
  });

  test('INSEE codes are distinct 40xxx codes; postal codes and points are plausible', () => {
    expect(new Set(TOWNS.map((town) => town.inseeCode)).size).toBe(23);
    for (const town of TOWNS) {
      expect(town.inseeCode).toMatch(/^40\d{3}$/);
      expect(town.postalCodes.length).toBeGreaterThan(0);
      for (const code of town.postalCodes) expect(code).toMatch(/^40\d{3}$/);
      const [lon, lat] = town.pointInterieur;
      expect(lon).toBeGreaterThan(-1.4825);
      expect(lon).toBeLessThan(-1.10673);
      expect(lat).toBeGreaterThan(43.51684);
      expect(lat).toBeLessThan(43.89756);
    }
  });

  test('known rows of the CSV', () => {
    expect(findTownByInseeCode('40065')).toMatchObject({
      name: 'Capbreton',
      postalCodes: ['40130'],
      siren: '214000655',
    });
    expect(findTownByInseeCode('40328')?.libelleAcheminement).toBe('VIEUX BOUCAU-LES-BAINS');
    expect(findTownsByPostalCode('40230').map((town) => town.name)).toContain('Saint-Vincent-de-Tyrosse');
    expect(findTownsByPostalCode('40230')).toHaveLength(9);
  });

  test.each([
    ['bénesse-maremne', 'Bénesse-Maremne'],
    ['BENESSE MAREMNE', 'Bénesse-Maremne'],
    ['St Vincent de Tyrosse', 'Saint-Vincent-de-Tyrosse'],
    ['st-vincent-de-tyrosse', 'Saint-Vincent-de-Tyrosse'],
    ['Ste Marie de Gosse', 'Sainte-Marie-de-Gosse'],
    ['ST-GEOURS-MAREMNE', 'Saint-Geours-de-Maremne'],
    ['  soorts hossegor ', 'Soorts-Hossegor'],
    ['Vieux Boucau les Bains', 'Vieux-Boucau-les-Bains'],
    ['St. Martin de Hinx', 'Saint-Martin-de-Hinx'],
  ])('finds %s', (input, name) => {
    expect(findTownByName(input)?.name).toBe(name);
  });

  test('other towns are not members, with the spec message', () => {
    expect(isMemberTown('Bayonne')).toBe(false);
    expect(isMemberTown('Dax')).toBe(false);
    expect(isMemberTown('')).toBe(false);
    expect(isMemberTown(null)).toBe(false);
    expect(isMemberTown('Hossegor')).toBe(false);
    expect(notMemberTownMessage('Bayonne')).toBe('Bayonne ne fait pas partie de la communauté.');
  });

  test('normalization spells out St and Ste only as whole words', () => {
    expect(normalizeTownName('Ste-Marie')).toBe('sainte marie');
    expect(normalizeTownName('Steinbach')).toBe('steinbach');
  });

  test('the community and the attribution', () => {
    expect(COMMUNITY).toEqual({ name: 'CC Maremne Adour Côte Sud', siren: '244000865', departement: '40' });
    expect(TOWNS_ATTRIBUTION).toContain('IGN – ADMIN EXPRESS COG 2018');
    expect(TOWNS_ATTRIBUTION).toContain('Licence Ouverte');
  });
});
