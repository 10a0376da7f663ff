// The French words of the page 'Registre des actes' (/registre, instructors and administrators).

import { ACT_SIGNATORY_MESSAGES } from '@voirie/domain';

export const ACT_REGISTER_TEXTS = {
  title: 'Registre des actes',
  forbidden: 'Le registre des actes est réservé aux instructeurs et aux administrateurs.',
  intro:
    "Chaque acte signé dans le portail (arrêté de permission, de refus, d'alignement, de police de la circulation, mise en demeure après une réception refusée) y reçoit, à l'enregistrement de l'acte signé, un numéro unique dans l'année, sans trou (CGCT, article R2122-7).",
  filters: 'Filtres du registre',
  year: 'Année',
  nature: 'Nature',
  town: 'Commune',
  all: 'Toutes',
  tableCaption: (total: number) =>
    total === 0
      ? 'Registre des actes'
      : `Registre des actes : ${total.toLocaleString('fr-FR')} acte${total > 1 ? 's' : ''}`,
  columns: [
    'Numéro',
    'Nature',
    'Objet',
    'Commune',
    'Signé le',
    ACT_SIGNATORY_MESSAGES.label,
    'Enregistré par',
    'Notification ou publication',
    'Préfecture',
    'Liens',
  ],
  empty: 'Aucun acte enregistré.',
  notRecorded: '—',
  notNotifiedLabel: 'Non encore notifié',
  notNotifiedNature: 'Non notifié : acte publié',
  notificationMode: (mode: 'portal' | 'postal') =>
    mode === 'portal' ? 'sur le portail' : 'lettre recommandée',
  publishedOn: (when: string) => `Publié le ${when}`,
  publicationLate: 'après le début prévu des travaux',
  publicationFailed: 'Publication en échec, nouvelle tentative automatique',
  publicationPending: 'Publication en cours',
  retryPublication: 'Réessayer la publication',
  retryPublicationLabel: (number: string) => `Réessayer la publication de l'acte ${number}`,
  publicPage: 'Page publique',
  publicPageLabel: (number: string) => `Page publique de l'acte ${number}`,
  certificate: 'Certificat',
  certificateLabel: (number: string) =>
    `Certificat de publication et de caractère exécutoire de l'acte ${number}`,
  requestLink: (requestId: number) => `Demande n° ${String(requestId)}`,
  pdf: 'PDF signé',
  pdfLabel: (number: string) => `PDF signé de l'acte ${number}`,
  exportCsv: 'Exporter en CSV',
  printYear: (year: number) => `Imprimer le registre ${String(year)} (PDF)`,
  loadError: 'Le registre des actes ne peut pas être chargé.',
  numberingHeading: "Format des numéros d'actes",
  format: 'Format',
  formatHelp:
    "{AAAA} : l'année ; {NNNNN} : le numéro d'ordre dans l'année, sur autant de chiffres que de N. En dehors, des lettres majuscules, des chiffres et _. Règle ACTES de la préfecture : 15 caractères au plus, sans _ au début ni à la fin.",
  example: (number: string) => `Premier numéro de l'année : ${number}`,
  defaultFormat: (format: string) => `Format par défaut : ${format}`,
  save: 'Enregistrer',
  notTransmitted: 'Non transmis',
  notTransmittedLabel: 'Non transmis au préfet',
  received: (day: string) => `AR du ${day}`,
  acknowledge: "Saisir l'accusé de réception",
  acknowledgeLabel: (number: string) => `Saisir l'accusé de réception de l'acte ${number}`,
  acknowledgeTitle: (number: string) => `Accusé de réception de l'acte ${number}`,
  receivedOn: "Date de l'accusé de réception",
  identifier: 'Identifiant ACTES',
  identifierHelp: 'Tel que l’accusé de réception le donne, par exemple 040-244000865-20261130-2026_00001-AI.',
  actesPackage: 'Paquet ACTES',
  actesPackageLabel: (number: string) => `Paquet ACTES de l'acte ${number}`,
  transmissionHeading: 'Transmission au préfet',
  transmissionHelp:
    "Les actes des natures cochées sont transmis au préfet par la plateforme @CTES de votre opérateur : le registre propose leur paquet ACTES (métadonnées et acte signé) et la saisie de l'accusé de réception. Les arrêtés de police de la circulation et du stationnement ne sont pas transmis (CGCT, article L2131-2).",
  transmittedNatures: 'Natures transmises au préfet',
} as const;
