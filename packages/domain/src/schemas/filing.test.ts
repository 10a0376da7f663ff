import { describe, expect, test } from 'vitest';
import { FileRequestSchema, UpdateRequestSchema, worksDatesSchema } from './filing.ts';
import type { FileRequestInput } from './filing.ts';
import { cerfa14023InputSchema } from './cerfa-14023.ts';
import { Cerfa14024InputSchema, trafficOrderFilingIssues } from './cerfa-14024.ts';
import { TRAFFIC_ORDER_NOT_OFFERED } from '../traffic-order.ts';
import { IndividualAlignmentRequestInputSchema } from './alignment.ts';
import { partyInputSchema } from './party.ts';
import { issueMessages } from '../test-support/issue-messages.ts';

const DAYS_ERROR = 'La date de fin de travaux ne peut pas être inférieure à la date de début des travaux';
const GEOMETRY_ERROR =
  "Merci de schématiser l'emprise des travaux avec la carte, sans quoi l'instruction ne pourra être réalisée";

const polygon = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [-1.43, 43.63],
      [-1.429, 43.63],
      [-1.429, 43.631],
      [-1.43, 43.63],
    ],
  ],
};

function filing(overrides: Record<string, unknown> = {}, kind: 1 | 2 | 3 = 1): FileRequestInput {
  return {
    type: kind,
    location: {
      addressNum: '12',
      addressType: 'Avenue',
      addressName: 'des Pins',
      addressCity: 'Capbreton',
      addressPostalCode: '40130',
      plotNumbers: '12,13',
      sections: 'AB',
      wayType: 'Voie communale',
      theGeom: { type: 'GeometryCollection', geometries: [polygon] },
      lon: -1.4295,
      lat: 43.6305,
    },
    parties: {
      petitioner: {
        nature: 'Particulier',
        title: 'Madame',
        lastName: 'Durand',
        firstName: 'Marie',
        email: 'marie@exemple.fr',
      },
      isbeneficiaire: false,
    },
    cerfa1402301:
      kind === 2 ? null : { themes: kind === 1 ? 'pose_compteur' : 'amenagement_acces', trackWidth: 3.5 },
    individualAlignmentRequest: kind === 2 ? { reasonRequest: 'Real cloture' } : null,
    dates: { dateStart: '2026-12-01', dateEnd: '2026-12-05' },
    attestation: {
      accuracyInformation: true,
      madeIn: 'Capbreton',
      madeLastName: 'Durand',
      madeFirstName: 'Marie',
      madeFonction: 'Propriétaire',
    },
    ...overrides,
  } as FileRequestInput;
}

