import { frenchLongDateTime, PUBLICATION_TEXTS } from '@voirie/domain';

/** The public acts pages' French texts. */
export const PUBLIC_ACTS_TEXTS = {
  title: PUBLICATION_TEXTS.listTitle,
  intro:
    'Les arrêtés de police de la circulation signés par la collectivité, publiés sous forme électronique, en entier et pour toujours : chacun a sa page, son PDF et son empreinte SHA-256.',
  searchForm: 'Rechercher parmi les actes publiés',
  search: 'Rechercher un acte',
  searchHelp: 'Numéro, objet ou commune',
  searchButton: 'Rechercher',
  town: 'Commune',
  allTowns: 'Toutes les communes',
  caption: 'Actes publiés, les plus récents d’abord',
  columns: { number: 'Numéro', subject: 'Objet', town: 'Commune', publishedAt: 'Publication' },
  count: (total: number) =>
    total === 0
      ? 'Aucun acte'
      : `${total.toLocaleString('fr-FR')} acte${total > 1 ? 's' : ''} publié${total > 1 ? 's' : ''}`,
  empty: 'Aucun acte publié ne correspond à la recherche.',
  loading: 'Chargement des actes publiés…',
  failed: 'Les actes publiés n’ont pas pu être chargés. Réessayez dans un instant.',
  publishedOn: (at: string) => `Publié le ${frenchLongDateTime(new Date(at))}`,
  actLink: (number: string) => `Arrêté n° ${number}`,
  works: 'Travaux en cours et à venir',
  signIn: 'Se connecter au portail',
  act: {
    title: (number: string) => `Arrêté n° ${number}`,
    pageTitle: (number: string) => `Arrêté n° ${number}`,
    subject: 'Objet',
    town: 'Commune',
    signatory: 'Signataire',
    signedOn: (at: string) => `Signé le ${frenchLongDateTime(new Date(at))}`,
    sha256: 'Empreinte SHA-256',
    sha256Help:
      'L’empreinte du PDF publié : recalculez-la sur le fichier téléchargé pour vérifier qu’il est intact.',
    sealed: 'Document scellé par le cachet électronique de la collectivité',
    notSealed: 'Document non scellé',
    pdfa: 'Format PDF/A (archivage)',
    late: PUBLICATION_TEXTS.late,
    download: 'Télécharger l’acte (PDF)',
    loading: 'Chargement de l’acte…',
    notPublished: 'Cet acte n’est pas publié.',
    notPublishedTitle: 'Acte non publié',
    backLink: 'Actes publiés',
  },
} as const;
