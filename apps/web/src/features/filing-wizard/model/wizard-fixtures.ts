// Test fixtures of the wizard's model and pages (not used by the app itself).
import type { DocumentType, GeometryCollection, RequestDetail } from '@voirie/domain';
import { EMPTY_ALIGNMENT, EMPTY_CERFA, EMPTY_PARTY, type StepDrafts } from './step-drafts';
import { initialWizardState, type WizardState } from './wizard-state';

export const A_POLYGON: GeometryCollection = {
  type: 'GeometryCollection',
  geometries: [
    {
      type: 'Polygon',
      coordinates: [
        [
          [-1.4298, 43.6309],
          [-1.4292, 43.6309],
          [-1.4292, 43.6313],
          [-1.4298, 43.6309],
        ],
      ],
    },
  ],
};

export const DOCUMENT_TYPES: DocumentType[] = [
  {
    id: 1,
    name: 'Plan de situation 1/10000 ou 1/20000',
    isMandatory: true,
    isMandatoryReseaux: true,
    cerfa: 1,
    categorie: 'demande',
  },
  {
    id: 3,
    name: 'Plan de localisation précis 1/1000 ou 1/2000',
    isMandatory: true,
    isMandatoryReseaux: false,
    categorie: 'demande',
  },
  { id: 5, name: 'Photos', isMandatory: false, isMandatoryReseaux: false, categorie: 'demande' },
  {
    id: 18,
    name: 'Pièce complémentaire',
    isMandatory: false,
    isMandatoryReseaux: false,
    categorie: 'demande',
  },
  { id: 85, name: 'Pièce 85', isMandatory: true, isMandatoryReseaux: false, categorie: 'demande' },
  {
    id: 20,
    name: 'Arrêté de décision',
    isMandatory: false,
    isMandatoryReseaux: false,
    categorie: 'décision',
  },
];

/** A state whose every step is complete, on step 1. */
export function completeState(kind: 1 | 2 | 3): WizardState {
  const initial = initialWizardState(kind);
  const drafts: StepDrafts = {
    ...initial.drafts,
    cerfa: { ...EMPTY_CERFA, themes: 'saillie_surplomb', trackWidth: '6,5' },
    alignment: { ...EMPTY_ALIGNMENT, reasonRequest: 'Real cloture' },
    petitioner: {
      ...EMPTY_PARTY,
      nature: 'Particulier',
      title: 'Madame',
      lastName: 'Dupont',
      firstName: 'Claire',
      email: 'claire.dupont@example.fr',
      phone: '0601020304',
    },
    dates: { dateStart: '2026-03-02', dateEnd: '2026-03-06' },
    files: {
      1: new File(['%PDF-1.4'], 'situation.pdf', { type: 'application/pdf' }),
      3: new File(['%PDF-1.4 plan'], 'plan.pdf', { type: 'application/pdf' }),
      85: new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'photo.png', { type: 'image/png' }),
    },
    attestation: {
      accuracyInformation: true,
      madeIn: 'Capbreton',
      madeLastName: 'Dupont',
      madeFirstName: 'Claire',
      madeFonction: 'Propriétaire',
    },
  };
  return {
    ...initial,
    drafts,
    location: {
      ...initial.location,
      addressNum: '12',
      addressType: 'Rue',
      addressName: 'des Pins',
      addressPostalCode: '40130',
      addressCity: 'Capbreton',
      theGeom: A_POLYGON,
      lon: -1.4295,
      lat: 43.6311,
      plotNumbers: '40065000AB0012',
      sections: 'AB',
      wayType: 'Voie communale',
      inUrban: false,
    },
  };
}

/** A request in state 8 as GET request/{id} returns it. */
export function aStoredRequest(overrides: Partial<RequestDetail> = {}): RequestDetail {
  return {
    id: 42,
    publicId: 'k3x9q',
    type: 1,
    typeLabel: 'Permission de voirie - Réseaux',
    alignementId: null,
    stateId: 8,
    state: { id: 8, name: 'Transférée en complétude' },
    // What GET request/{id} adds for its viewer (RequestDetailSchema).
    stateTooltip: 'Transférée en complétude',
    tab: 2,
    instructeurId: null,
    instructeurInitials: null,
    location: '12 Rue des Pins',
    demandeurPrenom: 'Claire',
    demandeurNom: 'Dupont',
    demandeurCorporation: null,
    demandeurCorporationAgent: null,
    numaffaire: null,
    abilities: { open: true, locate: true, cancel: false, mails: true, complete: true },
    actions: [],
    letters: { formalNotice: null, minutes: null, disturbanceMinutes: null },
    linkedRequests: { original: null, extension: null },
    receptionDocuments: [],
    stdUserId: 12,
    sendToSign: false,
    isbeneficiaire: false,
    addressNum: '12',
    addressExt: null,
    addressType: 'Rue',
    addressName: 'des Pins',
    addressCity: 'Capbreton',
    addressPostalCode: '40130',
    place: null,
    lon: -1.4295,
    lat: 43.6311,
    theGeom: null,
    plotNumbers: '40065000AB0012',
    sections: 'AB',
    wayType: 'Voie communale',
    inUrban: false,
    dateStart: '02/03/2026',
    dateEnd: '2026-03-06',
    madeIn: 'Capbreton',
    madeLastName: 'Dupont',
    madeFirstName: 'Claire',
    madeFonction: 'Propriétaire',
    depositDate: '2026-02-20T09:00:00.000Z',
    // The legal clock (issue 17): none in this fixture; the detail's tests give their own.
    deadlineOn: null,
    daysLeft: null,
    deadlineStatus: null,
    clock: null,
    clockEvents: [],
    missingDocuments: [5],
    adresses: [
      {
        id: 7,
        addressNum: null,
        addressExt: null,
        addressType: 'Avenue',
        addressName: 'de la Plage',
        addressCity: 'Capbreton',
        addressPostalCode: '40130',
        place: null,
        prescription: null,
      },
    ],
    petitioner: {
      id: 3,
      nature: 'Particulier',
      title: 'Madame',
      lastName: 'Dupont',
      firstName: 'Claire',
      email: 'claire.dupont@example.fr',
      phone: '0601020304',
      addressNum: null,
      addressExt: null,
      addressType: null,
      addressName: null,
      addressCity: null,
      addressPostalCode: null,
      place: null,
    },
    cerfa1402301: {
      id: 9,
      themes: 'saillie_surplomb',
      isAccessDevelopment: true,
      ditchCrossing: true,
      pipeDiameter: 300,
    },
    ...overrides,
  };
}