describe('FileRequestSchema', () => {
  test.each([1, 2, 3] as const)('a complete kind %i filing is valid and comes out flat', (kind) => {
    const parsed = FileRequestSchema.parse(filing({}, kind));
    expect(parsed).toMatchObject({
      type: kind,
      addressCity: 'Capbreton',
      plotNumbers: '12,13',
      numberDays: 5,
      beneficiary: null,
      madeFonction: 'Propriétaire',
    });
    if (parsed.type !== 2) expect(parsed.cerfa1402301.isAccessDevelopment).toBe(kind === 3);
  });

  test('an unknown kind asks to choose a cerfa', () => {
    expect(issueMessages(FileRequestSchema.safeParse({ ...filing(), type: 4 }))).toEqual({
      type: 'Veuillez Choisir un cerfa',
    });
  });

  test('no drawn footprint: the spec message; not required on update', () => {
    const input = filing();
    const withoutShape = {
      ...input,
      location: { ...input.location, theGeom: { type: 'GeometryCollection', geometries: [] } },
    };
    expect(issueMessages(FileRequestSchema.safeParse(withoutShape))).toEqual({
      'location.theGeom': GEOMETRY_ERROR,
    });
    expect(UpdateRequestSchema.safeParse(withoutShape).success).toBe(true);
  });

  test('the town must be a member; the way type managed by the community; parcels given', () => {
    const input = filing();
    const result = FileRequestSchema.safeParse({
      ...input,
      location: { ...input.location, addressCity: 'Bayonne', wayType: 'Autoroute', plotNumbers: '' },
    });
    expect(issueMessages(result)).toEqual({
      'location.addressCity': 'Bayonne ne fait pas partie de la communauté.',
      'location.wayType':
        'Ce type de voie : "Autoroute" ne fait pas partie de la gestion de la communauté. Veuillez vérifier la localisation du chantier.',
      'location.plotNumbers': 'Veuillez renseigner la ou les parcelle(s)',
    });
  });

  test('required address fields, on secondary addresses too', () => {
    const input = filing();
    const result = FileRequestSchema.safeParse({
      ...input,
      location: { ...input.location, addressType: 'Boulevardz', adresses: [{ addressName: 'Rue du Port' }] },
    });
    expect(issueMessages(result)).toEqual({
      'location.addressType': 'Veuillez choisir une valeur de la liste',
      'location.adresses.0.addressType': 'Ce champ est obligatoire',
      'location.adresses.0.addressCity': 'Ce champ est obligatoire',
      'location.adresses.0.addressPostalCode': 'Ce champ est obligatoire',
    });
  });

  test('inverted dates: the spec message for kinds 1 and 3, not for kind 2', () => {
    const inverted = { dates: { dateStart: '2026-12-05', dateEnd: '2026-12-01' } };
    expect(issueMessages(FileRequestSchema.safeParse(filing(inverted, 1)))).toEqual({
      'dates.dateEnd': DAYS_ERROR,
    });
    expect(issueMessages(FileRequestSchema.safeParse(filing(inverted, 3)))).toEqual({
      'dates.dateEnd': DAYS_ERROR,
    });
    expect(FileRequestSchema.safeParse(filing(inverted, 2)).success).toBe(true);
  });

  test('dates are required, for every kind', () => {
    expect(issueMessages(FileRequestSchema.safeParse(filing({ dates: {} }, 2)))).toEqual({
      'dates.dateStart': 'Ce champ est obligatoire',
      'dates.dateEnd': 'Ce champ est obligatoire',
    });
  });

  test('attestation: the box and the signatory', () => {
    const result = FileRequestSchema.safeParse(
      filing({ attestation: { accuracyInformation: false, madeIn: 'Capbreton' } }),
    );
    expect(issueMessages(result)).toEqual({
      'attestation.accuracyInformation': "Veuillez attester de l'exactitude des informations fournies",
      'attestation.madeLastName': 'Ce champ est obligatoire',
      'attestation.madeFirstName': 'Ce champ est obligatoire',
      'attestation.madeFonction': 'Ce champ est obligatoire',
    });
  });

  test('a different beneficiary must be given; Notaire is not a beneficiary', () => {
    const base = filing();
    const missing = FileRequestSchema.safeParse({
      ...base,
      parties: { ...base.parties, isbeneficiaire: true },
    });
    expect(issueMessages(missing)).toEqual({ 'parties.beneficiary': 'Ce champ est obligatoire' });
    const notary = FileRequestSchema.safeParse({
      ...base,
      parties: {
        ...base.parties,
        isbeneficiaire: true,
        beneficiary: { nature: 'Notaire', corporationName: 'Étude X' },
      },
    });
    expect(issueMessages(notary)).toEqual({
      'parties.beneficiary.nature': 'Veuillez choisir une valeur de la liste',
    });
  });

  test('a beneficiary not flagged is dropped', () => {
    const base = filing();
    const parsed = FileRequestSchema.parse({
      ...base,
      parties: { ...base.parties, beneficiary: { nature: 'Particulier', lastName: 'A', firstName: 'B' } },
    });
    expect(parsed.beneficiary).toBeNull();
  });

  test('a notary may file an alignment request, not a permission', () => {
    const notary = {
      petitioner: { nature: 'Notaire', corporationName: 'Étude Dupin', email: 'etude@notaires.fr' },
    };
    expect(FileRequestSchema.safeParse(filing({ parties: notary }, 2)).success).toBe(true);
    expect(issueMessages(FileRequestSchema.safeParse(filing({ parties: notary }, 1)))).toEqual({
      'parties.petitioner.nature': 'Veuillez choisir une valeur de la liste',
    });
  });
});

