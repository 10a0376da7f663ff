import { describe, expect, test } from 'vitest';
import { COMMUNITY_WAY_TYPES, checkRoadSegment } from '@voirie/domain';
import {
  classifyBdTopo,
  classifyOsm,
  classifyPortal,
  detectRoadFormat,
  normalizeRoadNumber,
  wayTypeCodeOfName,
} from './road-classification.ts';

const typeOf = (result: ReturnType<typeof classifyBdTopo>) =>
  result.kind === 'road' ? result.road.typevoie : result.kind;

describe('BD TOPO troncon_de_route -> way type (docs/data-import.md)', () => {
  test.each([
    [
      { cpx_classement_administratif: 'Départementale', urbain: true, nature: 'Route à 1 chaussée' },
      'Voie departementale en agglomeration',
    ],
    [{ cpx_classement_administratif: 'Départementale', urbain: false }, 'Route départementale'],
    [
      { cpx_classement_administratif: 'DEPARTEMENTALE', urbain: 'Vrai' },
      'Voie departementale en agglomeration',
    ],
    [{ cpx_classement_administratif: 'Autoroute', nature: 'Type autoroutier' }, 'Autoroute'],
    [{ cpx_classement_administratif: null, nature: 'Type autoroutier' }, 'Autoroute'],
    [{ cpx_classement_administratif: 'Nationale' }, 'Route nationale'],
    [{ cpx_classement_administratif: 'Route intercommunale' }, 'VPC ZA'],
    [{ cpx_classement_administratif: 'Chemin rural' }, 'Chemin rural'],
    [{ cpx_classement_administratif: null, nature: 'Route à 1 chaussée', importance: '5' }, 'Voie communale'],
    [{ cpx_classement_administratif: '', nature: 'Rond-point' }, 'Voie communale'],
    [{ cpx_classement_administratif: 'Sans objet', nature: 'Route à 2 chaussées' }, 'Voie communale'],
    [{ nature: 'Piste cyclable' }, 'Voie Verte'],
    [{ nature: 'Route empierrée', itineraire_vert: true }, 'Voie Verte'],
    [{ nature: 'Chemin' }, 'Chemin rural'],
    [{ nature: 'Route à 1 chaussée', prive: 'true' }, 'Voie privée'],
  ])('%j -> %s', (properties, expected) => {
    expect(typeOf(classifyBdTopo(properties))).toBe(expected);
  });

  test('ferries and stairs are not roads: skipped', () => {
    expect(classifyBdTopo({ nature: 'Bac ou liaison maritime' })).toEqual({
      kind: 'skip',
      reason: 'non routier',
    });
    expect(classifyBdTopo({ nature: 'Escalier' })).toEqual({ kind: 'skip', reason: 'non routier' });
  });

  test('an unknown class or nature stops the import with its value', () => {
    const unknownClass = classifyBdTopo({ cpx_classement_administratif: 'Provinciale' });
    expect(unknownClass).toEqual({
      kind: 'error',
      reason: 'classification inconnue : cpx_classement_administratif « Provinciale ».',
    });
    expect(classifyBdTopo({ nature: 'Téléphérique' }).kind).toBe('error');
  });

  test('road numbers without spaces; the in-urban flag follows the way type', () => {
    const result = classifyBdTopo({
      cpx_classement_administratif: 'Départementale',
      urbain: true,
      cpx_numero: 'D 652',
    });
    expect(result).toEqual({
      kind: 'road',
      road: { typevoie: 'Voie departementale en agglomeration', numero: 'D652', inUrban: true },
    });
  });
});

