import { ROLES, hasRole } from './accounts.ts';
import type { Role } from './accounts.ts';

// Who may do what outside the request workflow (docs/workflow.md "Who may do what").
// The workflow's own rules (cancel, decide, receive…) are in workflow-table.ts.

/** A user as the capability rules read it. */
export interface CapabilityUser {
  readonly id: number;
  readonly roles: readonly string[];
}

/** Roles that can be granted in the user form (ROLE_USER is every account's base). */
export const ASSIGNABLE_ROLES: readonly Role[] = [
  'ROLE_DEMANDEUR',
  'ROLE_GUICHET',
  'ROLE_GESTIONNAIRE',
  'ROLE_OPERATEUR',
  'ROLE_SOUSTRAITANT',
  'ROLE_INSTRUCTEUR',
  'ROLE_ADMIN',
];

const INSTRUCTING: readonly Role[] = ['ROLE_INSTRUCTEUR', 'ROLE_ADMIN'];
const ADMIN_ONLY: readonly Role[] = ['ROLE_ADMIN'];

/**
 * The capability table: each capability and the roles that hold it. "ROLE_USER" stands for an
 * account with no other role (docs/workflow.md "Who may do what"), an ordinary applicant.
 */
export const CAPABILITIES = {
  /** Nouvelle demande (docs/workflow.md "Who may do what"); the road manager only reads. */
  createRequests: [
    'ROLE_USER',
    'ROLE_DEMANDEUR',
    'ROLE_GUICHET',
    'ROLE_OPERATEUR',
    'ROLE_SOUSTRAITANT',
    'ROLE_INSTRUCTEUR',
    'ROLE_ADMIN',
  ],
  /** Status tabs with counts on the list. */
  seeStatusTabs: INSTRUCTING,
  /** Instructor initials column on the list. */
  seeInstructorColumn: INSTRUCTING,
  /** The list's « Échéance » column and its quick filters. */
  seeDeadlines: INSTRUCTING,
  /** 'Délais légaux' (/delais) and `GET legal-rules`: the legal clock's rules and delays, read-only. */
  readLegalRules: INSTRUCTING,
  /** Adjusting a rule's delay (`PUT legal-rules/{id}`). */
  manageLegalRules: ADMIN_ONLY,
  /** 'Tableau de bord': the statistics page (/statistics) and `GET statistics`. */
  readStatistics: INSTRUCTING,
  /** 'Calendrier des chantiers' (/chantiers) and `GET works-calendar`; a road manager sees its perimeters' works. */
  readWorksCalendar: ['ROLE_GESTIONNAIRE', 'ROLE_INSTRUCTEUR', 'ROLE_ADMIN'],
  /**
   * A request's coordination: the other works near it and the recent resurfacings,
   * `GET request/{id}/conflicts` — the road manager reads them too (never an applicant: they
   * are other people's requests).
   */
  readCoordination: ['ROLE_GESTIONNAIRE', 'ROLE_INSTRUCTEUR', 'ROLE_ADMIN'],
  /** 'Rechercher les conflits' (recorded with the request: `POST request/{id}/conflicts`). */
  searchConflicts: INSTRUCTING,
  /**
   * Admin listing: instructor filter, `export/admin`, list type 1 by default (docs/workflow.md "Who
   * may do what").
   */
  useAdminListing: INSTRUCTING,
  /** Signing notice and the signatory's refusals. */
  seeSigningNotices: INSTRUCTING,
  /** Reception documents (the instructor at state 6). */
  seeReceptionDocuments: INSTRUCTING,
  /** Decision annex (97) in states 1 to 3. */
  seeDecisionAnnexEarly: INSTRUCTING,
  /**
   * Work on any request's parts and files whatever their owner: edit its applicant, form or
   * alignment, attach documents, read hidden documents and everyone's e-mail in its history.
   */
  instructRequests: INSTRUCTING,
  /** 'Gestion des destinataires': recipients and town mail addresses (add, edit, delete). */
  manageRecipients: ADMIN_ONLY,
  /** 'Gestion des utilisateurs': open and edit users, send reset links. */
  manageUsers: ADMIN_ONLY,
  /** 'Gestion des modèles'. */
  manageTemplates: ADMIN_ONLY,
  /** Operators and subcontractors (/groups/{type}). */
  manageGroups: ADMIN_ONLY,
  /** History (/history). */
  readHistory: ADMIN_ONLY,
  /** The documents library (/documents): 'Ajout d'un document' and delete (every user reads it). */
  manageLibrary: ADMIN_ONLY,
  /** 'Coordination des travaux' (/coordination): the settings and the resurfacing layer's import. */
  manageCoordination: ADMIN_ONLY,
  /**
   * The 'Consultations' map layer (Plat'AU consultations, `GET layers/consultations`): staff only,
   * they are about other people's urban-planning files (docs/gis-api.md "Consultations").
   */
  readConsultations: INSTRUCTING,
  /** Importing the consultations (`POST consultations/import`). */
  importConsultations: ADMIN_ONLY,
  /** The register of acts (`GET acts`, /registre): every signed act, numbered. */
  readActRegister: INSTRUCTING,
  /** « Réessayer la publication » of a traffic order whose publication failed (docs/acts.md). */
  retryActPublication: INSTRUCTING,
  /** A notification by registered letter, from the request's detail (docs/acts.md). */
  recordPostalNotification: INSTRUCTING,
  /** The signed formal notice after a refused reception, an act of the register (docs/acts.md). */
  recordSignedFormalNotice: INSTRUCTING,
  /** The format of the acts' numbers (`PUT acts/numbering`). */
  manageActNumbering: ADMIN_ONLY,
  /** The seal's certificate (`PUT`/`DELETE acts/seal`); its status is the register readers'. */
  manageActSeal: ADMIN_ONLY,
  /** The admin's 'Mise à jour du dossier' tooltip. */
  seeUpdateTooltip: ADMIN_ONLY,
  /** Operator selection in wizard step 1: any role beyond ROLE_USER / ROLE_DEMANDEUR. */
  selectOperator: [
    'ROLE_GUICHET',
    'ROLE_GESTIONNAIRE',
    'ROLE_OPERATEUR',
    'ROLE_SOUSTRAITANT',
    'ROLE_INSTRUCTEUR',
    'ROLE_ADMIN',
  ],
} as const satisfies Record<string, readonly Role[]>;
export type Capability = keyof typeof CAPABILITIES;
export const CAPABILITY_NAMES = Object.keys(CAPABILITIES) as Capability[];

