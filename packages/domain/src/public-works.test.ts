import { describe, expect, test } from 'vitest';
import {
  PUBLIC_WORKS_CSV_COLUMNS,
  PUBLIC_WORKS_FIELDS,
  PublicWorkPropertiesSchema,
  PublicWorksQuerySchema,
  presentPublicWork,
  publicStreet,
  publicTown,
  type PublicWorkSource,
} from './public-works.ts';
import { WorksCalendarQuerySchema } from './works-calendar.ts';
import { GRANTED_WORKS_STATES, isInForceOn, worksStatusOn } from './works-in-force.ts';

const TODAY = '2026-06-10';

const source = (patch: Partial<PublicWorkSource> = {}): PublicWorkSource => ({
  publicKey: 'k3Vb0xq2ZpT1aW9c',
  type: 1,
  stateId: 4,
  place: { road: { name: 'Rue des Pins', numero: null }, footprintInsee: null },
  locality: 'CAPBRETON',
  dateStart: '2026-06-01',
  dateEnd: '2026-06-20',
  operatorName: null,
  ...patch,
});

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((issue) => issue.message);

describe('works in force', () => {
  test('granted permissions not received: states 4, 6, 7, 12 and 13', () => {
    expect([...GRANTED_WORKS_STATES].sort((a, b) => a - b)).toEqual([4, 6, 7, 12, 13]);
  });

  test('in force on a day: granted, start ≤ day ≤ end (both days included)', () => {
    const work = { type: 1, stateId: 4, dateStart: '2026-06-01', dateEnd: '2026-06-20' };
    expect(isInForceOn(work, '2026-06-01')).toBe(true);
    expect(isInForceOn(work, '2026-06-20')).toBe(true);
    expect(isInForceOn(work, '2026-05-31')).toBe(false);
    expect(isInForceOn(work, '2026-06-21')).toBe(false);
    for (const stateId of [1, 2, 3, 5, 8, 10, 11])
      expect(isInForceOn({ ...work, stateId }, '2026-06-10'), `state ${String(stateId)}`).toBe(false);
    expect(isInForceOn({ ...work, type: 2 }, '2026-06-10')).toBe(false);
    // No end: the start day only.
    expect(isInForceOn({ ...work, dateEnd: null }, '2026-06-01')).toBe(true);
    expect(isInForceOn({ ...work, dateEnd: null }, '2026-06-02')).toBe(false);
  });

  test('under way or to come on today; finished works are none', () => {
    const work = { type: 3, stateId: 12, dateStart: '2026-06-11', dateEnd: '2026-06-30' };
    expect(worksStatusOn(work, TODAY)).toBe('a_venir');
    expect(worksStatusOn(work, '2026-06-11')).toBe('en_cours');
    expect(worksStatusOn(work, '2026-07-01')).toBeNull();
    expect(worksStatusOn({ ...work, stateId: 1 }, TODAY)).toBeNull();
  });
});

