import { describe, expect, test } from 'vitest';
import {
  ACCESS_EDL_OPTIONS,
  ACCESS_GATE_OPTIONS,
  ACCESS_REFUSAL_REASONS,
  ACCESS_RESTORATION_OPTIONS,
  ALIGNMENT_POINT_TYPES,
  COMPETENCES,
  DIRECTION_TRAFFIC_OPTIONS,
  FACILITIES_OPTIONS,
  OVERHEAD_OPTIONS,
  PUBLIC_DOMAIN_PARTS,
  RECEPTION_REFUSAL_REASONS,
  RECEPTION_REFUSAL_TEXTS,
  REORIENTATION_TARGETS,
  RESTORATION_OPTIONS,
  ROADWAY_CODES,
  SHOULDER_CODES,
  SIDEWALK_CODES,
  SINKING_OPTIONS,
  receptionRefusalText,
  reorientationMailFor,
} from './decision-lists.ts';
import { applyCompetenceRule, applySinkingRule, debitPerHectare } from './decision-rules.ts';
import {
  ALIGNMENT_REASONS,
  DEFAULT_PAGE_SIZE,
  NATURES,
  NETWORKS,
  PAGE_SIZES,
  PARKING_NATURES,
  SITE_NATURES,
  SURFACE_EQUIPMENT,
  TITLES,
  URBANISM_FILE_TYPES,
  WORKS_THEMES,
  WORK_TYPES,
  joinList,
  natureOptions,
  normalizeWorksTheme,
  optionLabel,
  splitList,
  worksThemesFor,
} from './lists.ts';
import { MAP_SETTINGS, UI_LIMITS } from './map-settings.ts';
import {
  CERFA_WAY_TYPES,
  COMMUNITY_WAY_TYPES,
  TYPE_DE_VOIE_LABELS,
  TYPE_DE_VOIE_OPTIONS,
  VOIE_TYPES_ATTRIBUTION,
  VOIE_TYPE_CODES,
  checkRoadSegment,
  noRoadFoundMessage,
  wayTypeNotManagedMessage,
} from './way-types.ts';

describe('wizard lists (docs/constants.md)', () => {
  test('lengths and values', () => {
    expect(PARKING_NATURES).toHaveLength(9);
    expect(PARKING_NATURES[8]).toBe('Autres');
    expect(NETWORKS.map((n) => n.value)).toEqual([
      'eau_potable',
      'eaux_pluviales',
      'gdf',
      'operateurs_reseaux',
      'eaux_usees',
      'edf',
      'autre',
    ]);
    expect(SURFACE_EQUIPMENT.map((s) => s.value)).toEqual([
      'stationnement',
      'arret_bus',
      'passage_sup_inf',
      'equipement_route',
      'autre_amenagement',
    ]);
    expect(WORK_TYPES.map((w) => w.value)).toEqual([
      'station_service',
      'renouvellement',
      'creation',
      'autres',
    ]);
    expect(SITE_NATURES).toHaveLength(5);
    expect(ALIGNMENT_REASONS.map((r) => r.value)).toEqual([
      'Implantation bat',
      'Real cloture',
      'Plant haie',
      'Division parcellaire',
      'Trav alignement',
      'Autre',
    ]);
    expect(URBANISM_FILE_TYPES.map((u) => u.value)).toEqual(['PA', 'PC', 'CU', 'DP']);
    expect(TITLES).toEqual(['Monsieur', 'Madame']);
    expect(NATURES).toHaveLength(5);
  });

  test('works themes per kind; the other spelling of the specification is read as an alias', () => {
    expect(WORKS_THEMES).toHaveLength(5);
    expect(worksThemesFor(1)).toEqual(['saillie_surplomb', 'pose_compteur', 'ouvrage_divers']);
    expect(worksThemesFor(3)).toContain('depot_stationnement');
    expect(worksThemesFor(3)).toContain('amenagement_acces');
    expect(worksThemesFor(2)).toEqual([]);
    expect(normalizeWorksTheme('ouvrages_divers')).toBe('ouvrage_divers');
  });

  test('natures per form', () => {
    expect(natureOptions('petitioner', 2)).toEqual(['Particulier', 'Entreprise', 'Notaire']);
    expect(natureOptions('beneficiary')).not.toContain('Notaire');
    expect(natureOptions('beneficiary')).toHaveLength(4);
    expect(natureOptions('petitioner', 1)).toEqual([
      'Particulier',
      'Entreprise',
      'Service public',
      "Maître d'oeuvre ou conducteur d'opération",
    ]);
    expect(natureOptions('user')).toEqual(NATURES);
  });

  test('page sizes', () => {
    expect(PAGE_SIZES).toEqual([50, 100, 150, 200, 250]);
    expect(DEFAULT_PAGE_SIZE).toBe(50);
  });

  test('comma lists and labels', () => {
    expect(splitList(' eau_potable, ,edf ')).toEqual(['eau_potable', 'edf']);
    expect(splitList(null)).toEqual([]);
    expect(joinList(['a', ' b '])).toBe('a,b');
    expect(joinList([])).toBeNull();
    expect(optionLabel(URBANISM_FILE_TYPES, 'PC')).toBe('Permis de construire');
    expect(optionLabel(URBANISM_FILE_TYPES, 'XX')).toBe('XX');
  });
});

