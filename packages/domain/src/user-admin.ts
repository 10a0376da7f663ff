import { ACCOUNT_MESSAGES, hasRole, type Role } from './accounts.ts';
import {
  ASSIGNABLE_ROLES,
  arePerimeterTypesEnabled,
  canChangeRoles,
  canEditUser,
  canUser,
  type CapabilityUser,
} from './capabilities.ts';

// User administration (docs/screens.md, docs/api-users.md "Role and perimeter rules"): who may
// read, edit, delete a user, which role and perimeter changes an editor may make. Pure rules, used
// by the API (which refuses with 403 and changes nothing) and by the user form (which enables the
// same options).

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
  groupLinksForbidden:
    "Seul un administrateur peut modifier le rattachement d'un compte à un opérateur ou à un sous-traitant.",
  perimeterRequestSent:
    "Votre demande d'extension de périmètre a été envoyée à un administrateur. Vos périmètres actuels restent en vigueur jusqu'à sa décision.",
  perimeterRequestAlreadyPending:
    "Cette demande d'extension de périmètre attend déjà la décision d'un administrateur. Vos périmètres actuels restent en vigueur jusqu'à sa décision.",
  perimeterRequestApproved:
    "L'extension de périmètre a été accordée : le compte a désormais les périmètres demandés.",
  perimeterRequestRefused:
    "La demande d'extension de périmètre a été refusée : le compte garde ses périmètres.",
  perimeterRequestGone:
    "Cette demande d'extension de périmètre a déjà été traitée ou remplacée par une autre.",
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

/**
 * Roles whose holders may read the users list and any user, read-only for instructors
 * (docs/screens.md "Users list").
 */
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
  /** Some role checkbox is enabled (docs/api-users.md "Role and perimeter rules"). */
  editRoles: boolean;
  /**
   * The perimeter-type options and perimeter pickers are enabled (docs/api-users.md "Role and
   * perimeter rules").
   */
  editPerimeters: boolean;
  /** The perimeter fields the form may send; any other one sent is a 403 (writablePerimeterFields). */
  perimeterFields: UserPerimeterField[];
  /** Perimeters added here are asked of an administrator; removals apply at once (a guichet on itself). */
  askWiderPerimeters: boolean;
  /** Approve or refuse the user's pending perimeter request: admins, while one is pending. */
  decidePerimeterRequest: boolean;
  /** Delete (disable) the account: admins, never themself, an active account. */
  delete: boolean;
  /** Send a new password link: admins, an active account. */
  resendResetLink: boolean;
}

/**
 * True when the editor's own territories widen only through an administrator: a
 * guichet, not an admin, on its own account. Perimeters scope what an account sees, so a wider
 * perimeter written by its holder would be a read it granted itself.
 */
function asksWiderPerimeters(editor: CapabilityUser, targetId: number | null): boolean {
  return targetId === editor.id && !canUser(editor, 'manageUsers') && hasRole(editor, 'ROLE_GUICHET');
}

/**
 * The perimeter fields an editor may write on a user (null: creation), from the spec's rule that
 * the perimeter options are enabled for a guichet, an admin, or on creation (docs/api-users.md
 * "Role and perimeter rules"): every field for an admin (who alone creates users); for a guichet on
 * its own account only its guichet territories — its group links (operator, subcontractor) and
 * road-manager perimeters are an admin's, like every other role's own perimeters.
 */
export function writablePerimeterFields(
  editor: CapabilityUser,
  targetId: number | null,
): UserPerimeterField[] {
  const isCreation = targetId === null;
  if (isCreation ? !canUser(editor, 'manageUsers') : !canEditUser(editor, targetId)) return [];
  if (!arePerimeterTypesEnabled({ editor, isCreation })) return [];
  if (asksWiderPerimeters(editor, targetId)) return ['guichetPerimeterIds'];
  return canUser(editor, 'manageUsers') ? [...USER_PERIMETER_FIELD_NAMES] : [];
}

