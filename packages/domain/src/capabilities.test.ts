import { describe, expect, test } from 'vitest';
import {
  CAPABILITY_NAMES,
  arePerimeterTypesEnabled,
  canChangeRoles,
  canEditUser,
  canUser,
  capabilitiesOf,
  isCapability,
  effectiveRoles,
  roleOptions,
  sidebarEntries,
  userRoleLabel,
  visibilityGrants,
} from './capabilities.ts';
import type { Capability } from './capabilities.ts';
import { ROLE_HOLDERS } from './test-support/role-holders.ts';

const USERS = { userOnly: { id: 1, roles: ['ROLE_USER'] }, ...ROLE_HOLDERS } as const;
type Who = keyof typeof USERS;

/**
 * Hand-written: who holds each capability (docs/workflow.md "Who may do what", docs/api-users.md
 * "Role and perimeter rules").
 */
const EXPECTED: Record<Capability, readonly Who[]> = {
  createRequests: ['userOnly', 'demandeur', 'guichet', 'operateur', 'soustraitant', 'instructeur', 'admin'],
  seeStatusTabs: ['instructeur', 'admin'],
  seeInstructorColumn: ['instructeur', 'admin'],
  seeDeadlines: ['instructeur', 'admin'],
  readLegalRules: ['instructeur', 'admin'],
  manageLegalRules: ['admin'],
  readStatistics: ['instructeur', 'admin'],
  readWorksCalendar: ['gestionnaire', 'instructeur', 'admin'],
  readCoordination: ['gestionnaire', 'instructeur', 'admin'],
  searchConflicts: ['instructeur', 'admin'],
  useAdminListing: ['instructeur', 'admin'],
  seeSigningNotices: ['instructeur', 'admin'],
  seeReceptionDocuments: ['instructeur', 'admin'],
  seeDecisionAnnexEarly: ['instructeur', 'admin'],
  instructRequests: ['instructeur', 'admin'],
  manageRecipients: ['admin'],
  manageUsers: ['admin'],
  manageTemplates: ['admin'],
  manageGroups: ['admin'],
  readHistory: ['admin'],
  manageLibrary: ['admin'],
  manageCoordination: ['admin'],
  readConsultations: ['instructeur', 'admin'],
  importConsultations: ['admin'],
  readActRegister: ['instructeur', 'admin'],
  retryActPublication: ['instructeur', 'admin'],
  recordPostalNotification: ['instructeur', 'admin'],
  recordSignedFormalNotice: ['instructeur', 'admin'],
  manageActNumbering: ['admin'],
  manageActSeal: ['admin'],
  seeUpdateTooltip: ['admin'],
  selectOperator: ['guichet', 'gestionnaire', 'operateur', 'soustraitant', 'instructeur', 'admin'],
};

describe('capabilities', () => {
  const pairs = CAPABILITY_NAMES.flatMap((capability) =>
    (Object.keys(USERS) as Who[]).map((who) => ({ capability, who })),
  );
  test.each(pairs)('$capability for $who', ({ capability, who }) => {
    expect(canUser(USERS[who], capability)).toBe(EXPECTED[capability].includes(who));
  });

  test('tells a capability stored by name from any other text', () => {
    expect(isCapability('readConsultations')).toBe(true);
    expect(isCapability('toString')).toBe(false);
    expect(isCapability('lireConsultations')).toBe(false);
  });

  test('ROLE_USER only counts when there is no other role', () => {
    expect(effectiveRoles({ roles: ['ROLE_USER', 'ROLE_GESTIONNAIRE'] })).toEqual(['ROLE_GESTIONNAIRE']);
    expect(effectiveRoles({ roles: [] })).toEqual(['ROLE_USER']);
    expect(canUser(null, 'createRequests')).toBe(false);
    expect(capabilitiesOf(USERS.demandeur)).toEqual(['createRequests']);
  });

  test.each([
    ['admin', ['all']],
    ['instructeur', ['all']],
    ['guichet', ['guichet', 'own']],
    ['gestionnaire', ['gestionnaire', 'own']],
    ['operateur', ['operator', 'own']],
    ['soustraitant', ['mandate', 'own']],
    ['demandeur', ['own']],
    ['userOnly', ['own']],
  ] as const)('visibility of %s: %j', (who, grants) => {
    expect(visibilityGrants(USERS[who])).toEqual(grants);
  });

  test('several roles see the union of their grants; all wins; nobody signed in sees only its own', () => {
    expect(visibilityGrants({ roles: ['ROLE_OPERATEUR', 'ROLE_GUICHET'] })).toEqual([
      'guichet',
      'operator',
      'own',
    ]);
    expect(visibilityGrants({ roles: ['ROLE_SOUSTRAITANT', 'ROLE_OPERATEUR'] })).toEqual([
      'operator',
      'mandate',
      'own',
    ]);
    expect(visibilityGrants({ roles: ['ROLE_DEMANDEUR', 'ROLE_INSTRUCTEUR'] })).toEqual(['all']);
    expect(visibilityGrants(null)).toEqual(['own']);
  });
});

