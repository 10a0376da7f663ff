import { describe, expect, test } from 'vitest';
import { orderModeleId, type Cerfa14024, type LetterDraft } from '@voirie/domain';
import { flattenRequest, type OrderSource } from '../src/orders/flatten.ts';
import { letterFields } from '../src/orders/letter-fields.ts';
import { mergeTemplate } from '../src/orders/merge.ts';
import { defaultTemplate } from '../src/orders/templates.ts';
import { DAX_APPLICANT, docxText, expectNoCode } from './orders-helpers.ts';

// Every default order and letter, for each kind and decision, with and without a beneficiary,
// merged from a request whose coded fields hold raw codes: the text a reader gets holds labels,
// never a code, a boolean, a field name or a tag.

const TODAY = new Date('2026-03-16T09:00:00Z');

const BENEFICIARY = {
  nature: 'Entreprise',
  corporationName: 'SCI Les Pins',
  corporationAgent: 'Paul Martin',
  addressNum: '5',
  addressType: 'Rue',
  addressName: 'des Lilas',
  addressPostalCode: '40150',
  addressCity: 'Soorts-Hossegor',
};

/** A document of the request as its detail lists it. */
const annexDocument = (id: number, typeDocumentId: number, name: string) => ({
  id,
  typeDocumentId,
  name,
  url: `/documents/${String(id)}`,
  mimeType: 'application/pdf',
  createdAt: '2026-02-02T10:00:00.000Z',
  requestId: 42,
});

function source(kind: 1 | 2 | 3, isFavorable: boolean, beneficiary: boolean): OrderSource {
  return {
    detail: {
      id: 77,
      type: kind,
      numaffaire: 'AFF-2026-77',
      depositDate: '2026-02-02T10:00:00.000Z',
      dateStart: '2026-04-01',
      dateEnd: '2026-04-10',
      addressNum: '12',
      addressType: 'Rue',
      addressName: 'des Pins',
      addressPostalCode: '40130',
      addressCity: 'Capbreton',
      wayType: 'Voie departementale en agglomeration',
      inUrban: true,
      plotNumbers: '112, 113',
      sections: 'AB',
      petitioner: { nature: 'Particulier', ...DAX_APPLICANT },
      beneficiary: beneficiary ? BENEFICIARY : null,
      cerfa1402301:
        kind === 2
          ? null
          : {
              isFavorable,
              isAccessDevelopment: kind === 3,
              themes: 'pose_compteur,depot_stationnement,ouvrages_divers',
              natureWork: 'creation',
              networkConnection: 'eau_potable,edf,gdf',
              surfacePlanningEquipment: 'arret_bus',
              parkingExtension: true,
              aerien: 'depose',
              decisionRoadwayTrench: 'CH6C',
              decisionSinking: 'préconisé',
              decisionRefections: 'Finisseur,pleine largeur chaussée',
              decisionHorizontalSignage: false,
              decisionAccessEdl: 'Nouvel accès',
              decisionAccessFosse: true,
              decisionDebitLS: 3,
              decisionAccessMotifsRefus: 'multiplication des accès,visibilité',
            },
      individualAlignmentRequest:
        kind === 2
          ? {
              isFavorable,
              reasonRequest: 'Real cloture',
              typeDossier: 'PC',
              dosAutorisationUrba: '040 065 26 A0012',
              autorisationUrba: 'oui',
              groundAlreadyRequested: 'non',
              decisionHorsCompetence: !isFavorable,
              alignmentOrderNumber: 'AL-2026-014',
              dateRequest: '2026-01-20',
            }
          : null,
      commentDecision: 'Prévenir la mairie 48 h avant.',
      doAnnexe: true,
      documents: [
        annexDocument(1, 97, 'Plan des réseaux.pdf'),
        annexDocument(2, 5, 'Photo du site.jpg'),
        annexDocument(3, 97, 'Profil en travers.pdf'),
      ],
      adresses: [],
    },
    rues: [
      {
        name: 'Rue des Pins',
        competence: 'Communautaire',
        points: [{ name: 'P1', type: 'clou OGE', distance: 2.5 }],
      },
      { name: 'Route de Bayonne', competence: 'RD', points: [] },
    ],
    destinataires: [{ mail: 'mairie@capbreton.fr', name: 'Mairie de Capbreton' }],
    // The reference road and town (the published traffic order's place).
    place: { road: { name: 'Rue des Pins', numero: null }, footprintInsee: '40065' },
  };
}