describe('step 2: works form', () => {
  test('at least one theme of the kind', () => {
    expect(issueMessages(cerfa14023InputSchema(1).safeParse({ themes: '' }))).toEqual({
      themes: 'Le champ type(s) de travaux est obligatoire',
    });
    expect(issueMessages(cerfa14023InputSchema(1).safeParse({}))).toEqual({
      themes: 'Le champ type(s) de travaux est obligatoire',
    });
    expect(issueMessages(cerfa14023InputSchema(1).safeParse({ themes: 'amenagement_acces' }))).toEqual({
      themes: 'Veuillez choisir une valeur de la liste',
    });
    expect(cerfa14023InputSchema(3).parse({ themes: 'amenagement_acces,ouvrages_divers' }).themes).toBe(
      'amenagement_acces,ouvrage_divers',
    );
  });

  test('a crossed ditch needs the pipe diameter', () => {
    expect(
      issueMessages(cerfa14023InputSchema(1).safeParse({ themes: 'pose_compteur', ditchCrossing: true })),
    ).toEqual({
      pipeDiameter: 'Le diamètre de la buse est obligatoire lorsque le fossé est franchi',
    });
    expect(
      cerfa14023InputSchema(1).safeParse({ themes: 'pose_compteur', ditchCrossing: true, pipeDiameter: 0.3 })
        .success,
    ).toBe(true);
  });

  test('bounds: widths 0–1000 step 0.01, trenches up to 10000, kind 3 diameter a whole number of mm', () => {
    const schema = cerfa14023InputSchema(1);
    expect(issueMessages(schema.safeParse({ themes: 'pose_compteur', trackWidth: 1000.01 }))).toEqual({
      trackWidth: 'La valeur doit être inférieure ou égale à 1000',
    });
    expect(issueMessages(schema.safeParse({ themes: 'pose_compteur', sidewalkWidth: -1 }))).toEqual({
      sidewalkWidth: 'La valeur doit être supérieure ou égale à 0',
    });
    expect(issueMessages(schema.safeParse({ themes: 'pose_compteur', layoutWidth: 1.234 }))).toEqual({
      layoutWidth: 'La valeur doit être un multiple de 0.01',
    });
    expect(
      schema.safeParse({ themes: 'pose_compteur', longitudinalTrenchUnderRoad: 10000, trackWidth: 0.07 })
        .success,
    ).toBe(true);
    expect(issueMessages(schema.safeParse({ themes: 'pose_compteur', drivingUnderRoad: 10000.5 }))).toEqual({
      drivingUnderRoad: 'La valeur doit être inférieure ou égale à 10000',
    });
    expect(
      issueMessages(cerfa14023InputSchema(3).safeParse({ themes: 'amenagement_acces', pipeDiameter: 12.5 })),
    ).toEqual({
      pipeDiameter: 'Saisir un nombre entier positif',
    });
    expect(
      cerfa14023InputSchema(3).safeParse({ themes: 'amenagement_acces', pipeDiameter: 300 }).success,
    ).toBe(true);
  });

  test("an alignment reason 'Autre' needs details", () => {
    expect(
      issueMessages(IndividualAlignmentRequestInputSchema.safeParse({ reasonRequest: 'Autre' })),
    ).toEqual({
      reasonRequestOther: 'Veuillez préciser',
    });
    expect(issueMessages(IndividualAlignmentRequestInputSchema.safeParse({}))).toEqual({
      reasonRequest: 'Ce champ est obligatoire',
    });
  });
});