/** True when the name is one of the capability table's (a name stored in a row, e.g. `map_layer.capability`). */
export function isCapability(name: string): name is Capability {
  return Object.hasOwn(CAPABILITIES, name);
}

/**
 * The roles that count for a user: its roles beyond the base ROLE_USER, or ROLE_USER alone
 * when it has no other (docs/workflow.md "Who may do what"). Unknown role names are ignored.
 */
export function effectiveRoles(user: { roles: readonly string[] } | null | undefined): Role[] {
  if (!user) return [];
  const extra = ASSIGNABLE_ROLES.filter((role) => user.roles.includes(role));
  return extra.length ? extra : ['ROLE_USER'];
}

/** True when the user holds the capability through one of its effective roles. */
export function canUser(
  user: { roles: readonly string[] } | null | undefined,
  capability: Capability,
): boolean {
  const holders: readonly Role[] = CAPABILITIES[capability];
  return effectiveRoles(user).some((role) => holders.includes(role));
}

/** The capabilities a user holds (for the API's `abilities` and the UI). */
export function capabilitiesOf(user: { roles: readonly string[] } | null | undefined): Capability[] {
  return CAPABILITY_NAMES.filter((capability) => canUser(user, capability));
}

/**
 * What a role adds to the requests an account sees (docs/api-groups.md "Who sees what"). Every
 * account sees its own requests ('own': filed by it, or where its account is the applicant or
 * the beneficiary); the other grants add to them:
 * - 'all' (instructor, admin): every request;
 * - 'guichet' (town-hall counter): the requests whose footprint meets one of its guichet
 *   perimeters (its towns);
 * - 'gestionnaire' (road manager): the requests whose footprint meets one of its gestionnaire
 *   perimeters, read-only (the workflow gives it no action: it neither acts nor uploads);
 * - 'operator': the requests attached to one of its operator groups;
 * - 'mandate' (subcontractor): the requests filed by an account of one of its subcontractor
 *   groups for an operator whose mandate of that group covers the filing day (Paris time).
 * An account holding several roles sees the union of their grants.
 */