describe('the published works: never a person', () => {
  test('kind, town, reference street, dates, status, operator, traffic impact', () => {
    expect(presentPublicWork(source({ operatorName: 'Réseaux Sud Landes' }), TODAY)).toEqual({
      identifiant: 'k3Vb0xq2ZpT1aW9c',
      nature: 'Permission de voirie - Réseaux',
      commune: 'Capbreton',
      code_insee: '40065',
      voie: 'Rue des Pins',
      date_debut: '2026-06-01',
      date_fin: '2026-06-20',
      statut: 'en_cours',
      operateur: 'Réseaux Sud Landes',
      impact_circulation: 'Pas d’impact notable sur la circulation',
      impact_niveau: 'aucun',
      localisation: 'precise',
      arrete_circulation: null,
      acte_publie: null,
    });
  });

  test('a signed traffic-police order is published at its works site’s address', () => {
    expect(presentPublicWork(source({ trafficOrderSigned: true }), TODAY)?.arrete_circulation).toBe(
      '/api/public/works/k3Vb0xq2ZpT1aW9c/arrete-circulation.pdf',
    );
    expect(presentPublicWork(source({ trafficOrderSigned: false }), TODAY)?.arrete_circulation).toBeNull();
  });

  test('only a network operator’s works are placed precisely', () => {
    expect(presentPublicWork(source(), TODAY)?.localisation).toBe('approchee');
    expect(presentPublicWork(source({ operatorName: '  ' }), TODAY)).toMatchObject({
      operateur: null,
      localisation: 'approchee',
    });
  });

  test('finished, cancelled or not granted works are not published', () => {
    expect(presentPublicWork(source({ dateEnd: '2026-06-09' }), TODAY)).toBeNull();
    expect(presentPublicWork(source({ stateId: 3 }), TODAY)).toBeNull();
    expect(presentPublicWork(source({ stateId: 2 }), TODAY)).toBeNull();
  });

  test('the street is the nearest reference road’s name (else its number), never the address typed', () => {
    const place = (road: { name: string | null; numero: string | null } | null) => ({
      road,
      footprintInsee: null,
    });
    expect(presentPublicWork(source({ place: place(null) }), TODAY)?.voie).toBeNull();
    expect(presentPublicWork(source({ place: place({ name: null, numero: 'D652' }) }), TODAY)?.voie).toBe(
      'D652',
    );
    expect(presentPublicWork(source({ place: place({ name: ' ', numero: null }) }), TODAY)?.voie).toBeNull();
  });

  test('the town is a member town: the footprint’s, else the one the locality names, never the locality typed', () => {
    const inTyrosse = { road: null, footprintInsee: '40284' };
    expect(presentPublicWork(source({ place: inTyrosse }), TODAY)).toMatchObject({
      commune: 'Saint-Vincent-de-Tyrosse',
      code_insee: '40284',
    });
    const nowhere = { road: null, footprintInsee: null };
    expect(presentPublicWork(source({ place: nowhere, locality: 'Résidence Dupont' }), TODAY)).toMatchObject({
      commune: '',
      code_insee: null,
    });
  });

  test('the works calendar (signed in): no number in the street, even typed in the name', () => {
    expect(publicStreet(null, '12 bis avenue de la Plage')).toBe('Avenue de la Plage');
    expect(publicStreet(null, '4, chemin du Moulin')).toBe('Chemin du Moulin');
    expect(publicStreet('rue', '7B des Écoles')).toBe('Rue des Écoles');
    expect(publicStreet('Rue', 'du 8 Mai 1945')).toBe('Rue du 8 Mai 1945');
    expect(publicStreet(null, '  ')).toBeNull();
  });

  test('the works calendar (signed in): the member town named by the locality, else the locality', () => {
    expect(publicTown('St Vincent de Tyrosse')).toEqual({ name: 'Saint-Vincent-de-Tyrosse', insee: '40284' });
    expect(publicTown('Bayonne')).toEqual({ name: 'Bayonne', insee: null });
  });

  test('every property has its documented field, and the CSV adds the coordinates', () => {
    const documented = PUBLIC_WORKS_FIELDS.map((field) => field.name);
    expect(documented.filter((name) => name !== 'longitude' && name !== 'latitude')).toEqual(
      Object.keys(PublicWorkPropertiesSchema.shape),
    );
    expect(PUBLIC_WORKS_CSV_COLUMNS.slice(-2)).toEqual(['longitude', 'latitude']);
  });
});

describe('queries: French refusals', () => {
  test('bbox: four degrees in range, minimum first', () => {
    expect(PublicWorksQuerySchema.parse({ bbox: '-1.5,43.6,-1.4,43.7' }).bbox).toEqual([
      -1.5, 43.6, -1.4, 43.7,
    ]);
    expect(messages(PublicWorksQuerySchema.safeParse({ bbox: '-1.5,43.6' }))).toEqual([
      'Le paramètre bbox attend quatre nombres : longitude min, latitude min, longitude max, latitude max.',
    ]);
    expect(messages(PublicWorksQuerySchema.safeParse({ bbox: '-1.4,43.6,-1.5,43.7' }))[0]).toMatch(/degrés/);
    expect(messages(PublicWorksQuerySchema.safeParse({ bbox: '10,95,11,96' }))[0]).toMatch(
      /latitudes entre -90/,
    );
  });

  test('dates: real days, in order', () => {
    expect(messages(PublicWorksQuerySchema.safeParse({ from: '2026-02-30' }))).toEqual([
      'La date de début doit être une date (AAAA-MM-JJ).',
    ]);
    expect(messages(PublicWorksQuerySchema.safeParse({ to: '10/06/2026' }))).toEqual([
      'La date de fin doit être une date (AAAA-MM-JJ).',
    ]);
    expect(messages(PublicWorksQuerySchema.safeParse({ from: '2026-06-10', to: '2026-06-01' }))).toEqual([
      'La date de début doit précéder la date de fin.',
    ]);
  });

  test('the calendar: a window of at most 92 days, a member town, a permission kind', () => {
    expect(WorksCalendarQuerySchema.parse({ from: '2026-06-01', to: '2026-08-31', type: '3' })).toMatchObject(
      {
        type: 3,
      },
    );
    expect(messages(WorksCalendarQuerySchema.safeParse({ from: '2026-06-01', to: '2026-09-01' }))).toEqual([
      'La période ne peut pas dépasser 92 jours.',
    ]);
    expect(
      messages(WorksCalendarQuerySchema.safeParse({ from: '2026-06-01', to: '2026-06-30', type: '2' })),
    ).toEqual(['Type de permission inconnu : 1 (réseaux) ou 3 (accès/clôture).']);
    expect(
      messages(WorksCalendarQuerySchema.safeParse({ from: '2026-06-01', to: '2026-06-30', insee: '75056' })),
    ).toEqual(["Cette commune n'est pas membre de la communauté."]);
    expect(messages(WorksCalendarQuerySchema.safeParse({ to: '2026-06-30' }))).toEqual([
      'La date de début doit être une date (AAAA-MM-JJ).',
    ]);
  });
});