const merged = async (modeleId: number, data: Parameters<typeof mergeTemplate>[1]) =>
  docxText(await mergeTemplate((await defaultTemplate(modeleId))!, data));

const VARIANTS = [1, 2, 3].flatMap((kind) =>
  [true, false].flatMap((isFavorable) =>
    [true, false].map((beneficiary) => ({ kind: kind as 1 | 2 | 3, isFavorable, beneficiary })),
  ),
);

describe('the default orders read as French, not as a database', () => {
  test.each(VARIANTS)(
    'kind $kind, favourable $isFavorable, beneficiary $beneficiary',
    async ({ kind, isFavorable, beneficiary }) => {
      const modeleId = orderModeleId(kind, isFavorable);
      const text = await merged(modeleId, flattenRequest(source(kind, isFavorable, beneficiary), TODAY));
      expectNoCode(text, `modele ${String(modeleId)}`);
      expect(text).toContain('Madame Marie Durand, demeurant');
      if (beneficiary) {
        expect(text).toContain(
          'pour le compte de SCI Les Pins, représentée par Paul Martin, demeurant 5 Rue des Lilas',
        );
        expect(text).toContain('et à SCI Les Pins, représentée par Paul Martin.');
      } else {
        expect(text).not.toContain('pour le compte de');
      }
      if (isFavorable && kind !== 2)
        expect(text).toContain(
          `${beneficiary ? 'SCI Les Pins, représentée par Paul Martin' : 'Madame Marie Durand'}, ci-après dénommé le bénéficiaire`,
        );
      if (kind === 2) {
        expect(text).toContain(' n° AL-2026-014');
        expect(text).toContain("(motif : Réalisation d'une clôture)");
        expect(text).toContain("Vu l'autorisation d'urbanisme : Permis de construire 040 065 26 A0012 ;");
        if (isFavorable) expect(text).toContain('Route de Bayonne (Départementale) :');
      }
      if (modeleId === 1) {
        expect(text).toContain('(Pose de compteur, Dépôt / stationnement, Ouvrages divers – Création)');
        expect(text).toContain('Réseaux concernés : Eau potable, Électricité, Gaz');
        expect(text).toContain('Réseau aérien : Dépose');
        expect(text).toContain('Réfections : Finisseur, pleine largeur chaussée');
      }
      if (modeleId === 4)
        expect(text).toContain('Considérant les motifs suivants : multiplication des accès, visibilité ;');
      expect(text).toContain(
        'Sont annexés au présent arrêté :\n– Annexe 1 : Plan des réseaux.pdf\n– Annexe 2 : Profil en travers.pdf',
      );
      expect(text).not.toContain('Photo du site');
    },
  );

  test('without « Joindre les annexes », the order names none', async () => {
    const request = source(1, true, false);
    const text = await merged(
      1,
      flattenRequest({ ...request, detail: { ...request.detail, doAnnexe: false } }, TODAY),
    );
    expect(text).not.toContain('Annexe');
    expectNoCode(text, 'modele 1 without annexes');
  });
});

/** A cerfa 14024 as stored: coded values, booleans, numbers. */
const TRAFFIC_FORM: Partial<Cerfa14024> = {
  id: 5,
  previousPermission: true,
  previousPermissionReference: 'PV-2025-118',
  durationRegulation: 10,
  dateRegulation: '2026-04-01',
  restrictionCurrentSection: true,
  directionTraffic: 'Sens des PR croissants',
  alternatingCirculationManual: true,
  encroachmentRoadway: true,
  trackWidthMaintained: 3.5,
  wayRemoval: true,
  numberWayRemoved: 1,
  moveTruck: true,
  parkCar: true,
  parkTruck: true,
  overtakeCar: true,
  limitedSpeed: 30,
  detourRoute: "Par la rue des Écoles puis l'avenue de la Plage.",
  otherPrescriptions: 'Accès des riverains maintenu.',
  signageBy: 'entreprise',
  gestSignageCorporationName: 'Signaux Landes',
  gestSignageAgent: 'Jean Balise',
  gestSignageAddressNum: '4',
  gestSignageAddressName: 'Zone artisanale',
  gestSignageAddressPostalCode: '40230',
  gestSignageAddressCity: 'Saint-Vincent-de-Tyrosse',
  gestSignagePhone: '0558000000',
  gestSignageEmail: 'chantier@signaux-landes.fr',
  // The instructor's wording, the only free texts the published order prints.
  publishedDetourRoute: 'Par la route départementale 652 dans les deux sens.',
  publishedOtherPrescriptions: 'Accès des secours maintenu.',
};

