import type { TypeDeVoie } from '@voirie/domain';
import type { Random } from './prng.ts';

// French street names for the demo: a way type from the address forms' list
// (TYPE_DE_VOIE_OPTIONS) and a complement that carries its own article ("de l'Océan").

/** Way types of town streets, with weights. */
const STREET_TYPES: readonly (readonly [TypeDeVoie, number])[] = [
  ['Rue', 36],
  ['Avenue', 11],
  ['Allée', 12],
  ['Impasse', 9],
  ['Chemin', 7],
  ['Boulevard', 2],
  ['Résidence', 4],
  ['Lotissement', 4],
  ['Place', 1],
  ['Square', 2],
  ['Passage', 2],
  ['Route', 3],
  ['Sentier', 1],
  ['Cours', 1],
  ['Ruelle', 1],
  ['Villa', 1],
  ['Hameau', 1],
  ['Traverse', 1],
  ['Esplanade', 1],
];

const COMMON = [
  'des Pins',
  'de la Plage',
  'du Port',
  'des Dunes',
  "de l'Océan",
  'des Chênes',
  'des Arbousiers',
  'des Mimosas',
  'des Tamaris',
  'des Bruyères',
  'de la Forêt',
  'des Résiniers',
  'des Gemmeurs',
  'du Lac',
  "de l'Étang",
  'des Barthes',
  'du Marensin',
  'de Gascogne',
  'des Lilas',
  'des Acacias',
  'des Hortensias',
  'des Genêts',
  'des Fougères',
  'des Goélands',
  'des Mouettes',
  'des Sternes',
  'des Bécasses',
  'des Palombes',
  'des Cigales',
  'du Moulin',
  "de l'Église",
  'de la Mairie',
  'des Écoles',
  'de la Gare',
  'du Stade',
  'des Sports',
  'du Fronton',
  'des Arènes',
  'du Lavoir',
  'de la Poste',
  'du Marché',
  'des Vignes',
  'des Prés',
  'du Bourg',
  'de la Chapelle',
  'des Jardins',
  'des Sables',
  'des Embruns',
  "de la Côte d'Argent",
  'des Surfeurs',
  'du Phare',
  "de l'Estacade",
  'du Boudigau',
  "de l'Adour",
  'des Tulipes',
  'des Rosiers',
  'des Platanes',
  'des Peupliers',
  'des Érables',
  'des Aulnes',
  'des Bouleaux',
  'des Cerisiers',
  'des Magnolias',
  'des Camélias',
  'des Glycines',
  'des Pêcheurs',
  'des Marins',
  'des Artisans',
  'des Écureuils',
  'de la Garenne',
  'des Landes',
  'du Soleil',
  'du Levant',
  'du Couchant',
  'de la Source',
  'de la Fontaine',
  'du Ruisseau',
  'des Lauriers',
  'des Oliviers',
  'des Saules',
  'des Coquelicots',
  'des Violettes',
  'des Jonquilles',
  'des Bleuets',
  'des Iris',
  'des Courlis',
  'des Hérons',
  'des Aigrettes',
];
const PEOPLE = [
  'Jean Jaurès',
  'Victor Hugo',
  'Pasteur',
  'Gambetta',
  'Jules Ferry',
  'Georges Clemenceau',
  'du Général de Gaulle',
  'du Maréchal Leclerc',
  'Jean Moulin',
  'Émile Zola',
  'Aristide Briand',
  'Léon Blum',
  'Pierre et Marie Curie',
  'Félix Arnaudin',
  'Jean Rameau',
  'Henri Dunant',
  'Frédéric Mistral',
  'Albert Camus',
  'Georges Brassens',
  'Antoine de Saint-Exupéry',
  'Simone Veil',
  'Jacques Prévert',
  'Paul Valéry',
  'Jules Verne',
  'Alphonse Daudet',
  'Marcel Pagnol',
  'Louise Michel',
  'Colette',
  'Lucie Aubrac',
  'Guy de Maupassant',
  'Rosa Bonheur',
  'Jean Monnet',
];
/** Lieux-dits in the Gascon style, for rural roads ("Chemin de Lartigue"). */
const PLACES = [
  'de Lartigue',
  'du Moulin de Pey',
  'de Bellevue',
  'de Lesbarritz',
  'de Lahitte',
  'de Larrieu',
  'de Labarthe',
  'de Lassalle',
  'de Candale',
  'de Mahourat',
  'de Hargous',
  'de Lartigau',
  'de Bordenave',
  'de Lagrange',
  'de Lamothe',
  'de Carrère',
  'de Laborde',
  'de Capdeville',
  'du Hapchot',
  'de Pouyanne',
  'de Barbe',
  'de Cazalis',
  'des Escoumes',
  'de Larrigade',
  'de Saint-Jacques',
  'de la Palibe',
  'de Lespiaut',
  'du Gaillou',
  'de Broustey',
  'de Hourcadot',
  'de Cantegrit',
  'de Pinsolle',
  'du Tambourin',
  'de Marrein',
  'de Jouanin',
  'de Peyrot',
  'de Hillon',
  'de Lacaze',
  'de Bédat',
  'de Pémoulié',
  'de Lapeyre',
  'de Castagnet',
  'de Picot',
  'de Guillebert',
  'de Haza',
  "de l'Arriou",
  'de la Lande',
  'des Tucs',
  'du Pignada',
  'de la Lette',
  'des Courbes',
  'de Bouheben',
  'de Peyrelongue',
];
/** Main roads of the built-up area (the departmental road through the town). */
const MAIN_ROADS = [
  'Avenue de la Plage',
  'Avenue du Général de Gaulle',
  'Avenue de Bayonne',
  'Route de Bordeaux',
  'Avenue des Landes',
  "Boulevard de l'Océan",
  'Avenue Georges Pompidou',
  'Avenue Jean Moulin',
  'Avenue de la Côte Sud',
  'Avenue de Paris',
  'Avenue du Maréchal Foch',
  'Route de Dax',
  'Avenue Salvador Allende',
  'Avenue de la Gare',
  'Grande Rue',
];
/** Streets of the activity zones. */
const ZONE_ROADS = [
  "Rue de l'Artisanat",
  'Allée des Entrepreneurs',
  'Rue des Métiers',
  "Avenue de l'Industrie",
  'Impasse du Commerce',
  'Rue de la Logistique',
  "Allée de l'Innovation",
  'Rue des Compagnons',
  'Rue du Négoce',
  'Impasse des Ateliers',
];

