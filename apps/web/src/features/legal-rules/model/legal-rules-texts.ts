import { delayText, type LegalRuleView } from '@voirie/domain';

// The 'Délais légaux' page (docs/legal-deadlines.md).

type Delay = Pick<LegalRuleView, 'months' | 'days' | 'extendToWorkingDay'>;

/** What the authority's silence means once the delay has run out, in words. */
const SILENCE_TEXTS: Readonly<Record<LegalRuleView['silence'], string>> = {
  implicitRefusal: 'Décision implicite de rejet de la demande',
  worksMayStart:
    'Sans décision expresse, les travaux peuvent être exécutés à la date indiquée dans la demande',
  reminder: 'Rien n’est décidé : un rappel est envoyé',
};

export const LEGAL_RULES_TEXTS = {
  title: 'Délais légaux',
  intro:
    'Chaque type de demande a sa règle de délai, tirée des textes cités. Le délai démarre au dépôt du dossier complet, est suspendu pendant la complétude et redémarre à la réception des pièces.',
  newDelaysOnly:
    'Un délai modifié s’applique aux délais qui démarrent après son enregistrement : les demandes en cours gardent l’échéance annoncée au demandeur dans l’accusé de réception.',
  readOnly: 'Seul un administrateur peut modifier les délais.',
  notAllowed: 'Cette page est réservée aux instructeurs et aux administrateurs.',
  loadFailed: 'Les règles de délai n’ont pas pu être lues.',
  scope: 'Champ d’application',
  delay: 'Délai en vigueur',
  silence: 'Silence de l’administration',
  references: 'Références',
  lawDefault: 'Délai par défaut',
  silenceText: (silence: LegalRuleView['silence']) => SILENCE_TEXTS[silence],
  delayWords: (delay: Delay) =>
    `${delayText(delay)}${delay.extendToWorkingDay ? ', prolongé au jour ouvré suivant' : ''}`,
  edit: 'Modifier le délai',
  editLabel: (rule: string) => `Modifier le délai : ${rule}`,
  dialogTitle: (rule: string) => `Délai : ${rule}`,
  months: 'Mois',
  days: 'Jours',
  extendToWorkingDay: 'Prolonger au jour ouvré suivant',
  extendHint:
    'Un délai qui finit un samedi, un dimanche ou un jour férié finit le jour ouvré suivant (Code de procédure civile, art. 642).',
  save: 'Enregistrer',
  saved: 'Délai enregistré.',
} as const;
