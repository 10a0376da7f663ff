import { describe, expect, test } from 'vitest';
import { Cerfa14024Schema } from './cerfa-14024.ts';
import { CityMailsSchema, ContactFormSchema } from './city.ts';
import { configureFrenchValidationMessages } from './common.ts';
import { DocumentUploadSchema } from './document.ts';
import { isEmptyGeometry } from './geometry.ts';
import { MailHistoryItemSchema } from './log.ts';
import { MapLayerSchema } from './map-layer.ts';
import { PerimeterQuerySchema } from './perimeter.ts';
import { ReceptionSchema } from './reception.ts';
import { RequestListQuerySchema, SearchStateSchema } from './search-state.ts';
import { RequestSchema, instructorInitials, locationDisplay, requesterDisplayName } from './request.ts';
import { PetitionerInputSchema } from './party.ts';
import { UserFormSchema, isPasswordChange } from './user.ts';
import { issueMessages } from '../test-support/issue-messages.ts';

describe('UserFormSchema (docs/validation.md)', () => {
  const valid = {
    nature: 'Particulier',
    title: 'Monsieur',
    lastName: 'Martin',
    firstName: 'Paul',
    email: 'paul.martin@exemple.fr',
    phone: '0558000000',
  };

  test('a valid individual', () => {
    expect(UserFormSchema.parse(valid)).toMatchObject({ nature: 'Particulier', phone: '0558000000' });
  });

  test('nature, e-mail and phone are required', () => {
    expect(issueMessages(UserFormSchema.safeParse({}))).toEqual({
      nature: 'Ce champ est obligatoire',
      email: 'Ce champ est obligatoire',
      phone: 'Ce champ est obligatoire',
    });
  });

  test('Particulier needs title, last and first name', () => {
    expect(
      issueMessages(UserFormSchema.safeParse({ ...valid, title: null, lastName: '', firstName: undefined })),
    ).toEqual({
      title: 'Ce champ est obligatoire',
      lastName: 'Ce champ est obligatoire',
      firstName: 'Ce champ est obligatoire',
    });
    expect(
      UserFormSchema.safeParse({
        ...valid,
        nature: 'Entreprise',
        title: null,
        lastName: null,
        firstName: null,
      }).success,
    ).toBe(true);
  });

  test('phone of exactly 10 digits, valid e-mail, max lengths, numeric number', () => {
    const result = UserFormSchema.safeParse({
      ...valid,
      phone: '05580000001',
      email: 'paul@',
      corporationName: 'c'.repeat(101),
      corporationAgent: 'a'.repeat(101),
      addressExt: 'x'.repeat(11),
      addressType: 't'.repeat(101),
      addressNum: 'douze',
    });
    expect(issueMessages(result)).toEqual({
      phone: 'Le numéro de téléphone doit comporter exactement 10 chiffres',
      email: 'Veuillez saisir une adresse e-mail valide',
      corporationName: 'Ce champ ne peut pas dépasser 100 caractères',
      corporationAgent: 'Ce champ ne peut pas dépasser 100 caractères',
      addressExt: 'Ce champ ne peut pas dépasser 10 caractères',
      addressType: 'Ce champ ne peut pas dépasser 100 caractères',
      addressNum: 'Le numéro doit être numérique',
    });
  });

  test('the « Fonction » is optional, trimmed, at most 120 characters', () => {
    expect(UserFormSchema.parse(valid).jobTitle).toBeUndefined();
    expect(UserFormSchema.parse({ ...valid, jobTitle: '  Maire adjoint  ' }).jobTitle).toBe('Maire adjoint');
    expect(UserFormSchema.parse({ ...valid, jobTitle: 'f'.repeat(120) }).jobTitle).toHaveLength(120);
    expect(issueMessages(UserFormSchema.safeParse({ ...valid, jobTitle: 'f'.repeat(121) }))).toEqual({
      jobTitle: 'Ce champ ne peut pas dépasser 120 caractères',
    });
  });

  test("the identity details are checked as the wizard's applicant, with the same messages", () => {
    const details = {
      corporationSiret: '1234567890123',
      addressPostalCode: '4023',
      addressNum: '12 bis',
      place: 'l'.repeat(256),
      phoneIndicative: '+3333333',
      lastName: 'n'.repeat(101),
    };
    const account = issueMessages(UserFormSchema.safeParse({ ...valid, ...details }));
    const applicant = issueMessages(
      PetitionerInputSchema.safeParse({ ...valid, nature: 'Particulier', ...details }),
    );
    expect(account).toEqual({
      corporationSiret: 'Le numéro SIRET doit comporter 14 chiffres',
      addressPostalCode: 'Le code postal doit comporter 5 chiffres',
      addressNum: 'Le numéro doit être numérique',
      place: 'Ce champ ne peut pas dépasser 255 caractères',
      phoneIndicative: 'Ce champ ne peut pas dépasser 6 caractères',
      lastName: 'Ce champ ne peut pas dépasser 100 caractères',
    });
    expect(applicant).toEqual(account);
  });

  test('the whole identity is kept: SIRET without its spaces, the lieu-dit', () => {
    expect(
      UserFormSchema.parse({
        ...valid,
        corporationSiret: '732 829 320 00074',
        place: 'Lieu-dit Les Barthes',
      }),
    ).toMatchObject({ corporationSiret: '73282932000074', place: 'Lieu-dit Les Barthes' });
  });

  test('a password change needs both fields, equal', () => {
    expect(
      issueMessages(
        UserFormSchema.safeParse({ ...valid, password: 'Demo-2026!', password_confirm: 'Demo-2026?' }),
      ),
    ).toEqual({
      password_confirm: 'Veuillez saisir le même mot de passe',
    });
    expect(
      UserFormSchema.safeParse({ ...valid, password: 'Demo-2026!', password_confirm: 'Demo-2026!' }).success,
    ).toBe(true);
    expect(isPasswordChange({ password: 'Demo-2026!', password_confirm: '' })).toBe(false);
    expect(isPasswordChange({ password: 'Demo-2026!', password_confirm: 'Demo-2026!' })).toBe(true);
  });
});