/** Street names of one town, never twice the same. */
export class StreetNamer {
  private readonly used = new Set<string>();

  constructor(private readonly random: Random) {}

  private unique(make: () => string): string {
    for (let attempt = 0; attempt < 60; attempt += 1) {
      const name = make();
      if (!this.used.has(name)) {
        this.used.add(name);
        return name;
      }
    }
    for (let n = 2; ; n += 1) {
      const name = `${make()} ${n === 2 ? 'Prolongée' : `(${n})`}`;
      if (!this.used.has(name)) {
        this.used.add(name);
        return name;
      }
    }
  }

  /** A town street: "Rue des Pins", "Allée Victor Hugo"… */
  street(): { name: string; type: TypeDeVoie } {
    let type: TypeDeVoie = 'Rue';
    const name = this.unique(() => {
      type = this.random.weighted(STREET_TYPES);
      const complement = this.random.chance(0.22) ? this.random.pick(PEOPLE) : this.random.pick(COMMON);
      return `${type} ${complement}`;
    });
    return { name, type };
  }

  /** A rural road: "Chemin de Lartigue", or "Route de <town>" when a town is given. */
  rural(towards: string | null): { name: string; type: TypeDeVoie } {
    let type: TypeDeVoie = 'Chemin';
    const name = this.unique(() => {
      if (towards && this.random.chance(0.35)) {
        type = 'Route';
        return `Route ${ofPlace(towards)}`;
      }
      type = this.random.chance(0.8) ? 'Chemin' : 'Route';
      return `${type} ${this.random.pick(PLACES)}`;
    });
    return { name, type };
  }

  /** The departmental road through the town centre. */
  main(): { name: string; type: TypeDeVoie } {
    const name = this.unique(() => this.random.pick(MAIN_ROADS));
    return {
      name,
      type: (name.split(' ')[0] === 'Grande' ? 'Grande Rue' : name.split(' ')[0]) as TypeDeVoie,
    };
  }

  /** A street of an activity zone. */
  zone(): { name: string; type: TypeDeVoie } {
    const name = this.unique(() => this.random.pick(ZONE_ROADS));
    return { name, type: name.split(' ')[0] as TypeDeVoie };
  }
}

/** AFNOR postal form: upper case, no accents, no apostrophes, 32 characters at most. */
export function afnor(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/['’-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 32)
    .trim();
}

/** "de Soustons", "d'Angresse". */
export function ofPlace(name: string): string {
  return /^[AEIOUYÉÈÂÎ]/i.test(name) ? `d'${name}` : `de ${name}`;
}
