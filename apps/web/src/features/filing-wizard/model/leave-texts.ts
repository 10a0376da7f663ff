/** The words of leaving the wizard and of its draft. */
export const LEAVE_TEXTS = {
  title: 'Quitter sans enregistrer ?',
  draftText:
    'Vos dernières saisies ne sont pas encore enregistrées dans vos brouillons. Si vous quittez maintenant, elles seront perdues.',
  updateText:
    'Les modifications apportées à cette demande ne sont pas envoyées. Si vous quittez maintenant, elles seront perdues.',
  stay: 'Rester sur la page',
  leave: 'Quitter sans enregistrer',
  saveAndLeave: 'Enregistrer et quitter',
  saveFailed: "Le brouillon n'a pas pu être enregistré.",
  saving: 'Enregistrement du brouillon…',
  saved: (time: string) => `Brouillon enregistré à ${time}.`,
  notSaved: (reason: string) => `Brouillon non enregistré : ${reason}`,
  filesNote:
    'Les pièces jointes ne sont pas conservées dans le brouillon : si vous quittez la saisie, il faudra les ajouter de nouveau.',
  resumeFailed: "Ce brouillon n'a pas pu être ouvert.",
} as const;