describe('step 3: parties', () => {
  const petitioner = partyInputSchema({ role: 'petitioner', kind: 1 });
  const beneficiary = partyInputSchema({ role: 'beneficiary', kind: 1 });

  test('e-mail required and valid for the petitioner, only valid for the beneficiary', () => {
    expect(
      issueMessages(petitioner.safeParse({ nature: 'Particulier', lastName: 'A', firstName: 'B' })),
    ).toEqual({
      email: 'Ce champ est obligatoire',
    });
    expect(beneficiary.safeParse({ nature: 'Particulier', lastName: 'A', firstName: 'B' }).success).toBe(
      true,
    );
    expect(
      issueMessages(
        beneficiary.safeParse({ nature: 'Particulier', lastName: 'A', firstName: 'B', email: 'a@' }),
      ),
    ).toEqual({
      email: 'Veuillez saisir une adresse e-mail valide',
    });
  });

  test('phone exactly 10 digits, separators ignored', () => {
    const base = { nature: 'Particulier', lastName: 'A', firstName: 'B', email: 'a@b.fr' };
    expect(issueMessages(petitioner.safeParse({ ...base, phone: '061234567' }))).toEqual({
      phone: 'Le numéro de téléphone doit comporter exactement 10 chiffres',
    });
    expect(petitioner.parse({ ...base, phone: '06 12 34 56 78' }).phone).toBe('0612345678');
  });

  test('Particulier needs names; other natures the corporation name', () => {
    expect(issueMessages(petitioner.safeParse({ nature: 'Particulier', email: 'a@b.fr' }))).toEqual({
      lastName: 'Ce champ est obligatoire',
      firstName: 'Ce champ est obligatoire',
    });
    expect(issueMessages(petitioner.safeParse({ nature: 'Entreprise', email: 'a@b.fr' }))).toEqual({
      corporationName: 'Ce champ est obligatoire',
    });
  });

  test('max lengths, numeric address number, SIRET', () => {
    const result = petitioner.safeParse({
      nature: 'Entreprise',
      email: 'a@b.fr',
      corporationName: 'x'.repeat(101),
      corporationAgent: 'y'.repeat(101),
      addressType: 'z'.repeat(101),
      addressExt: 'bis-bis-bis',
      addressNum: '12b',
      corporationSiret: '123',
    });
    expect(issueMessages(result)).toEqual({
      corporationName: 'Ce champ ne peut pas dépasser 100 caractères',
      corporationAgent: 'Ce champ ne peut pas dépasser 100 caractères',
      addressType: 'Ce champ ne peut pas dépasser 100 caractères',
      addressExt: 'Ce champ ne peut pas dépasser 10 caractères',
      addressNum: 'Le numéro doit être numérique',
      corporationSiret: 'Le numéro SIRET doit comporter 14 chiffres',
    });
  });
});

describe('extension dates', () => {
  test('same day is one day; an inverted range is refused', () => {
    expect(worksDatesSchema(1).parse({ dateStart: '2026-01-01', dateEnd: '2026-01-01' }).numberDays).toBe(1);
    expect(
      issueMessages(worksDatesSchema(3).safeParse({ dateStart: '2026-01-02', dateEnd: '2026-01-01' })),
    ).toEqual({
      dateEnd: DAYS_ERROR,
    });
    expect(
      issueMessages(worksDatesSchema(1).safeParse({ dateStart: '2026-02-30', dateEnd: '2026-03-01' })),
    ).toMatchObject({
      dateStart: 'Date invalide',
    });
  });
});

// A road permission filed with its alignment request and its traffic-police order
// (cerfa 14024), both checked by the shared schemas.

const REGULATION_ERROR =
  'La date de début de réglementation ne peut pas être antérieure à la date de début des travaux';

/** A permission whose works open the carriageway (a trench under the roadway, a deposit on the road). */
function combined(overrides: Record<string, unknown> = {}, kind: 1 | 3 = 1): FileRequestInput {
  return filing(
    {
      cerfa1402301:
        kind === 1
          ? { themes: 'pose_compteur', longitudinalTrenchUnderRoad: 25 }
          : { themes: 'depot_stationnement' },
      dates: { dateStart: '2026-12-01', dateEnd: '2026-12-10' },
      ...overrides,
    },
    kind,
  );
}

