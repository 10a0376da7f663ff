/**
 * The recipients screen's words (docs/api-recipients.md "The screen", docs/screens.md "Notices and
 * errors"); the spec's own where it gives them.
 */
export const RECIPIENTS_TEXTS = {
  title: 'Gestion des destinataires',
  adminOnly: 'La gestion des destinataires est réservée aux administrateurs.',
  extraContacts: 'Contacts supplémentaires',
  contacts: 'Contacts',
  commune: 'Commune',
  email: 'Email',
  mailMairie: 'Email mairie',
  mailPM: 'Email police municipale',
  actions: 'Actions',
  add: 'Ajouter',
  addTitle: 'Ajouter un contact',
  save: 'Enregistrer',
  cancel: 'Annuler',
  deleteTitle: 'Supprimer le contact',
  deleteConfirm: 'Voulez vous vraiment supprimer ce contact ?',
  deleteButton: 'Supprimer',
  deleteLabel: (email: string) => `Supprimer le contact ${email}`,
  editLabel: (commune: string) => `Modifier les e-mails de ${commune}`,
  editTitle: (commune: string) => `E-mails de ${commune}`,
  /** docs/api-recipients.md "The screen", docs/screens.md "Notices and errors": the notice after an edit. */
  mailsUpdated: 'email modifié',
  contactAdded: 'Contact ajouté.',
  contactDeleted: 'Contact supprimé.',
  noContact: 'Aucun contact supplémentaire.',
  notSet: 'Non renseigné',
  noOption: 'Aucune commune',
  loadFailed: "La liste n'a pas pu être chargée.",
} as const;
