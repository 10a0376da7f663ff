import { APPEAL_NOTICE } from '@voirie/domain';
import {
  article,
  heading,
  right,
  signature,
  SIGNATORY,
  subtitle,
  title,
  whenSet,
  type Paragraph,
} from './docx-builder.ts';

// The default orders (modele 1–5). Plain French administrative wording an administrator is
// expected to adapt (the authority); the signatory is the one chosen at generation. The
// placeholders are those of docs/templates.md.

const HEADER: Paragraph[] = [
  right('Demande n° {numero}{#numero_affaire} – affaire {numero_affaire}{/numero_affaire}'),
  right('Reçue le {date_depot}'),
];

const VU_COMMON: Paragraph[] = [
  'Le Président,',
  'Vu le Code général des collectivités territoriales ;',
  'Vu le Code de la voirie routière ;',
  'Vu le Code général de la propriété des personnes publiques, notamment ses articles L. 2122-1 et suivants ;',
];

const SECONDARY_ADDRESSES: Paragraph[] = [
  '{#adresses}',
  'La présente décision vaut également au droit de {localisation}{#prescription} : {prescription}{/prescription}.',
  '{/adresses}',
];

const OBSERVATIONS: Paragraph[] = whenSet('commentaire_decision', 'Observations : {commentaire_decision}');

/** Who asked, and for whom when a beneficiary is named: the opening of each « Vu la demande ». */
const ASKED_BY =
  'par {demandeur_designation}{#beneficiaire_nom}, pour le compte de {beneficiaire_designation}{/beneficiaire_nom}';

/** The decision's annexes, when the instructor joins them (doAnnexe). */
const ANNEXES: Paragraph[] = whenSet(
  'annexes_liste',
  article('Annexes'),
  'Sont annexés au présent arrêté :',
  '{#annexes}',
  '– Annexe {numero} : {nom}',
  '{/annexes}',
);

/** The appeal of a notified decision: the domain's one wording (APPEAL_NOTICE). */
const RECOURS = (n: number): Paragraph[] => [
  article(`Article ${String(n)} – Voies et délais de recours`),
  APPEAL_NOTICE,
];

/** The traffic order's: a regulatory act, published rather than notified. */
const TRAFFIC_RECOURS = (n: number): Paragraph[] => [
  article(`Article ${String(n)} – Voies et délais de recours`),
  "Le présent arrêté peut faire l'objet d'un recours gracieux auprès de son auteur ou d'un recours contentieux devant le tribunal administratif compétent dans un délai de deux mois à compter de sa notification. Le tribunal administratif peut être saisi par l'application « Télérecours citoyens » accessible sur le site www.telerecours.fr.",
];

/** Notified to the applicant and the beneficiary, copied to the recipients; `executors` charged with it first. */
const EXECUTION = (n: number, executors = ''): Paragraph[] => [
  article(`Article ${String(n)} – Exécution`),
  `${executors}Le présent arrêté sera notifié à {demandeur_nom}{#beneficiaire_nom} et à {beneficiaire_nom}{/beneficiaire_nom}.`,
  '{#destinataires}',
  'Copie en sera adressée à {nom} ({mail}).',
  '{/destinataires}',
];

/** The annexes, the date, then who signs: its names and « Fonction » (docs/acts.md « Signatory »). */
const SIGNATURE: Paragraph[] = [...ANNEXES, signature('Fait le {date_du_jour},'), ...SIGNATORY];

/** Works prescriptions common to the favourable permissions (articles 3 to 6). */
const PERMISSION_CONDITIONS: Paragraph[] = [
  article('Article 3 – Signalisation'),
  "La signalisation du chantier est mise en place et entretenue par le bénéficiaire, conformément à l'instruction interministérielle sur la signalisation routière (huitième partie, signalisation temporaire).",
  article('Article 4 – Remise en état'),
  "À l'achèvement des travaux, le bénéficiaire remet les lieux dans leur état initial et informe le gestionnaire de la voirie afin qu'il soit procédé à la réception des travaux.",
  article('Article 5 – Responsabilité'),
  'Le bénéficiaire est responsable de tout accident ou dommage pouvant résulter de ses travaux ou de ses installations. Les droits des tiers sont et demeurent expressément réservés.',
  article('Article 6 – Validité'),
  "La présente permission est délivrée à titre précaire et révocable. Elle devient caduque si les travaux ne sont pas commencés dans un délai d'un an à compter de sa notification.",
];