export type VisibilityGrant = 'all' | 'guichet' | 'gestionnaire' | 'operator' | 'mandate' | 'own';

/** The grant of each role, as data. */
export const VISIBILITY_BY_ROLE: Readonly<Record<Role, VisibilityGrant>> = {
  ROLE_ADMIN: 'all',
  ROLE_INSTRUCTEUR: 'all',
  ROLE_GUICHET: 'guichet',
  ROLE_GESTIONNAIRE: 'gestionnaire',
  ROLE_OPERATEUR: 'operator',
  ROLE_SOUSTRAITANT: 'mandate',
  ROLE_DEMANDEUR: 'own',
  ROLE_USER: 'own',
};

const GRANT_ORDER: readonly VisibilityGrant[] = ['guichet', 'gestionnaire', 'operator', 'mandate'];

/**
 * The visibility grants of a user (see VisibilityGrant): ['all'] for an instructor or an admin;
 * otherwise its roles' grants, in a fixed order, always ending with 'own'.
 */
export function visibilityGrants(user: { roles: readonly string[] } | null | undefined): VisibilityGrant[] {
  const grants = new Set(effectiveRoles(user).map((role) => VISIBILITY_BY_ROLE[role]));
  if (grants.has('all')) return ['all'];
  return [...GRANT_ORDER.filter((grant) => grants.has(grant)), 'own'];
}

/** A sidebar entry (docs/screens.md "Sidebar"). */
export interface SidebarEntry {
  readonly key:
    | 'requests'
    | 'drafts'
    | 'recipients'
    | 'users'
    | 'templates'
    | 'operators'
    | 'subcontractors'
    | 'dashboard'
    | 'legalRules'
    | 'actRegister'
    | 'worksCalendar'
    | 'coordination'
    | 'documents'
    | 'account'
    | 'logout';
  readonly label: string;
  /** A route of the app, or null for the logout action. */
  readonly path: string | null;
  /** 'route': in-app link; 'logout': the logout action. */
  readonly kind: 'route' | 'logout';
}

/**
 * The sidebar entries for a user, in order, with their exact labels: the list for all, the
 * wizard's drafts for those who may file, recipients/users/templates for admins, the dashboard (the statistics page) for admins and
 * instructors, the documents library for all, 'Mon compte' unless the user is the configured
 * hidden-account user, then logout.
 */
export function sidebarEntries(
  user: CapabilityUser,
  options: { hiddenAccountUserId: number | null },
): SidebarEntry[] {
  const routes = SIDEBAR_ROUTES.filter(
    ({ capability }) => capability === null || canUser(user, capability),
  ).map(({ key, label, path }): SidebarEntry => ({ key, label, path, kind: 'route' }));
  if (options.hiddenAccountUserId === null || user.id !== options.hiddenAccountUserId) {
    routes.push({ key: 'account', label: 'Mon compte', path: '/account', kind: 'route' });
  }
  return [...routes, { key: 'logout', label: 'Se déconnecter', path: null, kind: 'logout' }];
}

/** The sidebar's links in order, each behind the capability that shows it (null: everyone). */
const SIDEBAR_ROUTES: readonly {
  readonly key: Exclude<SidebarEntry['key'], 'account' | 'logout'>;
  readonly label: string;
  readonly path: string;
  readonly capability: Capability | null;
}[] = [
  { key: 'requests', label: 'Demandes de voirie', path: '/dossiers', capability: null },
  // The wizard's drafts.
  { key: 'drafts', label: 'Brouillons', path: '/brouillons', capability: 'createRequests' },
  {
    key: 'recipients',
    label: 'Gestion des destinataires',
    path: '/destinataires',
    capability: 'manageRecipients',
  },
  { key: 'users', label: 'Gestion des utilisateurs', path: '/users', capability: 'manageUsers' },
  { key: 'templates', label: 'Gestion des modèles', path: '/modeles', capability: 'manageTemplates' },
  // Not in the spec's sidebar, whose /groups pages had no entry: administrators reach them here.
  { key: 'operators', label: 'Gestion des opérateurs', path: '/groups/operator', capability: 'manageGroups' },
  {
    key: 'subcontractors',
    label: 'Gestion des sous-traitants',
    path: '/groups/soustraitant',
    capability: 'manageGroups',
  },
  // The spec's external dashboard frame is the portal's own statistics page.
  { key: 'dashboard', label: 'Tableau de bord', path: '/statistics', capability: 'readStatistics' },
  { key: 'legalRules', label: 'Délais légaux', path: '/delais', capability: 'readLegalRules' },
  {
    key: 'actRegister',
    label: 'Registre des actes',
    path: '/registre',
    capability: 'readActRegister',
  },
  {
    key: 'coordination',
    label: 'Coordination des travaux',
    path: '/coordination',
    capability: 'manageCoordination',
  },
  {
    key: 'worksCalendar',
    label: 'Calendrier des chantiers',
    path: '/chantiers',
    capability: 'readWorksCalendar',
  },
  { key: 'documents', label: 'Documents', path: '/documents', capability: null },
];

