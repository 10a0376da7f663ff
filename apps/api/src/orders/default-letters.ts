import { APPEAL_NOTICE } from '@voirie/domain';
import {
  article,
  right,
  signature,
  SIGNATORY,
  subtitle,
  title,
  whenSet,
  type Paragraph,
} from './docx-builder.ts';

// The default letters (modele 6–10): formal notice, reception minutes, road-disturbance
// minutes. They merge the request's flattened fields and the reception's (orders/letter-fields.ts),
// documented in docs/templates.md; an administrator may replace them on /modeles.

const ADDRESSEE: Paragraph[] = [
  right('{demandeur_nom}'),
  right('{demandeur_adresse}'),
  right('{demandeur_code_postal} {demandeur_commune}'),
  right('Le {date_du_jour}'),
];

const REFERENCES: Paragraph[] = [
  'Demande n° {numero}{#numero_affaire} – affaire {numero_affaire}{/numero_affaire}',
  'Localisation des travaux : {localisation}',
  '{#adresses}',
  'Adresse complémentaire : {localisation}',
  '{/adresses}',
  'Période des travaux : du {date_debut} au {date_fin}',
];

/** The road-disturbance minutes are signed by the authority, by its title. */
const AUTHORITY: Paragraph[] = [signature('Le Président,')];

/** The permission's holder, and its applicant when the request names a beneficiary. */
const HOLDER: Paragraph[] = [
  'Bénéficiaire : {titulaire_designation}',
  ...whenSet('beneficiaire_nom', 'Demandeur : {demandeur_designation}'),
];

/** The refusal's reasons, one paragraph each (the loop's tags stand alone: no empty line). */
const REASONS: Paragraph[] = ['{#motifs}', '– {texte}', '{/motifs}'];

const minutes = (heading: string, observations: string): Paragraph[] => [
  title(heading),
  subtitle('{type_demande} – {commune}'),
  ...REFERENCES,
  ...HOLDER,
  ...whenSet('rendez_vous', 'Rendez-vous sur place : {rendez_vous}'),
  ...whenSet('date_visite', 'Date de la visite : {date_visite}'),
  article('Constat'),
  observations,
  ...whenSet('parties_domaine_public', 'Parties du domaine public concernées : {parties_domaine_public}'),
  ...whenSet(
    'reception_refusee',
    'Les travaux ne sont pas conformes, pour les raisons suivantes :',
    ...REASONS,
  ),
  article('Conclusion'),
  'Avis : {avis}. Réception prononcée : {conclusion}.',
  'Fait le {date_du_jour}, par {instructeur}.',
  signature('Pour le gestionnaire de la voirie,'),
  signature('Le bénéficiaire,'),
];

/** 6: formal notice after a refused reception. */
const FORMAL_NOTICE: Paragraph[] = [
  ...ADDRESSEE,
  'Objet : mise en demeure – travaux sur le domaine public routier',
  'Lettre recommandée avec accusé de réception',
  ...REFERENCES,
  'Madame, Monsieur,',
  "Lors de la réception des travaux que vous avez réalisés au droit de {localisation} à {commune}, il a été constaté qu'ils ne sont pas conformes aux prescriptions de la permission de voirie qui vous a été délivrée :",
  ...REASONS,
  ...whenSet('date_visite', 'Constat établi lors de la visite du {date_visite}.'),
  ...whenSet('commentaire_decision', 'Rappel des prescriptions : {commentaire_decision}'),
  "En conséquence, je vous mets en demeure de procéder à la remise en état du domaine public dans un délai d'un mois à compter de la réception de la présente lettre. À défaut, les travaux nécessaires seront exécutés d'office à vos frais, conformément à l'article L. 141-11 du Code de la voirie routière.",
  APPEAL_NOTICE,
  "Je vous prie d'agréer, Madame, Monsieur, l'expression de mes salutations distinguées.",
  // An act: its signatory by name and « Fonction » (docs/acts.md « Signatory »).
  ...SIGNATORY,
];

export const DEFAULT_LETTERS: Readonly<Record<6 | 7 | 8 | 9 | 10, readonly Paragraph[]>> = {
  6: FORMAL_NOTICE,
  7: minutes(
    'Procès-verbal de réception des travaux – Accès',
    "Le gestionnaire de la voirie a procédé, en présence du bénéficiaire, à la visite de l'accès aménagé : raccordement à la chaussée, busage du fossé, écoulement des eaux pluviales et remise en état des abords.",
  ),
  8: minutes(
    'Procès-verbal de réception des travaux sur photographies',
    'Le gestionnaire de la voirie a examiné les photographies des travaux transmises par le bénéficiaire.',
  ),
  9: minutes(
    'Procès-verbal de réception des travaux',
    'Le gestionnaire de la voirie a procédé, en présence du bénéficiaire, à la visite des travaux : réfection des tranchées, signalisation horizontale et remise en état du domaine public.',
  ),
  10: [
    title('Procès-verbal de perturbation de voirie'),
    subtitle('{type_demande} – {commune}'),
    ...REFERENCES,
    ...HOLDER,
    article('Constat'),
    'Le {perturbation_date}, {perturbation_temoin} a constaté, après la réception des travaux, une perturbation de la voirie au droit des travaux autorisés.',
    'Description : {perturbation_constat}',
    ...whenSet('perturbation_lieu', 'Lieu : {perturbation_lieu}'),
    article('Suites'),
    "Le bénéficiaire est invité à procéder à la reprise des désordres constatés dans un délai d'un mois à compter de la notification du présent procès-verbal.",
    'Fait le {date_du_jour}.',
    ...AUTHORITY,
  ],
};