const optionalLine = (key: string, label: string): Paragraph[] => whenSet(key, `${label} : {${key}}`);

/** The coordination with other works the instructor prescribes, when there is one. */
const COORDINATION: Paragraph[] = optionalLine('prescription_coordination', 'Coordination des travaux');

/** The closing articles from article `n`: recourse, then execution, then the signature. */
const CLOSING = (n: number): Paragraph[] => [...RECOURS(n), ...EXECUTION(n + 1), ...SIGNATURE];

/** What sets a favourable road permission (1, 3) apart: its works, and the decision's fields (article 2). */
interface PermissionWording {
  subtitle: string;
  request: string;
  considering: string;
  authorisation: string;
  /** The fields printed as « label : value » when set, each as [field, label]. */
  prescriptions: readonly (readonly [string, string])[];
}

const favourablePermission = (wording: PermissionWording): Paragraph[] => [
  ...HEADER,
  title('Arrêté portant permission de voirie'),
  subtitle(wording.subtitle),
  ...VU_COMMON,
  'Vu le règlement de voirie en vigueur ;',
  wording.request,
  "Vu l'avis {decision} du service instructeur ;",
  wording.considering,
  heading('ARRÊTE'),
  article('Article 1 – Autorisation'),
  wording.authorisation,
  ...SECONDARY_ADDRESSES,
  article('Article 2 – Durée et prescriptions techniques'),
  'Les travaux sont réalisés du {date_debut} au {date_fin}.',
  ...wording.prescriptions.flatMap(([key, label]) => optionalLine(key, label)),
  ...COORDINATION,
  ...OBSERVATIONS,
  ...PERMISSION_CONDITIONS,
  ...CLOSING(7),
];

/** 1: road permission for networks, favourable. */
const NETWORKS_FAVOURABLE = favourablePermission({
  subtitle: 'Travaux sur réseaux – {commune}',
  request: `Vu la demande présentée le {date_depot} ${ASKED_BY}, en vue d'exécuter des travaux{#nature_travaux} ({nature_travaux}){/nature_travaux} au droit de {localisation} ;`,
  considering: "Considérant qu'il y a lieu d'autoriser ces travaux sous réserve des prescriptions ci-après ;",
  authorisation:
    '{titulaire_nom}, ci-après dénommé le bénéficiaire, est autorisé à occuper le domaine public routier pour exécuter les travaux décrits dans la demande au droit de {localisation}{#projet} (projet : {projet}){/projet}. Décision : {decision}.',
  prescriptions: [
    ['cerfa_network_connection', 'Réseaux concernés'],
    ['cerfa_decision_roadway_trench', 'Tranchée sous chaussée'],
    ['cerfa_decision_roadway_trench_recommended', 'Réfection de chaussée préconisée'],
    ['cerfa_decision_sidewalk_trench', 'Tranchée sous trottoir'],
    ['cerfa_decision_sidewalk_trench_recommended', 'Réfection de trottoir préconisée'],
    ['cerfa_decision_shoulder_virgin_land_trench', 'Tranchée sous accotement'],
    ['cerfa_decision_shoulder_virgin_land_trench_recommended', "Réfection d'accotement préconisée"],
    ['cerfa_decision_refections', 'Réfections'],
    ['cerfa_decision_sinking', 'Fonçage'],
    ['cerfa_decision_horizontal_signage', 'Reprise de la signalisation horizontale'],
    ['cerfa_decision_facilities_info', 'Informations sur les ouvrages'],
    ['cerfa_aerien', 'Réseau aérien'],
  ],
});