/** The abilities of a viewer on a user (null target: the NewUser screen). */
export function userAbilities(
  viewer: CapabilityUser,
  target: {
    id: number;
    roles: readonly string[];
    isActive: boolean;
    /** A perimeter request of the user waits for an administrator. */
    hasPendingPerimeterRequest?: boolean;
  } | null,
): UserAbilities {
  const isCreation = target === null;
  const isAdmin = canUser(viewer, 'manageUsers');
  const edit = isCreation ? isAdmin : canEditUser(viewer, target.id);
  const perimeterFields = edit ? writablePerimeterFields(viewer, target?.id ?? null) : [];
  return {
    edit,
    editRoles: edit && isAdmin,
    editPerimeters: perimeterFields.length > 0,
    perimeterFields,
    askWiderPerimeters: edit && asksWiderPerimeters(viewer, target?.id ?? null),
    decidePerimeterRequest: isAdmin && !isCreation && target.hasPendingPerimeterRequest === true,
    delete: !isCreation && isAdmin && target.id !== viewer.id && target.isActive,
    resendResetLink: !isCreation && isAdmin && target.isActive,
  };
}

/** Why a change of a user is refused: always the editor's rights (a 403). */
export interface UserChangeRefusal {
  reason: 'role';
  message: string;
}

const sortedIds = (ids: readonly number[] | null | undefined): number[] =>
  [...new Set(ids ?? [])].sort((x, y) => x - y);

/**
 * Checks a creation or an edit against the user-form rules (docs/api-users.md "Role and perimeter
 * rules"): only an admin creates users or edits another one; roles and perimeter links are written
 * only by whom may write them — a field sent is a field written, even with its current value, so a non-admin
 * leaves `roles` out and sends only its `writablePerimeterFields`. An admin's role changes follow
 * the form's enabled options. Null when allowed.
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
  if (args.roles != null) {
    const before = normalizeRoles(target?.roles ?? []);
    const after = normalizeRoles(args.roles);
    if (!canUser(editor, 'manageUsers') || !canChangeRoles({ editor, before, after, isCreation }))
      return refuse(USER_ADMIN_MESSAGES.rolesForbidden);
  }
  const writable = writablePerimeterFields(editor, target?.id ?? null);
  const written = USER_PERIMETER_FIELD_NAMES.filter((field) => args.perimeters[field] !== undefined);
  const forbidden = written.find((field) => !writable.includes(field));
  if (forbidden)
    return refuse(
      USER_PERIMETER_FIELDS[forbidden].kind === 'operateur' ||
        USER_PERIMETER_FIELDS[forbidden].kind === 'soustraitant'
        ? USER_ADMIN_MESSAGES.groupLinksForbidden
        : USER_ADMIN_MESSAGES.perimetersForbidden,
    );
  return null;
}

/** What an allowed perimeter change does: the links written now, and the territories asked of an admin. */
export interface PerimeterChangeOutcome {
  /** The links to write at once (an absent field: unchanged). */
  apply: UserPerimeterIds;
  /** The guichet territories asked, sorted, for an administrator to approve; null when none. */
  request: number[] | null;
}

/**
 * Splits an allowed perimeter change: an admin's applies at once. A guichet on its own
 * account may narrow its territories at once (the same ones or fewer); any territory added makes
 * the whole set asked a request an administrator approves, and its current territories stay
 * until then.
 */
export function perimeterChangeOutcome(args: {
  editor: CapabilityUser;
  target: { id: number; perimeters: UserPerimeterIds } | null;
  perimeters: UserPerimeterIds;
}): PerimeterChangeOutcome {
  const { editor, target, perimeters } = args;
  if (!target || !asksWiderPerimeters(editor, target.id)) return { apply: perimeters, request: null };
  const { guichetPerimeterIds: asked, ...others } = perimeters;
  if (asked === undefined) return { apply: perimeters, request: null };
  const current = new Set(target.perimeters.guichetPerimeterIds ?? []);
  const askedIds = sortedIds(asked);
  if (askedIds.every((id) => current.has(id)))
    return { apply: { ...others, guichetPerimeterIds: askedIds }, request: null };
  return { apply: others, request: askedIds };
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
