import { ACTION_TEXTS } from '../model/instruction-actions';

// The applicant's works-phase texts (docs/screens.md, docs/workflow.md "Transitions",
// docs/validation.md "Reception dialogs"; docs/api-works.md). Notices come from the server; the
// ones here are the spec's, shown when an answer carries none.

export const RECEPTION_DIALOG_TEXTS = {
  title: 'Demande de réception des travaux',
  option: 'Mode de réception',
  accepted: (formats: string) => `Formats acceptés : ${formats}.`,
  submit: 'Valider',
  notice: 'Votre demande de réception a été envoyée.',
} as const;

export const APPOINTMENT_TEXTS = {
  title: ACTION_TEXTS.chooseAppointment,
  proposals: 'Rendez-vous proposés',
  none: 'Aucune disponibilité',
  submit: 'Valider',
  accepted: 'Rendez-vous accepté.',
  declined: 'Refus de rendez-vous effectué.',
} as const;

export const EXTENSION_TEXTS = {
  title: "Prolongation de l'autorisation des travaux",
  dateStart: 'Date de début',
  dateEnd: 'Date de fin',
  numberDays: 'Nombre de jours',
  numberDaysHint: 'Calculé : date de fin − date de début + 1 (jours calendaires).',
  submit: 'Valider',
  confirmTitle: 'Prolongation de la demande',
  confirmQuestion:
    "Êtes vous sûr de vouloir dupliquer cette demande pour prolonger l'autorisation des travaux ?",
  yes: 'Oui',
  no: 'Non',
  notice: 'La demande de prolongation a été créée.',
} as const;

export const CANCEL_WORKS_TEXTS = {
  title: ACTION_TEXTS.cancelWorks,
  question: 'Êtes-vous sûr de vouloir annuler les travaux ?',
  notice: 'Travaux annulés',
} as const;

export const COMMENTS_TEXTS = {
  open: 'Commentaires',
  title: 'Commentaires',
  empty: "Aucun commentaire n'a été écrit sur cette demande.",
  system: 'Système',
  loadFailed: 'Impossible de charger les commentaires.',
  close: 'Fermer',
} as const;

export const MANAGERS_TEXTS = {
  heading: 'Gestionnaires',
  instructor: 'Instructeur',
  roadManagers: 'Gestionnaires de voirie',
  noInstructor: 'Aucun instructeur attribué',
  noRoadManager: 'Aucun gestionnaire de voirie',
  loadFailed: 'Impossible de charger les gestionnaires.',
  /** The link's name starts with the address it shows (WCAG 2.5.3), then says to whom. */
  mailTo: (name: string, email: string) => `${email} : écrire à ${name}`,
} as const;

export const DELETE_DOCUMENT_TEXTS = {
  button: (name: string) => `Supprimer ${name}`,
  label: 'Supprimer',
  title: 'Supprimer la pièce',
  question: (name: string) => `Êtes-vous sûr de vouloir supprimer la pièce « ${name} » ?`,
  yes: 'Oui',
  no: 'Non',
} as const;
