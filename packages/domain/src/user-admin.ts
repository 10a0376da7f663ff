import { ACCOUNT_MESSAGES, hasRole, type Role } from './accounts.ts';
import {
  ASSIGNABLE_ROLES,
  arePerimeterTypesEnabled,
  canChangeRoles,
  canEditUser,
  canUser,
  type CapabilityUser,
} from './capabilities.ts';

// User administration (spec 2 §2.7, §2.8, §6; issue 15): who may read, edit, delete a user, which
// role and perimeter changes an editor may make. Pure rules, used by the API (which refuses with
// 403 and changes nothing) and by the user form (which enables the same options).

/** Texts of the users screens and of the API's answers about users. */
export const USER_ADMIN_MESSAGES = {
  listTitle: 'Gestion des utilisateurs',
  deleteConfirm: 'Voulez vous vraiment supprimer cet utilisateur ?',
  resetConfirm: ACCOUNT_MESSAGES.resetConfirm,
  created: (email: string) =>
    `Le compte a été créé. Un lien pour choisir son mot de passe a été envoyé à ${email}.`,
  updated: 'Les informations du compte ont été enregistrées.',
  emailChangePending: (email: string) =>
    `Un lien de confirmation a été envoyé à ${email} : la nouvelle adresse sera prise en compte après sa confirmation.`,
  emailConfirmed: 'Votre nouvelle adresse e-mail est confirmée.',
  emailLinkInvalid:
    "Ce lien de confirmation n'est plus valide. Modifiez à nouveau l'adresse e-mail depuis « Mon compte ».",
  deleted: "L'utilisateur a été supprimé : son compte est désactivé et ses demandes sont conservées.",
  resetSent: (email: string) => `Un lien de réinitialisation du mot de passe a été envoyé à ${email}.`,
  avatarSaved: 'La photo a été enregistrée.',
  notFound: "Cet utilisateur n'existe pas.",
  readForbidden: "Vous n'avez pas les droits pour consulter les utilisateurs.",
  editForbidden: 'Vous ne pouvez modifier que votre propre compte.',
  rolesForbidden: 'Vous ne pouvez pas modifier ces rôles.',
  perimetersForbidden: 'Vous ne pouvez pas modifier les périmètres de ce compte.',
  deleteSelf: 'Vous ne pouvez pas supprimer votre propre compte.',
  lastAdmin: 'Le dernier administrateur actif ne peut être ni supprimé ni privé de son rôle.',
  alreadyDisabled: 'Ce compte est déjà désactivé.',
  accountDisabled: 'Ce compte est désactivé.',
  emailTaken: 'Cette adresse e-mail est déjà utilisée par un autre compte.',
  passwordNotHere:
    'Le mot de passe ne se modifie pas ici : utilisez « Modifier mon mot de passe » ou un lien de réinitialisation.',
  perimeterUnknown: (id: number) => `Le périmètre ${String(id)} n'existe pas.`,
  perimeterWrongType: (libelle: string) => `Le périmètre « ${libelle} » n'est pas du type attendu.`,
  noRole: 'Pas de role',
} as const;

/** Roles whose holders may read the users list and any user, read-only for instructors (spec 2 §2.8). */
const USER_READERS: readonly Role[] = ['ROLE_ADMIN', 'ROLE_INSTRUCTEUR'];

/** True when the viewer may read the users list and other users' accounts (admins, instructors). */
export function canReadUsers(viewer: CapabilityUser | null | undefined): boolean {
  return USER_READERS.some((role) => hasRole(viewer, role));
}

/** The perimeter links of a user, by the form's field: the kind stored and the perimeter types accepted. */
export const USER_PERIMETER_FIELDS = {
  guichetPerimeterIds: { kind: 'guichet', types: ['department', 'epci', 'town'] },
  gestionnairePerimeterIds: { kind: 'gestionnaire', types: ['department', 'epci', 'town'] },
  operatorPerimeterIds: { kind: 'operateur', types: ['operator'] },
  soustraitantPerimeterIds: { kind: 'soustraitant', types: ['soustraitant'] },
} as const;
export type UserPerimeterField = keyof typeof USER_PERIMETER_FIELDS;
export type UserPerimeterKind = (typeof USER_PERIMETER_FIELDS)[UserPerimeterField]['kind'];
export const USER_PERIMETER_FIELD_NAMES = Object.keys(USER_PERIMETER_FIELDS) as UserPerimeterField[];