describe('OpenStreetMap ways -> way type', () => {
  test.each([
    [{ highway: 'residential', name: 'Rue des Pins' }, 'Voie communale'],
    [{ highway: 'unclassified' }, 'Voie communale'],
    [{ highway: 'living_street' }, 'Voie communale'],
    [{ highway: 'service', access: 'private' }, 'Voie privée'],
    [{ highway: 'secondary', ref: 'D 652', maxspeed: '50' }, 'Voie departementale en agglomeration'],
    [
      { highway: 'secondary', ref: 'D 652', 'source:maxspeed': 'FR:urban' },
      'Voie departementale en agglomeration',
    ],
    [{ highway: 'secondary', ref: 'D 652', maxspeed: '80' }, 'Route départementale'],
    [{ highway: 'tertiary', ref: 'D 28' }, 'Route départementale'],
    [{ highway: 'primary', ref: 'D 810', urbain: true }, 'Voie departementale en agglomeration'],
    [{ highway: 'motorway', ref: 'A 63' }, 'Autoroute'],
    [{ highway: 'motorway_link' }, 'Autoroute'],
    [{ highway: 'trunk', ref: 'N 10' }, 'Route nationale'],
    [{ highway: 'cycleway' }, 'Voie Verte'],
    [{ highway: 'track' }, 'Chemin rural'],
  ])('%j -> %s', (properties, expected) => {
    expect(typeOf(classifyOsm(properties))).toBe(expected);
  });

  test('footways and paths are skipped; an unknown highway value stops the import', () => {
    expect(classifyOsm({ highway: 'footway' })).toEqual({ kind: 'skip', reason: 'non routier' });
    expect(classifyOsm({ highway: 'steps' }).kind).toBe('skip');
    expect(classifyOsm({ highway: 'spaceway' })).toEqual({
      kind: 'error',
      reason: 'classification inconnue : highway « spaceway ».',
    });
  });
});

describe('portal format and helpers', () => {
  test('typevoie taken as given (accents and case tolerated), unknown refused', () => {
    expect(typeOf(classifyPortal({ typevoie: 'VPC ZA' }))).toBe('VPC ZA');
    expect(typeOf(classifyPortal({ typevoie: 'voie verte' }))).toBe('Voie Verte');
    expect(typeOf(classifyPortal({ typevoie: 'Route departementale' }))).toBe('Route départementale');
    expect(classifyPortal({ typevoie: 'Voie de garage' }).kind).toBe('error');
  });

  test('accepted types are exactly the domain ones; refused ones are named by the wizard', () => {
    const accepted = [
      classifyBdTopo({ cpx_classement_administratif: 'Départementale', urbain: true }),
      classifyBdTopo({ nature: 'Route à 1 chaussée' }),
      classifyBdTopo({ cpx_classement_administratif: 'Route intercommunale' }),
      classifyBdTopo({ nature: 'Piste cyclable' }),
    ].map(typeOf);
    expect([...accepted].sort()).toEqual([...COMMUNITY_WAY_TYPES].sort());
    for (const type of accepted) expect(checkRoadSegment(type).ok).toBe(true);
    const refused = checkRoadSegment(typeOf(classifyOsm({ highway: 'motorway' })));
    expect(refused).toEqual({ ok: false, message: expect.stringContaining('"Autoroute"') });
  });

  test('format detection and way-type codes of names', () => {
    expect(detectRoadFormat({ typevoie: 'Voie communale' })).toBe('portail');
    expect(detectRoadFormat({ cleabs: 'TRONROUT0000000001', nature: 'Chemin' })).toBe('bdtopo');
    expect(detectRoadFormat({ highway: 'residential' })).toBe('osm');
    expect(detectRoadFormat({ name: 'x' })).toBeNull();
    expect(wayTypeCodeOfName('Rue des Pins')).toBe('RUE');
    expect(wayTypeCodeOfName('allée Victor Hugo')).toBe('ALL');
    expect(wayTypeCodeOfName('Grande Rue')).toBe('GR');
    expect(wayTypeCodeOfName('Rond-point du Port')).toBe('RPT');
    expect(wayTypeCodeOfName('Ruelle des Marins')).toBe('RLE');
    expect(wayTypeCodeOfName('Voie Verte du Littoral')).toBeNull();
    expect(normalizeRoadNumber('D 652;D 810')).toBe('D652');
  });
});
