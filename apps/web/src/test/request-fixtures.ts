// Test fixtures of requests (not used by the app itself): the wizard's, the request page's and
// the CERFA print's tests share them.
import type { DocumentType, GeometryCollection, Reception, RequestDetail } from '@voirie/domain';
import { CLAIRE, NO_ADDRESS, PINS_ADDRESS } from './fixtures';

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
    formalNoticeAct: { number: null, canRecordSigned: false },
    linkedRequests: { original: null, extension: null },
    receptionDocuments: [],
    stdUserId: 12,
    sendToSign: false,
    isbeneficiaire: false,
    ...PINS_ADDRESS,
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
    // The legal clock: none in this fixture; the detail's tests give their own.
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
    petitioner: { id: 3, ...CLAIRE, phone: '0601020304', ...NO_ADDRESS },
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

/** A reception (`request.reception`): no mode, visit nor appointment yet, unless given. */
export function aReception(fields: Partial<Reception> = {}): Reception {
  return {
    id: 1,
    requestId: 1,
    option: null,
    dateVisite: null,
    motifRefusTxt: null,
    rdv1: null,
    rdv2: null,
    rdv3: null,
    roadDisturbance: false,
    lat: null,
    lon: null,
    ...fields,
  };
}
