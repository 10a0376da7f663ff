import {
  NETWORKS,
  normalizeWorksTheme,
  PARKING_NATURES,
  splitList,
  SURFACE_EQUIPMENT,
  WORK_TYPE_ALIASES,
  WORK_TYPES,
  WORKS_THEMES,
} from '../lists.ts';
import type { Cerfa14023 } from '../schemas/cerfa-14023.ts';
import type { Request } from '../schemas/request.ts';
import { alignmentNote } from '../combined-request.ts';
import { valueLabel } from '../value-labels.ts';
import {
  checkField,
  choicesField,
  numberedSections,
  textField,
  yesNoField,
  type CerfaField,
  type CerfaForm,
} from './cerfa-fields.ts';
import { dateFields, siteFields } from './location-fields.ts';
import { partyFields, signatureFields } from './party-fields.ts';

// No field list of the official 14023*01 could be found (shared/data/README.md): the zones follow
// the portal's own model (docs/data-model.md "Entities") with the wizard's wording.
// The decision fields are the instructor's, not the applicant's form: they are not printed.

export const CERFA_14023_TITLE =
  'Demande de permission ou d’autorisation de voirie, de permis de stationnement, ou d’autorisation d’entreprendre des travaux';

type Form = Partial<Cerfa14023>;

/** The network items of the declaration, each laid (pose) and removed (dépose). */
const NETWORK_ITEMS: readonly [keyof Form, keyof Form, string][] = [
  ['pipelineLengthPose', 'pipelineLengthDeposit', 'Canalisations – longueur (m)'],
  ['buriedCableLengthPose', 'buriedCableLengthDeposit', 'Câbles enterrés – longueur (m)'],
  ['airArteryLengthPose', 'airArteryLengthDeposit', 'Artères aériennes – longueur (m)'],
  ['cupboardNumberPose', 'cupboardNumberDeposit', 'Armoires – nombre'],
  ['cupboardSurfacePose', 'cupboardSurfaceDeposit', 'Armoires – surface (m²)'],
  ['pavilionBollardNumberPose', 'pavilionBollardNumberDeposit', 'Pavillons / bornes – nombre'],
  ['poleNumberPose', 'poleNumberDeposit', 'Poteaux – nombre'],
  ['undergroundChamberNumberPose', 'undergroundChamberNumberDeposit', 'Chambres souterraines – nombre'],
  [
    'undergroundChamberSurfacePose',
    'undergroundChamberSurfaceDeposit',
    'Chambres souterraines – surface (m²)',
  ],
];

const numberOf = (form: Form, key: keyof Form) => (typeof form[key] === 'number' ? form[key] : null);

function worksFields(request: Request, form: Form): CerfaField[] {
  const natureWork = form.natureWork ? (WORK_TYPE_ALIASES[form.natureWork] ?? form.natureWork) : null;
  return [
    choicesField('Type(s) de travaux', WORKS_THEMES, splitList(form.themes).map(normalizeWorksTheme)),
    choicesField('Nature du chantier', WORK_TYPES, [natureWork]),
    textField('Autre nature de chantier (préciser)', form.natureWorkOther),
    textField('Description du projet', request.project, true),
  ];
}

function parkingFields(form: Form): CerfaField[] {
  const extension = valueLabel('parkingExtension', form.parkingExtension) || null;
  return [
    choicesField('Type de demande', ['Demande initiale', 'Prolongation'], [extension]),
    textField('N° du permis de stationnement', form.parkingPermit),
    choicesField('Nature du dépôt ou du stationnement', PARKING_NATURES, splitList(form.parkingNature)),
    textField('Autre nature (préciser)', form.parkingNatureOther),
  ];
}

