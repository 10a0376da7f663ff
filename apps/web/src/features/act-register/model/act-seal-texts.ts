import { SEAL_MESSAGES } from '@voirie/domain';

// The French words of the register's seal: its notice for all readers, the administrator's
// « Cachet électronique » section.

export const ACT_SEAL_TEXTS = {
  none: SEAL_MESSAGES.none,
  expired: (date: string) =>
    `Le certificat de cachet a expiré le ${date} : les actes publiés et notifiés ne sont plus scellés.`,
  unreadable: SEAL_MESSAGES.keyMismatch,
  heading: 'Cachet électronique',
  help: "Le portail scelle les actes qu'il publie et notifie avec le certificat de la collectivité (fichier PKCS#12 .p12 ou .pfx, avec sa clé privée) : tout lecteur PDF montre alors qu'ils n'ont pas été modifiés. Le fichier et son mot de passe sont conservés chiffrés et ne sont jamais affichés.",
  holder: 'Titulaire',
  issuer: 'Émetteur',
  validity: 'Validité',
  validFromTo: (from: string, to: string) => `du ${from} au ${to}`,
  file: 'Certificat (.p12 ou .pfx)',
  password: 'Mot de passe du certificat',
  save: 'Enregistrer le certificat',
  replace: 'Remplacer le certificat',
  remove: 'Retirer le certificat',
  removeTitle: 'Retirer le certificat de cachet ?',
  removeText: 'Les actes publiés et notifiés ensuite ne seront plus scellés.',
  cancel: 'Annuler',
} as const;