/** 3: road permission for an access or a fence, favourable. */
const ACCESS_FAVOURABLE = favourablePermission({
  subtitle: "Création ou aménagement d'un accès – {commune}",
  request: `Vu la demande présentée le {date_depot} ${ASKED_BY}, en vue de l'aménagement d'un accès au droit de {localisation}, parcelle(s) {parcelles} ;`,
  considering:
    "Considérant qu'il y a lieu d'autoriser cet aménagement sous réserve des prescriptions ci-après ;",
  authorisation:
    '{titulaire_nom}, ci-après dénommé le bénéficiaire, est autorisé à aménager un accès sur le domaine public routier au droit de {localisation}. Décision : {decision}.',
  prescriptions: [
    ['cerfa_decision_access_edl', 'État des lieux'],
    ['cerfa_decision_access_portail_open', 'Ouverture du portail'],
    ['cerfa_decision_access_retournement', 'Aire de retournement'],
    ['cerfa_decision_access_remise_etat_dp', 'Remise en état du domaine public'],
    ['cerfa_decision_access_eaux_pluviales', 'Eaux pluviales'],
    ['cerfa_decision_access_fosse', 'Busage du fossé'],
    ['cerfa_decision_access_fosse_diametre', 'Diamètre de la buse (mm)'],
    ['cerfa_decision_rejet_eu', 'Rejet des eaux'],
    ['cerfa_decision_surfacem2', 'Surface imperméabilisée (m²)'],
    ['cerfa_decision_debit_ls', 'Débit de fuite (l/s)'],
  ],
});

/** 4: refusal of a road permission (either kind). */
const PERMISSION_REFUSAL: Paragraph[] = [
  ...HEADER,
  title('Arrêté portant refus de permission de voirie'),
  subtitle('{type_demande} – {commune}'),
  ...VU_COMMON,
  'Vu le règlement de voirie en vigueur ;',
  `Vu la demande présentée le {date_depot} ${ASKED_BY}, pour des travaux au droit de {localisation} ;`,
  "Vu l'avis {decision} du service instructeur ;",
  ...whenSet('motifs_refus', 'Considérant les motifs suivants : {motifs_refus} ;'),
  heading('ARRÊTE'),
  article('Article 1 – Refus'),
  'La permission de voirie sollicitée par {demandeur_nom}{#beneficiaire_nom} pour le compte de {beneficiaire_nom}{/beneficiaire_nom} pour des travaux au droit de {localisation} ({commune}) est refusée. Décision : {decision}.',
  ...SECONDARY_ADDRESSES,
  ...OBSERVATIONS,
  ...CLOSING(2),
];

/** The alignment order's number, when the instructor gave one. */
const ORDER_NUMBER = '{#numero_arrete_alignement} n° {numero_arrete_alignement}{/numero_arrete_alignement}';

const ALIGNMENT_VU: Paragraph[] = [
  ...VU_COMMON,
  'Vu le Code de la voirie routière, notamment ses articles L. 112-1 à L. 112-8 ;',
  `Vu la demande d'alignement présentée le {date_depot} ${ASKED_BY}, pour la propriété sise {localisation}, cadastrée section {sections}, parcelle(s) {parcelles}{#motif_demande} (motif : {motif_demande}){/motif_demande} ;`,
  ...whenSet('dossier_urbanisme', "Vu l'autorisation d'urbanisme : {dossier_urbanisme} ;"),
  "Vu l'avis {decision} du service instructeur ;",
];

