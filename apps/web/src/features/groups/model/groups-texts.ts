import { GROUP_MESSAGES, GROUP_NOUNS } from '@voirie/domain';
import type { GroupType } from './group-types';

/**
 * The words of /groups/{type} (docs/api-groups.md "The screen", docs/screens.md "Notices and
 * errors"): the spec's own where it gives them.
 */
export const GROUPS_TEXTS = {
  adminOnly: 'La gestion des opérateurs et des sous-traitants est réservée aux administrateurs.',
  search: 'Rechercher',
  searchHint: 'Nom, sans tenir compte des accents',
  add: 'Ajouter',
  name: 'Nom',
  siret: 'Siret',
  type: 'Type',
  actions: 'Actions',
  /** docs/api-groups.md "The screen": the empty operator table. */
  noGroup: 'Pas de groupe',
  /** docs/api-groups.md "The screen": the empty perimeter table. */
  noPerimeter: 'Pas de périmètre ajouté',
  /** docs/api-groups.md "The screen": the empty autocomplete. */
  noResult: 'Pas de résultat',
  loading: 'Recherche…',
  loadFailed: "La liste n'a pas pu être chargée.",
  tooMany: (count: number) => `Les ${String(count)} premiers sont affichés : précisez la recherche.`,
  /**
   * docs/api-groups.md "The screen": the form's buttons are 'Save' and 'Annuler' (an English word
   * the original kept).
   */
  save: 'Save',
  cancel: 'Annuler',
  perimeter: 'Périmètre',
  perimeterHint: 'Tapez le début du nom, puis choisissez avec les flèches et Entrée.',
  perimeters: 'Périmètres',
  remove: 'Retirer',
  removePerimeter: (name: string) => `Retirer le périmètre ${name}`,
  edit: (name: string) => `Modifier ${name}`,
  delete: (name: string) => `Supprimer ${name}`,
  deleteButton: 'Supprimer',
  deleteConfirm: GROUP_MESSAGES.deleteConfirm,
  deleteConsequences: (type: GroupType) =>
    type === 'operator'
      ? 'Ses comptes en seront détachés et les mandats qu’il a donnés prendront fin ; ses demandes restent rattachées à son nom.'
      : 'Ses comptes en seront détachés et ses mandats prendront fin ; ses demandes restent.',
  addTitle: (type: GroupType) => (type === 'operator' ? 'Ajouter un opérateur' : 'Ajouter un sous-traitant'),
  editTitle: (type: GroupType) => `Modifier ${GROUP_NOUNS[type].demonstrative}`,
  mandates: 'Mandats',
  mandatesHint: 'Les opérateurs pour lesquels ce sous-traitant dépose des demandes, et quand.',
  mandatesAfterSave: 'Les mandats s’ajoutent une fois le sous-traitant enregistré.',
  noMandate: 'Pas de mandat',
  operator: 'Opérateur',
  dateFrom: 'Du',
  dateTo: 'Au (facultatif)',
  dateToColumn: 'Au',
  status: 'Statut',
  noEnd: 'Sans fin',
  addMandate: 'Ajouter le mandat',
  removeMandate: (operator: string) => `Supprimer le mandat de ${operator}`,
} as const;