describe('sidebar', () => {
  const options = { hiddenAccountUserId: 248 };
  const labels = (
    who: { id: number; roles: readonly string[] },
    opts: { hiddenAccountUserId: number | null } = options,
  ) => sidebarEntries(who, opts).map((e) => e.label);

  test('admin: every entry, in order, with paths', () => {
    expect(sidebarEntries(USERS.admin, options)).toEqual([
      { key: 'requests', label: 'Demandes de voirie', path: '/dossiers', kind: 'route' },
      { key: 'drafts', label: 'Brouillons', path: '/brouillons', kind: 'route' },
      { key: 'recipients', label: 'Gestion des destinataires', path: '/destinataires', kind: 'route' },
      { key: 'users', label: 'Gestion des utilisateurs', path: '/users', kind: 'route' },
      { key: 'templates', label: 'Gestion des modèles', path: '/modeles', kind: 'route' },
      { key: 'operators', label: 'Gestion des opérateurs', path: '/groups/operator', kind: 'route' },
      {
        key: 'subcontractors',
        label: 'Gestion des sous-traitants',
        path: '/groups/soustraitant',
        kind: 'route',
      },
      { key: 'dashboard', label: 'Tableau de bord', path: '/statistics', kind: 'route' },
      { key: 'legalRules', label: 'Délais légaux', path: '/delais', kind: 'route' },
      { key: 'actRegister', label: 'Registre des actes', path: '/registre', kind: 'route' },
      { key: 'coordination', label: 'Coordination des travaux', path: '/coordination', kind: 'route' },
      { key: 'worksCalendar', label: 'Calendrier des chantiers', path: '/chantiers', kind: 'route' },
      { key: 'documents', label: 'Documents', path: '/documents', kind: 'route' },
      { key: 'account', label: 'Mon compte', path: '/account', kind: 'route' },
      { key: 'logout', label: 'Se déconnecter', path: null, kind: 'logout' },
    ]);
  });

  test('instructor: the list, the drafts, the dashboard, the legal delays, the register of acts, the works calendar, the documents, account, logout', () => {
    expect(labels(USERS.instructeur)).toEqual([
      'Demandes de voirie',
      'Brouillons',
      'Tableau de bord',
      'Délais légaux',
      'Registre des actes',
      'Calendrier des chantiers',
      'Documents',
      'Mon compte',
      'Se déconnecter',
    ]);
  });

  test.each(['userOnly', 'demandeur', 'guichet', 'operateur', 'soustraitant'] as const)(
    '%s: the list, the drafts, the documents, account, logout',
    (who) => {
      expect(labels(USERS[who])).toEqual([
        'Demandes de voirie',
        'Brouillons',
        'Documents',
        'Mon compte',
        'Se déconnecter',
      ]);
    },
  );

  test('gestionnaire (files nothing): no drafts; the works calendar of its perimeters', () => {
    expect(labels(USERS.gestionnaire)).toEqual([
      'Demandes de voirie',
      'Calendrier des chantiers',
      'Documents',
      'Mon compte',
      'Se déconnecter',
    ]);
  });

  test("'Mon compte' is hidden for the configured user id only", () => {
    expect(labels({ id: 248, roles: ['ROLE_ADMIN'] })).not.toContain('Mon compte');
    expect(labels({ id: 248, roles: ['ROLE_DEMANDEUR'] })).toEqual([
      'Demandes de voirie',
      'Brouillons',
      'Documents',
      'Se déconnecter',
    ]);
    expect(labels({ id: 248, roles: ['ROLE_DEMANDEUR'] }, { hiddenAccountUserId: null })).toContain(
      'Mon compte',
    );
  });

  test('the dashboard is the statistics page, with no configuration', () => {
    const entry = sidebarEntries(USERS.instructeur, { hiddenAccountUserId: null }).find(
      (e) => e.key === 'dashboard',
    );
    expect(entry).toEqual({ key: 'dashboard', label: 'Tableau de bord', path: '/statistics', kind: 'route' });
  });
});