function sections(request: Request, form: Form): [string, string, CerfaField[]][] {
  return [
    ['demandeur', 'Le demandeur', partyFields(request.petitioner)],
    [
      'beneficiaire',
      'Le bénéficiaire (s’il est différent du demandeur)',
      partyFields(request.beneficiary, 'Type de bénéficiaire'),
    ],
    ['localisation', 'Localisation des travaux', siteFields(request)],
    ['dates', 'Dates des travaux', dateFields(request)],
    ['nature', 'Nature des travaux', worksFields(request, form)],
    ['stationnement', 'Dépôt / stationnement', parkingFields(form)],
    [
      'dimensions',
      'Dimensions (en mètres)',
      [
        textField('Largeur de la chaussée (m)', form.trackWidth),
        textField('Largeur du trottoir (m)', form.sidewalkWidth),
        textField('Largeur de la saillie (m)', form.protrusionWidth),
        textField('Hauteur sous la saillie (m)', form.heightUnderProtrusion),
        textField("Largeur de l'aménagement (m)", form.layoutWidth),
      ],
    ],
    [
      'fosse',
      'Fossé',
      [
        checkField('Franchissement de fossé', form.ditchCrossing),
        textField('Diamètre de la buse (m)', form.pipeDiameter),
        textField('Autre diamètre de la buse (mm)', form.customePipeDiameter),
        textField('Longueur de la buse (m)', form.pipeLength),
        textField('Distance au bord de la chaussée (m)', form.distanceFromRoad),
        textField('Type de buse', form.typePipe),
      ],
    ],
    [
      'alignement',
      "Installations à l'alignement",
      [
        checkField("Branchement à l'alignement", form.installationConnection),
        checkField("Clôture à l'alignement", form.installationFencesAlignment),
        textField("Recul de la clôture par rapport à l'alignement (m)", form.installationFencesBackAlignment),
        checkField("Portail à l'alignement", form.installationGateAlignment),
        textField("Recul du portail par rapport à l'alignement (m)", form.installationGateBackAlignment),
        checkField("Plantation à l'alignement", form.installationPlantationAlignment),
        textField(
          "Recul de la plantation par rapport à l'alignement (m)",
          form.installationPlantationBackAlignment,
        ),
      ],
    ],
    [
      'reseaux',
      'Réseaux',
      [
        checkField('Nouvelle installation', form.newInstallation),
        choicesField('Raccordement aux réseaux', NETWORKS, splitList(form.networkConnection)),
        textField('Autre réseau (préciser)', form.networkConnectionOther),
      ],
    ],
    [
      'tranchees',
      'Tranchées et fonçages (en mètres)',
      [
        textField('Tranchée longitudinale sous chaussée (m)', form.longitudinalTrenchUnderRoad),
        textField('Tranchée longitudinale sous trottoirs (m)', form.longitudinalTrenchUnderSidewalks),
        textField('Tranchée transversale sous chaussée (m)', form.transverseTrenchUnderRoad),
        textField('Tranchée transversale sous trottoirs (m)', form.transverseTrenchUnderSidewalks),
        textField('Fonçage sous chaussée (m)', form.drivingUnderRoad),
        textField('Fonçage sous trottoirs (m)', form.drivingUnderSidewalks),
      ],
    ],
    [
      'surface',
      'Aménagements de surface',
      [
        choicesField(
          "Équipements d'aménagement de surface",
          SURFACE_EQUIPMENT,
          splitList(form.surfacePlanningEquipment),
        ),
        textField('Autre aménagement (préciser)', form.surfacePlanningEquipmentOther),
      ],
    ],
    [
      'declarations',
      'Déclarations et ouvrages',
      [
        yesNoField('Déclaration de projet de travaux (DT) effectuée', form.workProjectDeclaration),
        textField('N° de téléservice', form.teleServiceNumber),
        yesNoField('Plan numérique déclaré', form.digitalPlanningDeclaration),
        checkField('Fibre optique (FTTH)', form.ftth),
        ...NETWORK_ITEMS.flatMap(([pose, deposit, label]) => [
          textField(`${label}, pose`, numberOf(form, pose)),
          textField(`${label}, dépose`, numberOf(form, deposit)),
        ]),
      ],
    ],
    [
      'contact',
      'Personne à contacter',
      [
        textField('Nom', form.contactLastName),
        textField('Prénom', form.contactFirstName),
        textField('Téléphone', form.contactPhone),
        textField('Télécopie', form.contactFax),
        textField('N° de dossier', form.contactFolderNumber),
        textField('Courriel', form.contactEmail),
      ],
    ],
    ['engagement', 'Attestation et signature', signatureFields(request)],
  ];
}

/** Cerfa 14023 filled with the request and its works form (empty zones when it has none). */
export function cerfa14023Form(request: Request): CerfaForm {
  const form: Form = request.cerfa1402301 ?? {};
  return {
    type: '14023',
    reference: 'cerfa n°14023*01',
    title: CERFA_14023_TITLE,
    // The printed form could not be read (shared/data/README.md): its references are not known.
    legalBasis: [],
    // The form has no alignment block: the alignment asked with the permission is a line.
    ...(request.individualAlignmentRequest
      ? { notes: [alignmentNote(request.individualAlignmentRequest)] }
      : {}),
    requestId: request.id,
    sections: numberedSections(sections(request, form)),
  };
}