describe('RequestSchema', () => {
  test('reads a detail answer and drops undeclared fields', () => {
    const parsed = RequestSchema.parse({
      id: 42,
      type: 1,
      stateId: 3,
      state: { id: 3, name: 'Transférée pour instruction' },
      sendToSign: false,
      addressCity: 'Soustons',
      theGeom: { type: 'GeometryCollection', geometries: [{ type: 'Point', coordinates: [-1.33, 43.75] }] },
      cerfa1402301: { id: 7, isAccessDevelopment: false, themes: 'pose_compteur', decisionSinking: 'non' },
      missingDocuments: [85],
      passwordHash: 'secret',
    });
    expect(parsed).toMatchObject({ id: 42, stateId: 3, cerfa1402301: { themes: 'pose_compteur' } });
    expect(parsed).not.toHaveProperty('passwordHash');
  });

  test('unknown states and kinds are refused', () => {
    expect(RequestSchema.safeParse({ id: 1, type: 4, stateId: 3, sendToSign: false }).success).toBe(false);
    expect(RequestSchema.safeParse({ id: 1, type: 1, stateId: 15, sendToSign: false }).success).toBe(false);
  });

  test('display helpers of the list', () => {
    expect(requesterDisplayName({ demandeurPrenom: 'Marie', demandeurNom: 'Durand' })).toBe('Marie Durand');
    expect(
      requesterDisplayName({ demandeurCorporation: 'Enedis', demandeurCorporationAgent: 'J. Petit' }),
    ).toBe('Enedis - J. Petit');
    expect(instructorInitials({ instructeurFirstName: 'léa', instructeurLastName: 'Roux' })).toBe('LR');
    expect(instructorInitials({})).toBe('Inconnu');
    expect(
      locationDisplay({ addressNum: '3', addressExt: 'bis', addressType: 'Rue', addressName: 'du Port' }),
    ).toBe('3 bis Rue du Port');
  });
});

describe('list queries and search state', () => {
  test('query numbers come as text; the filter as JSON', () => {
    const query = RequestListQuerySchema.parse({
      page: '2',
      type: '3',
      numItemsPerPage: '100',
      searchFilter: '{"tab":1,"dateStartFrom":"2026-01-01","addressCity":"Tosse"}',
    });
    expect(query).toEqual({
      page: 2,
      type: 3,
      numItemsPerPage: 100,
      searchFilter: { tab: 1, dateStartFrom: '2026-01-01', addressCity: 'Tosse' },
      searchSort: 'depositDate',
      searchDir: 'desc',
    });
  });

  test('page sizes of the list only; unreadable filter refused', () => {
    expect(RequestListQuerySchema.safeParse({ numItemsPerPage: '75' }).success).toBe(false);
    expect(issueMessages(RequestListQuerySchema.safeParse({ searchFilter: '{tab' }))).toEqual({
      searchFilter: 'Filtre de recherche illisible',
    });
    expect(RequestListQuerySchema.safeParse({ searchSort: 'password' }).success).toBe(false);
  });

  test('search state defaults', () => {
    expect(SearchStateSchema.parse({ type: 1 })).toEqual({
      type: 1,
      numItemsPerPage: 50,
      searchText: '',
      searchSort: 'depositDate',
      searchDir: 'desc',
      searchFilter: {},
    });
  });
});