describe('the acts a permission carries besides its own order', () => {
  test.each([true, false])('the traffic order reads as French, beneficiary %s', async (beneficiary) => {
    const request = source(1, true, beneficiary);
    const detail = { ...request.detail, wayNum: '652', cerfa14024: TRAFFIC_FORM };
    const text = docxText(
      await mergeTemplate(
        (await defaultTemplate('arrete_circulation'))!,
        flattenRequest({ ...request, detail }, TODAY, { act: 'traffic' }),
      ),
    );
    expectNoCode(text, 'traffic order');
    for (const expected of [
      'Arrêté de police de la circulation',
      // Published: parties by their nature, the place from the reference data.
      `Vu la demande d'arrêté de police de la circulation (cerfa n° 14024*01) présentée le 02/02/2026 par un particulier${beneficiary ? ", pour le compte d'une entreprise" : ''}, pour des travaux situés Rue des Pins, 40130 Capbreton ;`,
      'au droit du chantier situé Rue des Pins, 40130 Capbreton, Voie départementale',
      'et la permission de voirie délivrée antérieurement ;',
      "l'exécution de ces travaux (Pose de compteur, Dépôt / stationnement, Ouvrages divers – Création)",
      "Voie départementale en agglomération n° 652, à compter du 01/04/2026 et pour une durée de 10 jour(s) calendaire(s), soit jusqu'au 10/04/2026 inclus.",
      'Sens de circulation concerné : Sens des PR croissants.',
      'La circulation est alternée manuellement.',
      'Restrictions : sur section courante, empiètement sur la chaussée, suppression de voie.',
      'Une largeur de voie de 3,5 m est maintenue à la circulation.',
      'Nombre de voies neutralisées : 1.',
      'Interdiction de circuler : poids lourds.',
      'Interdiction de stationner : véhicules légers et poids lourds ;',
      'Interdiction de dépasser : véhicules légers.',
      'La vitesse est limitée à 30 km/h au droit du chantier.',
      'Une déviation est mise en place et signalée sur place.',
      'Itinéraire de déviation : Par la route départementale 652 dans les deux sens.',
      'Autres prescriptions : Accès des secours maintenu.',
      'mise en place, entretenue et retirée par une entreprise spécialisée, pour le compte du bénéficiaire de la permission, conformément',
      'publié sous forme électronique',
      'la police municipale de Capbreton',
      `Le présent arrêté sera notifié au demandeur (un particulier${beneficiary ? ", pour le compte d'une entreprise" : ''}) et transmis à la police municipale de Capbreton.`,
    ]) {
      expect(text).toContain(expected);
    }
    // Nothing typed: no party, address, recipient, company, phone, e-mail, nor the applicant's
    // detour, prescriptions or previous permission's reference.
    for (const typed of [
      'Marie',
      'Durand',
      'Dax',
      'Paul Martin',
      'SCI Les Pins',
      'Lilas',
      'Jean Balise',
      'Signaux Landes',
      'Zone artisanale',
      '0558000000',
      'chantier@signaux-landes.fr',
      '12 Rue',
      'mairie@capbreton.fr',
      'des Écoles',
      'Accès des riverains',
      'PV-2025-118',
    ])
      expect(text, typed).not.toContain(typed);
    // The permission's comment and annexes stay with the permission's order.
    expect(text).not.toContain('Prévenir la mairie');
    expect(text).not.toContain('Annexe');
  });

  test('no signage chosen: the holder of the permission places the signage, never named', async () => {
    const request = source(3, true, true);
    const detail = { ...request.detail, cerfa14024: { durationRegulation: 3 } };
    const text = docxText(
      await mergeTemplate(
        (await defaultTemplate('arrete_circulation'))!,
        flattenRequest({ ...request, detail }, TODAY, { act: 'traffic' }),
      ),
    );
    expectNoCode(text, 'traffic order without details');
    expect(text).toContain(
      'mise en place, entretenue et retirée par le bénéficiaire de la permission, conformément',
    );
    expect(text).not.toContain('SCI Les Pins');
    // A private holder is not named: « le bénéficiaire de la permission ».
    const privateHolder = source(3, true, false);
    const privateText = docxText(
      await mergeTemplate(
        (await defaultTemplate('arrete_circulation'))!,
        flattenRequest(
          { ...privateHolder, detail: { ...privateHolder.detail, cerfa14024: { durationRegulation: 3 } } },
          TODAY,
          { act: 'traffic' },
        ),
      ),
    );
    expect(privateText).toContain(
      'mise en place, entretenue et retirée par le bénéficiaire de la permission, conformément',
    );
    expect(privateText).not.toContain('Durand');
    // Filled from the request: its works' start and the duration given.
    expect(text).toContain(
      "à compter du 01/04/2026 et pour une durée de 3 jour(s) calendaire(s), soit jusqu'au 03/04/2026 inclus.",
    );
    expect(text).not.toContain('Interdiction');
  });

  test.each([true, false])(
    'the alignment asked with a permission prints its own decision (favourable %s)',
    async (isFavorable) => {
      const request = source(1, true, false);
      const detail = {
        ...request.detail,
        individualAlignmentRequest: {
          isFavorable,
          alignmentOrderNumber: 'AL-2026-031',
          commentDecision: 'Constaté sur place.',
          decisionHorsCompetence: !isFavorable,
          reasonRequest: 'Real cloture',
        },
      };
      const text = await merged(
        orderModeleId(2, isFavorable),
        flattenRequest({ ...request, detail }, TODAY, { act: 'alignment' }),
      );
      expectNoCode(text, 'alignment act');
      expect(text).toContain(' n° AL-2026-031');
      expect(text).toContain(`Décision : ${isFavorable ? 'Favorable' : 'Défavorable'}.`);
      expect(text).toContain('Observations : Constaté sur place.');
      if (isFavorable)
        expect(text).toContain('Rue des Pins (Communautaire) :\n– point P1 (clou OGE) : 2,5 m');
      expect(text).not.toContain('Prévenir la mairie');
      expect(text).not.toContain('Annexe');
    },
  );
});