/** 2: individual alignment, favourable. */
const ALIGNMENT_FAVOURABLE: Paragraph[] = [
  ...HEADER,
  title(`Arrêté d'alignement individuel${ORDER_NUMBER}`),
  subtitle('{localisation}'),
  ...ALIGNMENT_VU,
  "Considérant l'état des lieux et les limites de fait de la voie publique au droit de la propriété ;",
  heading('ARRÊTE'),
  article('Article 1 – Alignement'),
  "L'alignement de la voie publique au droit de la propriété de {titulaire_nom}, sise {localisation}, est fixé comme suit. Décision : {decision}.",
  '{#rues}',
  '{nom}{#competence} ({competence}){/competence} :',
  '{#points}',
  '– point {nom}{#type} ({type}){/type} : {distance} m',
  '{/points}',
  '{/rues}',
  ...SECONDARY_ADDRESSES,
  article('Article 2 – Portée'),
  "Le présent arrêté ne vaut pas autorisation d'urbanisme ni permission de voirie : le bénéficiaire sollicite, le cas échéant, les autorisations nécessaires avant tous travaux. Les droits des tiers sont et demeurent expressément réservés.",
  ...OBSERVATIONS,
  ...CLOSING(3),
];

/** 5: refusal to deliver an alignment. */
const ALIGNMENT_REFUSAL: Paragraph[] = [
  ...HEADER,
  title(`Arrêté portant refus de délivrance d'alignement individuel${ORDER_NUMBER}`),
  subtitle('{localisation}'),
  ...ALIGNMENT_VU,
  ...whenSet('motif_hors_competence', 'Considérant que {motif_hors_competence} ;'),
  heading('ARRÊTE'),
  article('Article 1 – Refus'),
  "La délivrance de l'alignement individuel sollicitée par {demandeur_nom}{#beneficiaire_nom} pour le compte de {beneficiaire_nom}{/beneficiaire_nom} pour la propriété sise {localisation} ({commune}) est refusée. Décision : {decision}.",
  ...OBSERVATIONS,
  ...CLOSING(2),
];

export const DEFAULT_ORDERS: Readonly<Record<1 | 2 | 3 | 4 | 5, readonly Paragraph[]>> = {
  1: NETWORKS_FAVOURABLE,
  2: ALIGNMENT_FAVOURABLE,
  3: ACCESS_FAVOURABLE,
  4: PERMISSION_REFUSAL,
  5: ALIGNMENT_REFUSAL,
};

/** A regulation line printed only when its field is set. */
const measure = (key: string, sentence: string): Paragraph[] => whenSet(key, sentence);

/**
 * The traffic-police order (arrêté de police de la circulation): the temporary
 * regulation of traffic during the works of a permission, from the request's cerfa 14024 as the
 * instructor completed it (`circulation_…` fields, docs/templates.md). The police of traffic is
 * the mayor's (CGCT L2213-1) unless it was transferred to the community's president (CGCT
 * L5211-9-2): the administrator adapts the authority. The signed order is
 * published on the public works page: it is merged from reference data, fixed words and the
 * instructor's wording only (flatten-traffic.ts) — no person, no address typed.
 */
