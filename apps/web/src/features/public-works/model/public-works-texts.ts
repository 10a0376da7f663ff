import { PUBLIC_WORKS_LICENCE } from '@voirie/domain';

/** The public works pages' French texts. */
export const PUBLIC_WORKS_TEXTS = {
  title: 'Travaux en cours et à venir',
  intro:
    'Les chantiers autorisés sur les voies de la communauté de communes : où, quand, pour quel opérateur de réseau, et ce qu’ils changent pour la circulation.',
  signIn: 'Se connecter au portail',
  publishedActs: 'Actes publiés',
  openData: 'Données ouvertes : GeoJSON, CSV et description des champs',
  downloadGeoJson: 'Télécharger en GeoJSON',
  downloadCsv: 'Télécharger en CSV',
  filters: 'Filtrer les travaux',
  town: 'Commune',
  allTowns: 'Toutes les communes',
  status: 'Période',
  allStatuses: 'En cours et à venir',
  map: 'Carte des travaux en cours et à venir',
  table: 'Liste des travaux en cours et à venir',
  loading: 'Chargement des travaux…',
  failed: 'Les travaux n’ont pas pu être chargés. Réessayez dans un instant.',
  truncated: 'Seuls les premiers travaux, les plus proches, sont affichés : choisissez une commune.',
  count: (count: number) =>
    count === 0 ? 'Aucun chantier' : `${count.toLocaleString('fr-FR')} chantier${count > 1 ? 's' : ''}`,
  onMap: (count: number) =>
    count === 0
      ? 'Aucun chantier sur la carte'
      : `${count.toLocaleString('fr-FR')} chantier${count > 1 ? 's' : ''} sur la carte`,
  locate: (place: string) => `Voir sur la carte : ${place}`,
  /** The signed traffic-police order of a works site, a link per row. */
  trafficOrder: 'Arrêté de police de la circulation (PDF)',
  trafficOrderOf: (place: string) => `Arrêté de police de la circulation (PDF) : ${place}`,
  /** Once published, the link leads to the act's page (its stamp, its hash), not to a PDF. */
  publishedTrafficOrder: 'Arrêté de police de la circulation publié',
  publishedTrafficOrderOf: (place: string) => `Arrêté de police de la circulation publié : ${place}`,
  columns: {
    place: 'Lieu',
    nature: 'Nature',
    dates: 'Dates',
    status: 'Statut',
    operator: 'Opérateur',
    impact: 'Circulation',
    order: 'Arrêté',
    map: 'Carte',
  },
  period: (from: string, to: string) => (from === to ? `Le ${from}` : `Du ${from} au ${to}`),
  approximate: 'Emplacement approché (à environ 100 m)',
  fields: {
    title: 'Données ouvertes des travaux',
    intro:
      'Les travaux en cours et à venir publiés sur la carte sont téléchargeables, pour tout usage, aux formats GeoJSON et CSV. Cette page décrit les adresses, les champs et la licence.',
    urls: 'Adresses',
    urlsIntro:
      'Deux adresses, les mêmes travaux et les mêmes filtres, tous facultatifs : bbox=minLon,minLat,maxLon,maxLat (degrés, EPSG:4326) limite à une zone ; from et to (AAAA-MM-JJ) gardent les travaux dont la période rencontre ces dates. Les travaux les plus proches viennent d’abord, 1 000 au plus.',
    example: 'Exemple',
    licence: 'Licence',
    licenceText: `Les données sont publiées sous la ${PUBLIC_WORKS_LICENCE.name} d’Etalab : vous pouvez les copier, les modifier et les réutiliser librement, y compris à des fins commerciales, en mentionnant leur source (la communauté de communes) et la date de leur dernière mise à jour.`,
    licenceLink: `Texte de la ${PUBLIC_WORKS_LICENCE.name}`,
    fieldsTitle: 'Champs',
    fieldsCaption: 'Les champs des travaux publiés (propriétés GeoJSON et colonnes CSV)',
    field: 'Champ',
    description: 'Description',
    formats: 'Formats',
    formatItems: [
      'GeoJSON (RFC 7946, EPSG:4326) : une FeatureCollection ; chaque Feature porte son identifiant, sa géométrie (l’emprise des travaux d’un opérateur de réseau, sinon un point approché) et les champs ci-dessous. La collection indique la licence, le producteur, le jour des données (date_donnees) et si la liste a été tronquée (tronque).',
      'CSV : UTF-8 avec BOM, séparateur « ; », une ligne d’en-tête avec les noms des champs, dates AAAA-MM-JJ, une ligne par chantier, les coordonnées du chantier en dernières colonnes.',
    ],
    never: 'Ce qui n’est jamais publié',
    neverItems: [
      'le demandeur, le bénéficiaire, leur représentant ou leur interlocuteur : ni nom, ni courriel, ni téléphone, ni adresse ;',
      'le numéro dans la rue, et l’emprise exacte des travaux qui ne sont pas ceux d’un opérateur de réseau (ils peuvent être ceux d’un particulier : leur emplacement est arrondi à environ 100 m) ;',
      'les textes libres des formulaires (description, itinéraire de déviation, prescriptions) : l’impact sur la circulation est une phrase choisie parmi des libellés fixes ;',
      'le numéro du dossier et son identifiant interne : l’identifiant publié ne permet pas de les retrouver (seul l’arrêté de police de la circulation publié cite la permission qu’il accompagne ; il ne nomme ni un particulier ni le numéro dans la rue) ;',
      'les demandes en cours d’instruction, refusées, annulées, et les travaux terminés.',
    ],
    freshness: 'Mise à jour',
    freshnessText:
      'Les données sont calculées à chaque demande à partir des dossiers du portail. Une réponse peut être gardée 5 minutes en cache ; elle porte un ETag (en-tête If-None-Match : réponse 304 si rien n’a changé). Les appels sont limités à 300 par minute et par adresse.',
    back: 'Retour à la carte des travaux',
  },
} as const;