describe('user form rules', () => {
  const enabled = (options: ReturnType<typeof roleOptions>) =>
    options.filter((o) => o.enabled).map((o) => o.role);

  test('an admin sets roles freely (creation or ordinary user)', () => {
    expect(enabled(roleOptions({ editor: USERS.admin, targetRoles: [], isCreation: true }))).toHaveLength(7);
    expect(
      enabled(roleOptions({ editor: USERS.admin, targetRoles: ['ROLE_DEMANDEUR'], isCreation: false })),
    ).toHaveLength(7);
  });

  test('an operator or subcontractor keeps only that role', () => {
    expect(
      enabled(
        roleOptions({ editor: USERS.admin, targetRoles: ['ROLE_USER', 'ROLE_OPERATEUR'], isCreation: false }),
      ),
    ).toEqual(['ROLE_OPERATEUR']);
    expect(
      enabled(roleOptions({ editor: USERS.admin, targetRoles: ['ROLE_SOUSTRAITANT'], isCreation: false })),
    ).toEqual(['ROLE_SOUSTRAITANT']);
  });

  test('a guichet or manager switches only between Guichet and Gestionnaire de voirie', () => {
    const options = roleOptions({ editor: USERS.admin, targetRoles: ['ROLE_GUICHET'], isCreation: false });
    expect(enabled(options)).toEqual(['ROLE_GUICHET', 'ROLE_GESTIONNAIRE']);
    expect(options.find((o) => o.role === 'ROLE_GESTIONNAIRE')?.label).toBe('Gestionnaire de voirie');
  });

  test('a non-admin has every role option disabled, even on their own account', () => {
    expect(
      enabled(roleOptions({ editor: USERS.guichet, targetRoles: ['ROLE_GUICHET'], isCreation: false })),
    ).toEqual([]);
    expect(enabled(roleOptions({ editor: USERS.instructeur, targetRoles: [], isCreation: true }))).toEqual(
      [],
    );
  });

  test('role changes are checked against the same rules', () => {
    const admin = USERS.admin;
    expect(
      canChangeRoles({
        editor: admin,
        before: ['ROLE_GUICHET'],
        after: ['ROLE_GESTIONNAIRE'],
        isCreation: false,
      }),
    ).toBe(true);
    expect(
      canChangeRoles({ editor: admin, before: ['ROLE_GUICHET'], after: ['ROLE_ADMIN'], isCreation: false }),
    ).toBe(false);
    expect(canChangeRoles({ editor: admin, before: ['ROLE_OPERATEUR'], after: [], isCreation: false })).toBe(
      true,
    );
    expect(
      canChangeRoles({
        editor: USERS.demandeur,
        before: ['ROLE_DEMANDEUR'],
        after: ['ROLE_ADMIN'],
        isCreation: false,
      }),
    ).toBe(false);
    expect(
      canChangeRoles({
        editor: USERS.demandeur,
        before: ['ROLE_DEMANDEUR'],
        after: ['ROLE_DEMANDEUR'],
        isCreation: false,
      }),
    ).toBe(true);
  });

  test('perimeter types: guichet, admin, or creation', () => {
    expect(arePerimeterTypesEnabled({ editor: USERS.guichet, isCreation: false })).toBe(true);
    expect(arePerimeterTypesEnabled({ editor: USERS.admin, isCreation: false })).toBe(true);
    expect(arePerimeterTypesEnabled({ editor: USERS.instructeur, isCreation: true })).toBe(true);
    expect(arePerimeterTypesEnabled({ editor: USERS.instructeur, isCreation: false })).toBe(false);
  });

  test('admins edit anyone; others only themselves', () => {
    expect(canEditUser(USERS.admin, 99)).toBe(true);
    expect(canEditUser(USERS.demandeur, 2)).toBe(true);
    expect(canEditUser(USERS.instructeur, 2)).toBe(false);
  });

  test('users list role labels', () => {
    expect(userRoleLabel(USERS.admin)).toBe('Administrateur');
    expect(userRoleLabel({ roles: ['ROLE_DEMANDEUR', 'ROLE_INSTRUCTEUR'] })).toBe('Instructeur');
    expect(userRoleLabel(USERS.demandeur)).toBe('Demandeur');
    expect(userRoleLabel(USERS.userOnly)).toBe('Pas de role');
    expect(userRoleLabel(USERS.guichet)).toBe('Guichet');
  });
});