export const DEFAULT_TRAFFIC_ORDER: readonly Paragraph[] = [
  ...HEADER,
  title('Arrêté de police de la circulation'),
  subtitle('Réglementation temporaire de la circulation et du stationnement – {commune}'),
  'Le Président,',
  'Vu le Code général des collectivités territoriales, notamment ses articles L. 2213-1 à L. 2213-6-1 et L. 5211-9-2 ;',
  'Vu le Code de la route, notamment ses articles L. 411-1 à L. 411-7, R. 411-8, R. 411-25 et R. 417-10 ;',
  'Vu le Code de la voirie routière ;',
  "Vu l'arrêté interministériel du 24 novembre 1967 modifié relatif à la signalisation des routes et des autoroutes ;",
  "Vu l'instruction interministérielle sur la signalisation routière, notamment sa huitième partie relative à la signalisation temporaire ;",
  "Vu la demande d'arrêté de police de la circulation (cerfa n° 14024*01) présentée le {date_depot} par {circulation_demandeur}, pour des travaux situés {circulation_lieu} ;",
  'Vu la permission de voirie délivrée pour ces travaux (demande n° {numero}){#circulation_permission_anterieure} et la permission de voirie délivrée antérieurement{/circulation_permission_anterieure} ;',
  "Considérant que l'exécution de ces travaux{#circulation_description} ({circulation_description}){/circulation_description} impose de réglementer temporairement la circulation et le stationnement, afin d'assurer la sécurité des usagers de la voie publique et des personnes intervenant sur le chantier ;",
  heading('ARRÊTE'),
  article('Article 1 – Objet, lieu et durée'),
  "La circulation et le stationnement sont réglementés dans les conditions fixées à l'article 2 au droit du chantier situé {circulation_lieu}{#circulation_voie}, {circulation_voie}{/circulation_voie}{#pr_debut}, du PR {pr_debut}{#pr_fin} au PR {pr_fin}{/pr_fin}{/pr_debut}, à compter du {circulation_date_debut}{#circulation_duree} et pour une durée de {circulation_duree} jour(s) calendaire(s), soit jusqu'au {circulation_date_fin} inclus{/circulation_duree}.",
  article('Article 2 – Prescriptions'),
  ...measure('circulation_sens', 'Sens de circulation concerné : {circulation_sens}.'),
  ...measure('circulation_fermeture', 'La voie est fermée à la circulation pendant la durée des travaux.'),
  ...measure(
    'circulation_basculement',
    'La circulation est basculée sur la chaussée opposée au droit du chantier.',
  ),
  ...measure('circulation_alternee', 'La circulation est alternée {circulation_alternee}.'),
  ...measure('circulation_restrictions', 'Restrictions : {circulation_restrictions}.'),
  ...measure(
    'circulation_largeur_maintenue',
    'Une largeur de voie de {circulation_largeur_maintenue} m est maintenue à la circulation.',
  ),
  ...measure(
    'circulation_voies_supprimees',
    'Nombre de voies neutralisées : {circulation_voies_supprimees}.',
  ),
  ...measure(
    'circulation_interdiction_circuler',
    'Interdiction de circuler : {circulation_interdiction_circuler}.',
  ),
  ...measure(
    'circulation_interdiction_stationner',
    "Interdiction de stationner : {circulation_interdiction_stationner} ; tout véhicule en infraction est considéré comme gênant au sens de l'article R. 417-10 du Code de la route et peut être mis en fourrière.",
  ),
  ...measure(
    'circulation_interdiction_depasser',
    'Interdiction de dépasser : {circulation_interdiction_depasser}.',
  ),
  ...measure(
    'circulation_vitesse',
    'La vitesse est limitée à {circulation_vitesse} km/h au droit du chantier.',
  ),
  ...measure('circulation_deviation_prevue', 'Une déviation est mise en place et signalée sur place.'),
  ...measure('circulation_deviation', 'Itinéraire de déviation : {circulation_deviation}'),
  ...measure('circulation_autres_prescriptions', 'Autres prescriptions : {circulation_autres_prescriptions}'),
  article('Article 3 – Signalisation'),
  "La signalisation temporaire du chantier est mise en place, entretenue et retirée par {circulation_signalisation}, conformément à l'instruction interministérielle sur la signalisation routière. Les prescriptions du présent arrêté sont applicables dès la mise en place de cette signalisation.",
  article('Article 4 – Responsabilité'),
  "Le bénéficiaire de la permission est responsable de tout accident ou dommage pouvant résulter d'un défaut ou d'une insuffisance de la signalisation du chantier. Les droits des tiers sont et demeurent expressément réservés.",
  article('Article 5 – Publication et affichage'),
  'Le présent arrêté est publié sous forme électronique sur le site internet de la collectivité, où il demeure accessible (articles L. 2131-1 et R. 2131-1 du Code général des collectivités territoriales). Il est affiché aux extrémités du chantier pendant toute sa durée.',
  ...TRAFFIC_RECOURS(6),
  // Its own execution article: a published act notifies « the applicant » by what may be
  // published of them, and lists no recipient's name or e-mail.
  article('Article 7 – Exécution'),
  'Le directeur général des services, la police municipale de {commune}, la brigade de gendarmerie territorialement compétente et le bénéficiaire sont chargés, chacun en ce qui le concerne, de son exécution. Le présent arrêté sera notifié au demandeur ({circulation_demandeur}) et transmis à la police municipale de {commune}.',
  ...SIGNATURE,
];