describe('other entities', () => {
  test('CERFA 14024: the five traffic directions, speed and counts', () => {
    expect(
      Cerfa14024Schema.safeParse({ directionTraffic: 'Fermeture à la circulation', limitedSpeed: 30 })
        .success,
    ).toBe(true);
    expect(Cerfa14024Schema.safeParse({ directionTraffic: 'Sens unique' }).success).toBe(false);
    expect(issueMessages(Cerfa14024Schema.safeParse({ numberWayRemoved: 1.5 }))).toEqual({
      numberWayRemoved: 'Saisir un nombre entier positif',
    });
  });

  test('reception: known opinions and reasons', () => {
    expect(
      ReceptionSchema.safeParse({ id: 1, requestId: 2, avis: 'refusé', motifRefus: ['joints', 'autre'] })
        .success,
    ).toBe(true);
    expect(ReceptionSchema.safeParse({ id: 1, requestId: 2, avis: 'peut-être' }).success).toBe(false);
  });

  test('perimeter search: limit 10 by default, the fileable flag from a query string or a body', () => {
    expect(PerimeterQuerySchema.parse({ type: 'operator', q: 'Enedis' }).limit).toBe(10);
    expect(PerimeterQuerySchema.parse({ fileable: 'false' }).fileable).toBe(false);
    expect(PerimeterQuerySchema.parse({ fileable: true }).fileable).toBe(true);
    expect(PerimeterQuerySchema.safeParse({ limit: 501 }).success).toBe(false);
  });

  test('contacts and town mails', () => {
    expect(issueMessages(ContactFormSchema.safeParse({ email: 'x@y.fr', commune: 'Biarritz' }))).toEqual({
      commune: 'Biarritz ne fait pas partie de la communauté.',
    });
    expect(CityMailsSchema.safeParse({ mailMairie: 'mairie@orx.fr', mailPM: '' }).success).toBe(true);
    expect(CityMailsSchema.safeParse({ mailMairie: 'mairie', mailPM: null }).success).toBe(false);
  });

  test('uploads, mail log, map layers, geometry', () => {
    expect(DocumentUploadSchema.parse({ requestId: '12', typeDocumentId: '104' })).toEqual({
      requestId: 12,
      typeDocumentId: 104,
    });
    expect(
      MailHistoryItemSchema.safeParse({
        id: 1,
        mailjetId: 'abc',
        status: 'opened',
        statusText: 'Ouvert',
        isError: false,
        subject: 'Votre demande',
        to: 'a@exemple.fr',
        context: 'decision',
        createdAt: '2026-11-21T10:00:00Z',
        stdUser: { picture: null, email: 'a@exemple.fr' },
        abilities: { resend: false },
      }).success,
    ).toBe(true);
    const layer = {
      layerName: 'osm',
      text: 'Plan OSM',
      type: 'OSM',
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    };
    expect(
      MapLayerSchema.safeParse({ ...layer, opacity: 0.8, zindex: 0, checked: true, baseLayer: true }).success,
    ).toBe(true);
    expect(
      MapLayerSchema.safeParse({ ...layer, opacity: 0.3, zindex: 0, checked: true, baseLayer: true }).success,
    ).toBe(false);
    expect(isEmptyGeometry({ type: 'GeometryCollection', geometries: [] })).toBe(true);
    expect(isEmptyGeometry(null)).toBe(true);
    expect(isEmptyGeometry({ type: 'Point', coordinates: [-1.3, 43.6] })).toBe(false);
  });

  test('French default messages can be switched on for a whole process', () => {
    configureFrenchValidationMessages();
    const result = RequestSchema.safeParse({ id: 'x', type: 1, stateId: 3, sendToSign: false });
    expect(result.error?.issues[0]?.message).toMatch(/nombre/);
  });
});

describe('ContactFormSchema', () => {
  test('an empty town has only its required message', () => {
    const result = ContactFormSchema.safeParse({ email: 'mairie@exemple.fr', commune: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Ce champ est obligatoire']);
  });

  test('a town outside the community is named', () => {
    const result = ContactFormSchema.safeParse({ email: 'mairie@exemple.fr', commune: 'Bayonne' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Bayonne ne fait pas partie de la communauté.',
    ]);
  });
});
