/** The works calendar's French texts. */
export const CALENDAR_TEXTS = {
  title: 'Calendrier des chantiers',
  intro:
    'Les permissions de voirie accordées dont les travaux ne sont pas encore réceptionnés : sur la carte, ceux en vigueur le jour choisi ; sur la frise, tous ceux de la période, par commune et par voie.',
  forbidden:
    'Le calendrier des chantiers est réservé aux instructeurs, aux administrateurs et aux gestionnaires de voirie.',
  filters: 'Filtres du calendrier',
  day: 'Chantiers en vigueur le',
  weeks: 'Durée de la frise',
  weeksOption: (weeks: number) => `${String(weeks)} semaines`,
  town: 'Commune',
  allTowns: 'Toutes les communes',
  kind: 'Type de permission',
  allKinds: 'Tous les types',
  operator: 'Opérateur',
  allOperators: 'Tous les opérateurs',
  text: 'Rechercher (n° d’affaire, adresse, opérateur)',
  search: 'Rechercher',
  reset: 'Réinitialiser',
  map: (day: string) => `Carte des chantiers en vigueur le ${day}`,
  onMap: (count: number, day: string) =>
    count === 0
      ? `Aucun chantier en vigueur le ${day}`
      : `${count.toLocaleString('fr-FR')} chantier${count > 1 ? 's' : ''} en vigueur le ${day}`,
  count: (count: number, from: string, to: string) =>
    `${count.toLocaleString('fr-FR')} chantier${count > 1 ? 's' : ''} du ${from} au ${to}`,
  truncated: 'Seuls les 1 000 premiers chantiers sont affichés : précisez les filtres.',
  timeline: (from: string, to: string) => `Frise des chantiers du ${from} au ${to}, par commune et par voie`,
  works: 'Chantier',
  period: 'Période, état et circulation',
  bars: 'Frise',
  noStreet: 'Voie non renseignée',
  townHeading: (town: string, count: number) =>
    `${town} — ${count.toLocaleString('fr-FR')} chantier${count > 1 ? 's' : ''}`,
  dates: (from: string, to: string) => (from === to ? `le ${from}` : `du ${from} au ${to}`),
  weekOf: (day: string) => `Semaine du ${day}`,
  selectedDay: 'Jour choisi',
  locate: (name: string) => `Localiser sur la carte : ${name}`,
  inForce: 'En vigueur le jour choisi',
  empty: 'Aucun chantier dans cette période pour ces filtres.',
  unnamed: 'Sans numéro',
} as const;
