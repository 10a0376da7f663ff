import { USER_ADMIN_MESSAGES } from '@voirie/domain';

/** Texts of the users list (docs/screens.md "Users list"): the spec's own words where it gives them. */
export const USERS_TEXTS = {
  title: (total: number | undefined) =>
    total === undefined
      ? USER_ADMIN_MESSAGES.listTitle
      : `${USER_ADMIN_MESSAGES.listTitle} (${String(total)})`,
  readOnly: USER_ADMIN_MESSAGES.readForbidden,
  newUser: 'Nouvel utilisateur',
  searchRegion: 'Recherche d’utilisateurs',
  tableLabel: 'Utilisateurs',
  columns: {
    id: 'N°',
    firstName: 'Prénom',
    lastName: 'Nom',
    email: 'Email',
    phone: 'Téléphone',
    role: 'Rôle',
  },
  actions: 'Actions',
  edit: (name: string) => `Modifier ${name}`,
  view: (name: string) => `Voir ${name}`,
  remove: (name: string) => `Supprimer ${name}`,
  resend: (name: string) => `Renvoyer un lien de réinitialisation à ${name}`,
  empty: 'Aucun utilisateur',
  loadFailed: 'La liste des utilisateurs n’a pas pu être chargée.',
  rowsPerPage: 'Lignes par page',
  displayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
    `${String(from)}–${String(to)} sur ${String(count)}`,
  deleteConfirm: USER_ADMIN_MESSAGES.deleteConfirm,
  resetConfirm: USER_ADMIN_MESSAGES.resetConfirm,
  deleteButton: 'Supprimer',
  resendButton: 'Envoyer',
  cancel: 'Annuler',
  // A guichet's « demande d'extension de périmètre ».
  pendingFilter: "Demandes d'extension de périmètre en attente",
  pendingMarker: 'Extension demandée',
  pendingMarkerTitle: (name: string) => `${name} attend une décision sur sa demande d'extension de périmètre`,
  requestTitle: "Demande d'extension de périmètre",
  requestSent: (day: string) => `Envoyée le ${day}. Périmètres demandés :`,
  requestAdded: 'ajouté',
  requestRemoved: (names: string) => `Retirés par la demande : ${names}.`,
  approve: "Accorder l'extension",
  refuse: 'Refuser la demande',
  approveConfirm: 'Voulez-vous vraiment accorder cette extension de périmètre ?',
  refuseConfirm: "Voulez-vous vraiment refuser cette demande d'extension de périmètre ?",
} as const;

/**
 * Above 999 the id label is drawn smaller, so that four digits and more still fit (docs/screens.md
 * "Users list").
 */
export function idLabelFontSize(id: number): string {
  return id > 999 ? '0.75rem' : '0.875rem';
}

/** A user's name as the list's action labels say it: first and last name, else the e-mail. */
export function userDisplayName(user: {
  firstName?: string | null;
  lastName?: string | null;
  email: string;
}) {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}