describe('way types', () => {
  test('43 "type de voie" labels from Allée to Village, 42 INSEE codes', () => {
    expect(TYPE_DE_VOIE_OPTIONS).toHaveLength(43);
    expect(TYPE_DE_VOIE_LABELS[0]).toBe('Allée');
    expect(TYPE_DE_VOIE_LABELS[42]).toBe('Village');
    expect(TYPE_DE_VOIE_LABELS).toContain('Sente');
    expect(TYPE_DE_VOIE_LABELS).toContain('Sentier');
    expect(TYPE_DE_VOIE_LABELS).toContain('Écart');
    expect(new Set(TYPE_DE_VOIE_LABELS).size).toBe(43);
    expect(VOIE_TYPE_CODES).toHaveLength(42);
    expect(VOIE_TYPES_ATTRIBUTION).toBe(
      'Source : INSEE, nomenclature des types de voie du répertoire Sirene',
    );
  });

  test('the community manages four segment types; the cerfa lists four way types', () => {
    expect(COMMUNITY_WAY_TYPES).toEqual([
      'Voie communale',
      'Voie departementale en agglomeration',
      'VPC ZA',
      'Voie Verte',
    ]);
    expect(CERFA_WAY_TYPES).toEqual([
      'Autoroute',
      'Route nationale',
      'Route départementale',
      'Voie communale / Voie intercommunale',
    ]);
  });

  test('road segment check with the two exact refusal messages', () => {
    expect(checkRoadSegment('Voie communale')).toEqual({
      ok: true,
      wayType: 'Voie communale',
      inUrban: false,
    });
    expect(checkRoadSegment('Voie departementale en agglomeration')).toMatchObject({
      ok: true,
      inUrban: true,
    });
    expect(checkRoadSegment('Autoroute')).toEqual({
      ok: false,
      message:
        'Ce type de voie : "Autoroute" ne fait pas partie de la gestion de la communauté. Veuillez vérifier la localisation du chantier.',
    });
    expect(checkRoadSegment(null)).toEqual({
      ok: false,
      message: 'Aucune voie trouvée Veuillez vérifier la localisation du chantier.',
    });
    expect(wayTypeNotManagedMessage('X')).toContain('"X"');
    expect(noRoadFoundMessage()).toBe('Aucune voie trouvée Veuillez vérifier la localisation du chantier.');
  });
});

