import { formatDateFr, parisDateTime } from '@voirie/domain';

// The French words of the page 'Coordination des travaux' (/coordination, administrators).

export const COORDINATION_ADMIN_TEXTS = {
  title: 'Coordination des travaux',
  forbidden: 'La coordination des travaux est administrée par les administrateurs.',
  intro:
    "Le maire coordonne les travaux sur la voirie en agglomération (Code de la voirie routière, articles L115-1 et R115-1 et suivants) : le portail signale, au dépôt d'une permission, à l'ouverture de sa décision et à la demande, les autres permissions en vigueur ou en instruction dont l'emprise est proche et dont les dates de travaux se chevauchent, ainsi que les voies refaites récemment. Un refus de mise au calendrier n'a pas à être motivé lorsque la chaussée ou les trottoirs ont moins de trois ans.",
  settingsHeading: 'Paramètres de la recherche',
  distance: 'Distance entre les emprises (m)',
  distanceHint: (value: number) => `Par défaut : ${String(value)} m. 0 : emprises qui se touchent.`,
  years: "Ancienneté d'une réfection récente (années)",
  yearsHint: (value: number) => `Par défaut : ${String(value)} ans (L115-1).`,
  save: 'Enregistrer les paramètres',
  layerHeading: 'Couche des réfections de voirie',
  layerSummary: (count: number, latest: string | null, importedAt: string | null) =>
    count === 0
      ? 'Aucune réfection importée.'
      : `${count.toLocaleString('fr-FR')} réfection${count > 1 ? 's' : ''} importée${count > 1 ? 's' : ''}${latest ? `, la plus récente le ${formatDateFr(latest)}` : ''}${importedAt ? ` (dernier import le ${parisDateTime(importedAt)})` : ''}.`,
  layerHelp:
    'Fichier GeoJSON (FeatureCollection) de lignes ou de polygones, en longitude/latitude (EPSG:4326), avec la date de la réfection dans la propriété date_refection (AAAA-MM-JJ ou JJ/MM/AAAA) et, au choix, id et nom. Par défaut le fichier remplace toute la couche ; la même opération en ligne de commande : npm run import -- resurfacing FICHIER.',
  file: 'Fichier des réfections (GeoJSON)',
  keepMissing: 'Garder les réfections absentes du fichier',
  import: 'Importer',
  fileRequired: 'Veuillez choisir un fichier GeoJSON.',
  consultationsHeading: 'Consultations Plat’AU',
  consultationsHelp:
    "Les consultations des services extérieurs sur les dossiers d'urbanisme reçus par Plat'AU, montrées aux instructeurs et aux administrateurs sur les cartes (couche « Consultations »). Fichier GeoJSON (FeatureCollection) de points ou de polygones, en longitude/latitude (EPSG:4326), avec le numéro Plat'AU dans la propriété platau_id et le service consulté dans la propriété service. Un numéro déjà importé est mis à jour ; les autres consultations restent. Une entité fautive annule tout l'import. La même opération en ligne de commande : npm run import -- consultations FICHIER.",
  consultationsFile: 'Fichier des consultations (GeoJSON)',
  consultationsImport: 'Importer les consultations',
} as const;
