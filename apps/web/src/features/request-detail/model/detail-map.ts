// The detail screen's map (docs/screens.md "Request detail").

export const MAP_TEXTS = {
  hide: 'Masquer la carte',
  show: 'Afficher la carte',
  backToList: 'Retour à la liste',
  mapLabel: 'Carte de localisation de la demande',
} as const;

/** The map zooms onto the request's shapes this long after the page loads. */
export const MAP_ZOOM_DELAY_MS = 3000;