/** The role shown in the users list: Administrateur, Instructeur, another role's label, Demandeur or 'Pas de role'. */
export function userRoleLabel(user: { roles: readonly string[] }): string {
  if (hasRole(user, 'ROLE_ADMIN')) return ROLES.ROLE_ADMIN;
  if (hasRole(user, 'ROLE_INSTRUCTEUR')) return ROLES.ROLE_INSTRUCTEUR;
  const other = ASSIGNABLE_ROLES.find((role) => role !== 'ROLE_DEMANDEUR' && user.roles.includes(role));
  if (other) return ROLES[other];
  if (hasRole(user, 'ROLE_DEMANDEUR')) return ROLES.ROLE_DEMANDEUR;
  return 'Pas de role';
}

/** True when the editor may change this user (admins, or the user itself on its account). */
export function canEditUser(editor: CapabilityUser, targetId: number | null): boolean {
  return canUser(editor, 'manageUsers') || (targetId !== null && editor.id === targetId);
}

/** A role checkbox of the user form. */
export interface RoleOption {
  readonly role: Role;
  readonly label: string;
  readonly enabled: boolean;
}

const GROUP_ROLES: readonly Role[] = ['ROLE_OPERATEUR', 'ROLE_SOUSTRAITANT'];
const COUNTER_ROLES: readonly Role[] = ['ROLE_GUICHET', 'ROLE_GESTIONNAIRE'];

/**
 * The role options of the user form (docs/api-users.md "Role and perimeter rules"). Our reading of
 * the four rules, in order: a non-admin editor has every option disabled (their own roles are
 * fixed; other users are read-only); an admin editing a user already Opérateur or Sous-traitant may
 * toggle only that role; an admin editing a Guichet or Gestionnaire may switch only between those
 * two; an admin otherwise (and on creation) sets roles freely.
 */
export function roleOptions(args: {
  editor: CapabilityUser;
  targetRoles: readonly string[];
  isCreation: boolean;
}): RoleOption[] {
  const option = (role: Role, enabled: boolean): RoleOption => ({ role, label: ROLES[role], enabled });
  if (!canUser(args.editor, 'manageUsers')) return ASSIGNABLE_ROLES.map((role) => option(role, false));
  if (!args.isCreation) {
    const group = GROUP_ROLES.find((role) => args.targetRoles.includes(role));
    if (group) return ASSIGNABLE_ROLES.map((role) => option(role, role === group));
    if (COUNTER_ROLES.some((role) => args.targetRoles.includes(role))) {
      return ASSIGNABLE_ROLES.map((role) => option(role, COUNTER_ROLES.includes(role)));
    }
  }
  return ASSIGNABLE_ROLES.map((role) => option(role, true));
}

/**
 * True when changing the target's roles from `before` to `after` only touches enabled options
 * (the server's check of the same rules).
 */
export function canChangeRoles(args: {
  editor: CapabilityUser;
  before: readonly string[];
  after: readonly string[];
  isCreation: boolean;
}): boolean {
  const options = roleOptions({ editor: args.editor, targetRoles: args.before, isCreation: args.isCreation });
  return options.every(
    (option) => option.enabled || args.before.includes(option.role) === args.after.includes(option.role),
  );
}

/**
 * The perimeter-type options are enabled for a guichet, an admin, or on creation (docs/api-users.md
 * "Role and perimeter rules").
 */
export function arePerimeterTypesEnabled(args: { editor: CapabilityUser; isCreation: boolean }): boolean {
  return args.isCreation || hasRole(args.editor, 'ROLE_GUICHET') || hasRole(args.editor, 'ROLE_ADMIN');
}