/** A user's perimeter ids by field; an absent field is left as it is. */
export type UserPerimeterIds = Partial<Record<UserPerimeterField, readonly number[] | null | undefined>>;

/** The roles as stored: without the implicit ROLE_USER, known roles only, each once, in a stable order. */
export function normalizeRoles(roles: readonly string[]): Role[] {
  return ASSIGNABLE_ROLES.filter((role) => roles.includes(role));
}

/** What a viewer may do with a user: the abilities the API returns with it. */
export interface UserAbilities {
  /** Save the form (admins, or oneself). */
  edit: boolean;
  /** Some role checkbox is enabled (spec 2 §6). */
  editRoles: boolean;
  /** The perimeter-type options and perimeter pickers are enabled (spec 2 §6). */
  editPerimeters: boolean;
  /** Delete (disable) the account: admins, never themself, an active account. */
  delete: boolean;
  /** Send a new password link: admins, an active account. */
  resendResetLink: boolean;
}

/** The abilities of a viewer on a user (null target: the NewUser screen). */
export function userAbilities(
  viewer: CapabilityUser,
  target: { id: number; roles: readonly string[]; isActive: boolean } | null,
): UserAbilities {
  const isCreation = target === null;
  const isAdmin = canUser(viewer, 'manageUsers');
  const edit = isCreation ? isAdmin : canEditUser(viewer, target.id);
  return {
    edit,
    editRoles: edit && isAdmin,
    editPerimeters: edit && arePerimeterTypesEnabled({ editor: viewer, isCreation }),
    delete: !isCreation && isAdmin && target.id !== viewer.id && target.isActive,
    resendResetLink: !isCreation && isAdmin && target.isActive,
  };
}

/** Why a change of a user is refused: always the editor's rights (a 403). */
export interface UserChangeRefusal {
  reason: 'role';
  message: string;
}

function sameIds(a: readonly number[] | null | undefined, b: readonly number[] | null | undefined): boolean {
  const left = [...new Set(a ?? [])].sort((x, y) => x - y);
  const right = [...new Set(b ?? [])].sort((x, y) => x - y);
  return left.length === right.length && left.every((id, index) => id === right[index]);
}

/**
 * Checks a creation or an edit against the user-form rules (spec 2 §6): only an admin creates
 * users or edits another one; roles change only through the options the editor has enabled (a
 * non-admin changes none, its own included); perimeter links change only where the perimeter
 * options are enabled (guichet, admin, creation). Null when allowed.
 */
export function checkUserChange(args: {
  editor: CapabilityUser;
  /** The user as it is; null on creation. */
  target: { id: number; roles: readonly string[]; perimeters: UserPerimeterIds } | null;
  /** The roles asked (absent: unchanged). */
  roles?: readonly string[] | null | undefined;
  /** The perimeter links asked (an absent field: unchanged). */
  perimeters: UserPerimeterIds;
}): UserChangeRefusal | null {
  const { editor, target } = args;
  const isCreation = target === null;
  const refuse = (message: string): UserChangeRefusal => ({ reason: 'role', message });
  if (isCreation ? !canUser(editor, 'manageUsers') : !canEditUser(editor, target.id))
    return refuse(USER_ADMIN_MESSAGES.editForbidden);
  const before = normalizeRoles(target?.roles ?? []);
  const after = args.roles == null ? before : normalizeRoles(args.roles);
  if (!canChangeRoles({ editor, before, after, isCreation }))
    return refuse(USER_ADMIN_MESSAGES.rolesForbidden);
  const perimetersChanged = USER_PERIMETER_FIELD_NAMES.some(
    (field) =>
      args.perimeters[field] !== undefined && !sameIds(args.perimeters[field], target?.perimeters[field]),
  );
  if (perimetersChanged && !arePerimeterTypesEnabled({ editor, isCreation }))
    return refuse(USER_ADMIN_MESSAGES.perimetersForbidden);
  return null;
}

/**
 * True when the change leaves no active administrator: the target is one of the active admins
 * and loses the role or is disabled, and it was the only one.
 */
export function leavesNoActiveAdmin(args: {
  activeAdminIds: readonly number[];
  targetId: number;
  /** The target's roles after the change; null when it is disabled. */
  rolesAfter: readonly string[] | null;
}): boolean {
  if (!args.activeAdminIds.includes(args.targetId)) return false;
  const staysAdmin = args.rolesAfter !== null && args.rolesAfter.includes('ROLE_ADMIN');
  return !staysAdmin && args.activeAdminIds.every((id) => id === args.targetId);
}