describe('decision lists (docs/constants.md)', () => {
  test('lengths and values', () => {
    expect(ALIGNMENT_POINT_TYPES).toHaveLength(6);
    expect(COMPETENCES).toEqual(['Communautaire', 'RD', 'Privée']);
    expect(ROADWAY_CODES).toHaveLength(10);
    expect(SIDEWALK_CODES).toHaveLength(7);
    expect(SHOULDER_CODES).toEqual(['TA1', 'TA2', 'TV2']);
    expect(SINKING_OPTIONS).toEqual(['obligatoire', 'préconisé', 'non']);
    expect(RESTORATION_OPTIONS).toHaveLength(5);
    expect(FACILITIES_OPTIONS).toHaveLength(4);
    expect(OVERHEAD_OPTIONS).toEqual(['pose', 'depose']);
    expect(PUBLIC_DOMAIN_PARTS).toEqual(['Chaussée', 'Trottoir', 'Accotement']);
    expect(RECEPTION_REFUSAL_REASONS).toEqual(['joints', 'redans', 'prescriptions non respectées', 'autre']);
    expect(DIRECTION_TRAFFIC_OPTIONS).toHaveLength(5);
    expect(ACCESS_EDL_OPTIONS).toEqual(['Nouvel accès', 'Accès existant']);
    expect(ACCESS_GATE_OPTIONS).toEqual(['limite de propriété', 'en retrait de 5 mètres']);
    expect(ACCESS_RESTORATION_OPTIONS).toEqual(['Pérenniser', 'Aménagement existant : Remise en état']);
    expect(ACCESS_REFUSAL_REASONS).toEqual(['multiplication des accès', 'visibilité']);
    expect(REORIENTATION_TARGETS.map((t) => t.value)).toEqual(['mairie', 'departement']);
  });

  test('refusal reasons have fixed texts; autre is the free text', () => {
    expect(Object.keys(RECEPTION_REFUSAL_TEXTS)).toEqual([
      'joints',
      'redans',
      'prescriptions non respectées',
    ]);
    expect(receptionRefusalText('joints')).toContain('émulsion de bitume');
    expect(receptionRefusalText('autre', ' Bordure cassée ')).toBe('Bordure cassée');
  });

  test('reorientation mailbox', () => {
    expect(
      reorientationMailFor('mairie', {
        mailMairie: 'mairie@tosse.fr',
        departmentMailbox: 'voirie@landes.fr',
      }),
    ).toBe('mairie@tosse.fr');
    expect(
      reorientationMailFor('departement', { mailMairie: 'mairie@tosse.fr', departmentMailbox: null }),
    ).toBeNull();
  });

  test('debit l/s/ha, competence and sinking rules', () => {
    expect(debitPerHectare(3, 10000)).toBe(3);
    expect(debitPerHectare(1.23, 0.5)).toBe(0.00006);
    expect(debitPerHectare(null, 12)).toBeNull();
    expect(applyCompetenceRule({ competence: 'Privée', points: [{}] }).points).toEqual([]);
    expect(applyCompetenceRule({ competence: 'Communautaire', points: [{}] }).points).toHaveLength(1);
    expect(
      applySinkingRule({ decisionSinking: 'préconisé', decisionRoadwayTrenchRecommended: 'CH2A' }),
    ).toEqual({
      decisionSinking: 'préconisé',
      decisionRoadwayTrenchRecommended: 'CH2A',
    });
    expect(
      applySinkingRule({ decisionSinking: 'obligatoire', decisionRoadwayTrenchRecommended: 'CH2A' }),
    ).toMatchObject({
      decisionRoadwayTrenchRecommended: null,
    });
  });
});

describe('map and UI constants', () => {
  test('values of the specs', () => {
    expect(MAP_SETTINGS).toMatchObject({
      defaultZoom: 12,
      center: [-1.316, 43.662],
      resolutionLevels: 22,
      locateMaxZoom: 18,
      zoomToLayerMaxZoom: 19,
      animationMs: 2000,
      layerOpacities: [0.5, 0.8, 1],
      projection: 'EPSG:4326',
    });
    expect(UI_LIMITS).toMatchObject({
      autocompleteDebounceMs: 200,
      operatorQueryLimit: 10,
      creationTimeoutMs: 20000,
      maxAppointments: 3,
      maxRefusalPhotos: 5,
    });
  });
});