describe('a permission with its alignment request and its 14024', () => {
  test.each([1, 3] as const)('kind %i carries both forms, flat once valid', (kind) => {
    const parsed = FileRequestSchema.parse(
      combined(
        {
          individualAlignmentRequest: { reasonRequest: 'Real cloture', groundAlreadyRequested: 'non' },
          cerfa14024: { limitedSpeed: 30, trackWidthMaintained: 3.5, dateRegulation: '2026-12-01' },
        },
        kind,
      ),
    );
    expect(parsed).toMatchObject({
      type: kind,
      individualAlignmentRequest: { reasonRequest: 'Real cloture', groundAlreadyRequested: 'non' },
      cerfa14024: { limitedSpeed: 30, trackWidthMaintained: 3.5, dateRegulation: '2026-12-01' },
    });
  });

  test('neither is required: null or absent is a plain permission', () => {
    const { individualAlignmentRequest: _absent, ...withoutKeys } = combined();
    expect(FileRequestSchema.parse(withoutKeys)).not.toHaveProperty('cerfa14024');
    const parsed = FileRequestSchema.parse(combined({ individualAlignmentRequest: null, cerfa14024: null }));
    expect(parsed).toMatchObject({ individualAlignmentRequest: null, cerfa14024: null });
  });

  test('the alignment request is checked as kind 2 checks it', () => {
    expect(
      issueMessages(
        FileRequestSchema.safeParse(combined({ individualAlignmentRequest: { reasonRequest: 'Autre' } })),
      ),
    ).toEqual({ 'individualAlignmentRequest.reasonRequestOther': 'Veuillez préciser' });
    expect(
      issueMessages(
        FileRequestSchema.safeParse(combined({ individualAlignmentRequest: { typeDossier: 'XX' } })),
      ),
    ).toEqual({
      'individualAlignmentRequest.reasonRequest': 'Ce champ est obligatoire',
      'individualAlignmentRequest.typeDossier': 'Veuillez choisir une valeur de la liste',
    });
  });

  test('a 14024 only for works on the carriageway, on update too', () => {
    const offRoad = combined({
      cerfa1402301: { themes: 'pose_compteur', longitudinalTrenchUnderSidewalks: 25 },
      cerfa14024: { limitedSpeed: 30 },
    });
    expect(issueMessages(FileRequestSchema.safeParse(offRoad))).toEqual({
      cerfa14024: TRAFFIC_ORDER_NOT_OFFERED,
    });
    expect(issueMessages(UpdateRequestSchema.safeParse(offRoad))).toEqual({
      cerfa14024: TRAFFIC_ORDER_NOT_OFFERED,
    });
    // A deposit on the road (kind 3 too) takes part of the carriageway.
    expect(FileRequestSchema.safeParse(combined({ cerfa14024: {} }, 3)).success).toBe(true);
  });

  test('its regulation may not start before the works', () => {
    expect(
      issueMessages(FileRequestSchema.safeParse(combined({ cerfa14024: { dateRegulation: '2026-11-30' } }))),
    ).toEqual({ 'cerfa14024.dateRegulation': REGULATION_ERROR });
  });
});

