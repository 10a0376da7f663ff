/** The documents page's French texts (the domain's LIBRARY_MESSAGES hold the shared ones). */
export const DOCUMENTS_TEXTS = {
  intro:
    'Documents de référence pour préparer vos demandes : règlement de voirie, guides et formulaires vierges à télécharger.',
  add: "Ajout d'un document",
  titleField: 'Titre',
  category: 'Catégorie',
  chooseCategory: 'Choisir une catégorie',
  file: 'Fichier',
  save: 'Ajouter',
  download: 'Télécharger',
  delete: 'Supprimer',
  deleteTitle: 'Voulez-vous vraiment supprimer ce document ?',
  cancel: 'Annuler',
  added: (date: string) => `ajouté le ${date}`,
} as const;

/** '1,2 Mo', '350 Ko': a file size as French users read it. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024)
    return `${(Math.round((bytes / (1024 * 1024)) * 10) / 10).toLocaleString('fr-FR')} Mo`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('fr-FR')} Ko`;
}
