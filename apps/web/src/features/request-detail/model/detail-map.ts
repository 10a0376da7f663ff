// The detail screen's map (docs/screens.md "Request detail").

export const MAP_TEXTS = {
  hide: 'Masquer la carte',
  show: 'Afficher la carte',
  backToList: 'Retour à la liste',
  mapLabel: 'Carte de localisation de la demande',
} as const;