describe('Cerfa14024InputSchema', () => {
  const errors = (input: Record<string, unknown>) => issueMessages(Cerfa14024InputSchema.safeParse(input));

  test('a speed limit of 10 to 130 km/h, by tens', () => {
    for (const speed of [10, 30, 50, 90, 130])
      expect(Cerfa14024InputSchema.safeParse({ limitedSpeed: speed }).success).toBe(true);
    expect(errors({ limitedSpeed: 45 })).toEqual({ limitedSpeed: 'La valeur doit être un multiple de 10' });
    expect(errors({ limitedSpeed: 0 })).toEqual({
      limitedSpeed: 'La valeur doit être supérieure ou égale à 10',
    });
    expect(errors({ limitedSpeed: 140 })).toEqual({
      limitedSpeed: 'La valeur doit être inférieure ou égale à 130',
    });
    expect(errors({ limitedSpeed: 30.5 })).toMatchObject({ limitedSpeed: 'Saisir un nombre entier positif' });
    expect(errors({ limitedSpeed: 'trente' })).toEqual({ limitedSpeed: 'Veuillez saisir un nombre' });
  });

  test('a kept lane of 0 to 50 m, to the centimetre; lanes removed a whole number', () => {
    expect(Cerfa14024InputSchema.safeParse({ trackWidthMaintained: 3.25 }).success).toBe(true);
    expect(errors({ trackWidthMaintained: 50.5 })).toEqual({
      trackWidthMaintained: 'La valeur doit être inférieure ou égale à 50',
    });
    expect(errors({ trackWidthMaintained: -1 })).toEqual({
      trackWidthMaintained: 'La valeur doit être supérieure ou égale à 0',
    });
    expect(errors({ trackWidthMaintained: 3.255 })).toEqual({
      trackWidthMaintained: 'La valeur doit être un multiple de 0.01',
    });
    expect(errors({ numberWayRemoved: -1 })).toEqual({ numberWayRemoved: 'Saisir un nombre entier positif' });
  });

  test('a regulation of 1 to 3650 days, starting on a real day', () => {
    expect(errors({ durationRegulation: 0 })).toEqual({
      durationRegulation: 'La valeur doit être supérieure ou égale à 1',
    });
    expect(errors({ durationRegulation: 3651 })).toEqual({
      durationRegulation: 'La valeur doit être inférieure ou égale à 3650',
    });
    expect(errors({ durationRegulation: 2.5 })).toEqual({
      durationRegulation: 'Saisir un nombre entier positif',
    });
    expect(errors({ dateRegulation: '2026-02-30' })).toEqual({ dateRegulation: 'Date invalide' });
    expect(errors({ dateRegulation: '01/12/2026' })).toEqual({ dateRegulation: 'Date invalide' });
  });

  test('the choices of the printed form; a reference for a previous permission, a name for a company', () => {
    expect(errors({ directionTraffic: 'Sens unique' })).toEqual({
      directionTraffic: 'Veuillez choisir une valeur de la liste',
    });
    expect(errors({ previousPermission: true, signageBy: 'entreprise' })).toEqual({
      previousPermissionReference: 'Veuillez préciser',
      gestSignageCorporationName: 'Ce champ est obligatoire',
    });
    expect(errors({ gestSignagePhone: '05 58', gestSignageEmail: 'signal@' })).toEqual({
      gestSignagePhone: 'Le numéro de téléphone doit comporter exactement 10 chiffres',
      gestSignageEmail: 'Veuillez saisir une adresse e-mail valide',
    });
  });

  test('ids are not taken from the payload', () => {
    expect(Cerfa14024InputSchema.parse({ id: 9, requestId: 4, limitedSpeed: 50 })).toEqual({
      limitedSpeed: 50,
    });
  });
});

describe('trafficOrderFilingIssues', () => {
  const onRoad = { longitudinalTrenchUnderRoad: 10 };
  test('nothing to say of a 14024 on the carriageway starting with the works or later', () => {
    for (const dateRegulation of ['2026-12-01', '2026-12-05', null])
      expect(
        trafficOrderFilingIssues({ dateRegulation }, { cerfa1402301: onRoad, dateStart: '2026-12-01' }),
      ).toEqual([]);
  });
  test('an invalid day is its own field’s error, not compared', () => {
    expect(
      trafficOrderFilingIssues(
        { dateRegulation: '2026-02-30' },
        { cerfa1402301: onRoad, dateStart: '2026-12-01' },
      ),
    ).toEqual([]);
  });
  test('the works off the carriageway first, then a regulation before the works', () => {
    expect(
      trafficOrderFilingIssues(
        { dateRegulation: '2026-11-01' },
        { cerfa1402301: {}, dateStart: '2026-12-01' },
      ),
    ).toEqual([{ path: [], message: TRAFFIC_ORDER_NOT_OFFERED }]);
    expect(
      trafficOrderFilingIssues(
        { dateRegulation: '2026-11-01' },
        { cerfa1402301: onRoad, dateStart: '2026-12-01' },
      ),
    ).toEqual([{ path: ['dateRegulation'], message: REGULATION_ERROR }]);
  });
});
