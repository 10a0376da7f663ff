/** Demo data sizes: `full` for the embedded demo, `small` for tests and e2e. */
export type DemoGeoSize = 'small' | 'full';

export interface SizeTargets {
  segments: number;
  parcels: number;
  addresses: number;
  /** Caps of the special roads (segments). */
  a63: number;
  voieVerte: number;
  /** Segments of the departmental road outside the built-up area, per side. */
  departmentalOutside: number;
  /** Activity zones (first ones of DEMO_ZONES). */
  zones: number;
}

export const SIZE_TARGETS: Readonly<Record<DemoGeoSize, SizeTargets>> = {
  full: {
    segments: 5000,
    parcels: 100_000,
    addresses: 50_000,
    a63: 200,
    voieVerte: 150,
    departmentalOutside: 6,
    zones: 6,
  },
  small: {
    segments: 500,
    parcels: 5000,
    addresses: 2500,
    a63: 20,
    voieVerte: 15,
    departmentalOutside: 1,
    zones: 3,
  },
};

/** The default seed: same seed, same files, byte for byte. */
export const DEMO_SEED = 40_2026;

/** The departmental road through each town's centre (real numbers of the territory). */
export const TOWN_ROAD_NUMBERS: Readonly<Record<string, string>> = {
  '40004': 'D33', // Angresse
  '40021': 'D150', // Azur
  '40036': 'D810', // Bénesse-Maremne
  '40065': 'D652', // Capbreton
  '40129': 'D17', // Josse
  '40133': 'D652', // Labenne
  '40168': 'D810', // Magescq
  '40181': 'D652', // Messanges
  '40187': 'D652', // Moliets-et-Maa
  '40213': 'D71', // Orx
  '40261': 'D810', // Saint-Geours-de-Maremne
  '40264': 'D17', // Saint-Jean-de-Marsacq
  '40271': 'D261', // Sainte-Marie-de-Gosse
  '40272': 'D12', // Saint-Martin-de-Hinx
  '40284': 'D810', // Saint-Vincent-de-Tyrosse
  '40291': 'D337', // Saubion
  '40292': 'D366', // Saubrigues
  '40293': 'D17', // Saubusse
  '40296': 'D652', // Seignosse
  '40304': 'D652', // Soorts-Hossegor
  '40310': 'D652', // Soustons
  '40317': 'D28', // Tosse
  '40328': 'D652', // Vieux-Boucau-les-Bains
};

/** Operation zones (activity zones, VPC ZA roads inside), in order of creation. */
export const DEMO_ZONES: readonly { code: string; insee: string; name: string }[] = [
  { code: 'ZA-CAP-01', insee: '40065', name: 'ZA des Deux Pins' },
  { code: 'ZA-SVT-01', insee: '40284', name: 'ZA du Tyrosse' },
  { code: 'ZA-HOS-01', insee: '40304', name: 'ZA Pédebert' },
  { code: 'ZA-SGM-01', insee: '40261', name: 'ZA Atlantisud' },
  { code: 'ZA-SOU-01', insee: '40310', name: 'ZA de Pédeboscq' },
  { code: 'ZA-LAB-01', insee: '40133', name: 'ZA Housquit' },
];

/** A63 through the east of the territory, north to south; both ends leave the EPCI. */
export const A63_WAYPOINTS: readonly (readonly [number, number])[] = [
  [-1.189, 43.915],
  [-1.2, 43.84],
  [-1.212, 43.78],
  [-1.228, 43.72],
  [-1.262, 43.68],
  [-1.28, 43.64],
  [-1.3, 43.6],
  [-1.33, 43.56],
  [-1.36, 43.52],
  [-1.39, 43.49],
];

/** A greenway along the coast (Labenne -> Moliets), inland of the dunes. */
export const VOIE_VERTE_WAYPOINTS: readonly (readonly [number, number])[] = [
  [-1.43, 43.57],
  [-1.433, 43.6],
  [-1.425, 43.625],
  [-1.415, 43.65],
  [-1.405, 43.68],
  [-1.392, 43.71],
  [-1.385, 43.74],
  [-1.38, 43.77],
  [-1.37, 43.8],
  [-1.36, 43.83],
  [-1.352, 43.86],
];

/** Demo operators and their towns; the subcontractor group works for the first one. */
export const DEMO_OPERATORS: readonly { libelle: string; code: string; towns: readonly string[] }[] = [
  {
    libelle: 'Réseaux Sud Landes',
    code: '12345678900015',
    // The southern coast and its hinterland.
    towns: ['40065', '40304', '40133', '40213', '40036', '40004', '40292', '40272'],
  },
  {
    libelle: 'Eau Côte Sud',
    code: '98765432100015',
    towns: [
      '40065',
      '40304',
      '40296',
      '40291',
      '40317',
      '40284',
      '40261',
      '40310',
      '40328',
      '40181',
      '40187',
      '40021',
    ],
  },
];
/**
 * The demo subcontractor group and its mandates: in force for the first operator (open-ended,
 * from before the demo requests), ended for the second.
 */
export const DEMO_SUBCONTRACTOR = {
  libelle: 'TP Côte Sud',
  code: '11122233300010',
  operator: 'Réseaux Sud Landes',
  mandates: [
    { operator: 'Réseaux Sud Landes', dateFrom: '2020-01-01', dateTo: null },
    { operator: 'Eau Côte Sud', dateFrom: '2020-01-01', dateTo: '2024-12-31' },
  ],
} as const;