const REFUSED: LetterDraft = {
  avis: 'refusé',
  dateVisite: '2026-05-04',
  motifRefus: ['joints', 'autre'],
  motifRefusTxt: 'Bordure descellée.',
  partieDomainePublic: ['Chaussée', 'Trottoir'],
};
const ACCEPTED: LetterDraft = {
  avis: 'accepté',
  dateVisite: '2026-05-04',
  motifRefus: [],
  partieDomainePublic: ['Accotement'],
};
const RECEPTION = {
  id: 1,
  requestId: 77,
  option: 'Rendez-vous',
  rdv1: '2026-05-04T07:30:00Z',
  acceptRdv: 1 as const,
  roadDisturbance: true,
  lat: 43.66,
  lon: -1.31,
  witnessName: 'Inès Tructrice',
  disturbanceComment: 'Affaissement de la tranchée.',
  disturbanceAt: '2026-06-01',
};

describe('the default letters read as French', () => {
  test.each(
    [6, 7, 8, 9, 10].flatMap((modeleId) => [true, false].map((beneficiary) => ({ modeleId, beneficiary }))),
  )('letter $modeleId, beneficiary $beneficiary', async ({ modeleId, beneficiary }) => {
    for (const draft of modeleId === 6 ? [REFUSED] : [REFUSED, ACCEPTED]) {
      const data = {
        ...flattenRequest(source(modeleId === 7 ? 3 : 1, true, beneficiary), TODAY),
        ...letterFields({ draft, reception: RECEPTION, author: 'Inès Tructrice' }),
      };
      const text = await merged(modeleId, data);
      expectNoCode(text, `modele ${String(modeleId)} ${draft.avis ?? ''}`);
      if (modeleId >= 7) {
        expect(text).toContain(
          beneficiary
            ? 'Bénéficiaire : SCI Les Pins, représentée par Paul Martin, demeurant 5 Rue des Lilas, 40150 Soorts-Hossegor\nDemandeur : Madame Marie Durand'
            : 'Bénéficiaire : Madame Marie Durand',
        );
      }
    }
  });
});
