import { describe, expect, test } from 'vitest';
import { UserListQuerySchema } from './schemas/user-admin.ts';
import { ROLE_HOLDERS } from './test-support/role-holders.ts';
import {
  USER_ADMIN_MESSAGES,
  canReadUsers,
  checkUserChange,
  leavesNoActiveAdmin,
  normalizeRoles,
  perimeterChangeOutcome,
  userAbilities,
  writablePerimeterFields,
} from './user-admin.ts';

const USERS = ROLE_HOLDERS;
type Who = keyof typeof USERS;
const WHO = Object.keys(USERS) as Who[];

const target = (who: Who, perimeters = {}) => ({ ...USERS[who], perimeters });
const rolesForbidden = { reason: 'role', message: USER_ADMIN_MESSAGES.rolesForbidden };

describe('reading users (docs/api-users.md)', () => {
  test.each(WHO)('%s', (who) => {
    expect(canReadUsers(USERS[who])).toBe(who === 'admin' || who === 'instructeur');
  });
  test('nobody signed in reads nothing', () => expect(canReadUsers(null)).toBe(false));
});

describe('role rules on an edit (docs/api-users.md)', () => {
  test.each(WHO.filter((who) => who !== 'admin'))('a %s cannot raise its own role, nor drop it', (who) => {
    const self = target(who);
    expect(
      checkUserChange({
        editor: USERS[who],
        target: self,
        roles: [...self.roles, 'ROLE_ADMIN'],
        perimeters: {},
      }),
    ).toEqual(rolesForbidden);
    expect(
      checkUserChange({ editor: USERS[who], target: self, roles: ['ROLE_USER'], perimeters: {} }),
    ).toEqual(rolesForbidden);
    // Its roles sent back, even as they are, are a write — refused; left out, allowed.
    expect(
      checkUserChange({ editor: USERS[who], target: self, roles: [...self.roles].reverse(), perimeters: {} }),
    ).toEqual(rolesForbidden);
    expect(checkUserChange({ editor: USERS[who], target: self, perimeters: {} })).toBeNull();
  });

  test.each(WHO.filter((who) => who !== 'admin'))('a %s cannot edit another user', (who) => {
    const other = { id: 99, roles: ['ROLE_DEMANDEUR'], perimeters: {} };
    expect(checkUserChange({ editor: USERS[who], target: other, perimeters: {} })).toEqual({
      reason: 'role',
      message: USER_ADMIN_MESSAGES.editForbidden,
    });
  });

  test('an admin sets roles freely on a plain account and on creation', () => {
    const admin = USERS.admin;
    expect(
      checkUserChange({
        editor: admin,
        target: target('demandeur'),
        roles: ['ROLE_INSTRUCTEUR'],
        perimeters: {},
      }),
    ).toBeNull();
    expect(
      checkUserChange({ editor: admin, target: null, roles: ['ROLE_ADMIN', 'ROLE_GUICHET'], perimeters: {} }),
    ).toBeNull();
    expect(
      checkUserChange({ editor: admin, target: target('admin'), roles: ['ROLE_DEMANDEUR'], perimeters: {} }),
    ).toBeNull();
  });

  test('an operator or subcontractor keeps only that role', () => {
    const admin = USERS.admin;
    for (const who of ['operateur', 'soustraitant'] as const) {
      expect(
        checkUserChange({
          editor: admin,
          target: target(who),
          roles: [...USERS[who].roles, 'ROLE_ADMIN'],
          perimeters: {},
        }),
      ).toEqual(rolesForbidden);
      // That role alone may be toggled.
      expect(checkUserChange({ editor: admin, target: target(who), roles: [], perimeters: {} })).toBeNull();
    }
  });

  test('guichet and gestionnaire switch only between the two', () => {
    const admin = USERS.admin;
    expect(
      checkUserChange({
        editor: admin,
        target: target('guichet'),
        roles: ['ROLE_GESTIONNAIRE'],
        perimeters: {},
      }),
    ).toBeNull();
    expect(
      checkUserChange({
        editor: admin,
        target: target('gestionnaire'),
        roles: ['ROLE_GUICHET'],
        perimeters: {},
      }),
    ).toBeNull();
    expect(
      checkUserChange({
        editor: admin,
        target: target('guichet'),
        roles: ['ROLE_INSTRUCTEUR'],
        perimeters: {},
      }),
    ).toEqual(rolesForbidden);
  });

  test('only an admin creates a user', () => {
    for (const who of WHO.filter((candidate) => candidate !== 'admin')) {
      expect(checkUserChange({ editor: USERS[who], target: null, perimeters: {} })).toEqual({
        reason: 'role',
        message: USER_ADMIN_MESSAGES.editForbidden,
      });
    }
  });
});

describe('perimeter links (docs/api-users.md: editable for guichet, admin, or on creation)', () => {
  test('a guichet changes its own perimeters; a gestionnaire or an operator does not', () => {
    const links = { guichetPerimeterIds: [1, 2] };
    expect(
      checkUserChange({
        editor: USERS.guichet,
        target: target('guichet', links),
        perimeters: { guichetPerimeterIds: [2, 3] },
      }),
    ).toBeNull();
    expect(
      checkUserChange({
        editor: USERS.gestionnaire,
        target: target('gestionnaire', { gestionnairePerimeterIds: [1] }),
        perimeters: { gestionnairePerimeterIds: [1, 4] },
      }),
    ).toEqual({ reason: 'role', message: USER_ADMIN_MESSAGES.perimetersForbidden });
    expect(
      checkUserChange({
        editor: USERS.operateur,
        target: target('operateur', { operatorPerimeterIds: [9] }),
        perimeters: { operatorPerimeterIds: [10] },
      }),
    ).toEqual({ reason: 'role', message: USER_ADMIN_MESSAGES.groupLinksForbidden });
  });

  test('a field sent is a field written: its own links sent back unchanged are refused too', () => {
    expect(
      checkUserChange({
        editor: USERS.gestionnaire,
        target: target('gestionnaire', { gestionnairePerimeterIds: [4, 1] }),
        perimeters: { gestionnairePerimeterIds: [1, 4] },
      }),
    ).toEqual({ reason: 'role', message: USER_ADMIN_MESSAGES.perimetersForbidden });
    expect(
      checkUserChange({
        editor: USERS.soustraitant,
        target: target('soustraitant', { soustraitantPerimeterIds: [7] }),
        perimeters: { soustraitantPerimeterIds: [7] },
      }),
    ).toEqual({ reason: 'role', message: USER_ADMIN_MESSAGES.groupLinksForbidden });
    // A guichet writes its guichet territories only, never a group link nor road-manager perimeters.
    expect(
      checkUserChange({
        editor: USERS.guichet,
        target: target('guichet'),
        perimeters: { guichetPerimeterIds: [], operatorPerimeterIds: [] },
      }),
    ).toEqual({ reason: 'role', message: USER_ADMIN_MESSAGES.groupLinksForbidden });
    expect(
      checkUserChange({
        editor: USERS.guichet,
        target: target('guichet'),
        perimeters: { gestionnairePerimeterIds: [1] },
      }),
    ).toEqual({ reason: 'role', message: USER_ADMIN_MESSAGES.perimetersForbidden });
  });

  test.each(WHO)('the fields a %s may write on its own account, and on creation', (who) => {
    const expected =
      who === 'admin'
        ? [
            'guichetPerimeterIds',
            'gestionnairePerimeterIds',
            'operatorPerimeterIds',
            'soustraitantPerimeterIds',
          ]
        : who === 'guichet'
          ? ['guichetPerimeterIds']
          : [];
    expect(writablePerimeterFields(USERS[who], USERS[who].id)).toEqual(expected);
    expect(writablePerimeterFields(USERS[who], null)).toEqual(who === 'admin' ? expected : []);
    // Another account: an admin's only.
    expect(writablePerimeterFields(USERS[who], 99).length > 0).toBe(who === 'admin');
  });

  test('an admin links any perimeter', () => {
    expect(
      checkUserChange({
        editor: USERS.admin,
        target: target('operateur'),
        perimeters: { operatorPerimeterIds: [3] },
      }),
    ).toBeNull();
  });
});

describe('a guichet widens its own territories only through an admin', () => {
  const mine = target('guichet', { guichetPerimeterIds: [1, 2] });
  const outcome = (perimeters: object, editor: { id: number; roles: readonly string[] } = USERS.guichet) =>
    perimeterChangeOutcome({ editor, target: mine, perimeters });

  test('the same territories or fewer apply at once', () => {
    expect(outcome({ guichetPerimeterIds: [2, 1, 1] })).toEqual({
      apply: { guichetPerimeterIds: [1, 2] },
      request: null,
    });
    expect(outcome({ guichetPerimeterIds: [2] })).toEqual({
      apply: { guichetPerimeterIds: [2] },
      request: null,
    });
    expect(outcome({ guichetPerimeterIds: null })).toEqual({
      apply: { guichetPerimeterIds: [] },
      request: null,
    });
    expect(outcome({})).toEqual({ apply: {}, request: null });
  });

  test('any territory added: the whole set is asked, nothing applies now', () => {
    expect(outcome({ guichetPerimeterIds: [3, 1] })).toEqual({ apply: {}, request: [1, 3] });
    expect(outcome({ guichetPerimeterIds: [1, 2, 5] })).toEqual({ apply: {}, request: [1, 2, 5] });
  });

  test("an admin's change, its own included, applies at once", () => {
    const admin = { id: 3, roles: ['ROLE_GUICHET', 'ROLE_ADMIN'] };
    expect(outcome({ guichetPerimeterIds: [1, 2, 5] }, admin)).toEqual({
      apply: { guichetPerimeterIds: [1, 2, 5] },
      request: null,
    });
    expect(
      perimeterChangeOutcome({ editor: USERS.admin, target: mine, perimeters: { guichetPerimeterIds: [9] } }),
    ).toEqual({ apply: { guichetPerimeterIds: [9] }, request: null });
  });
});

describe('abilities', () => {
  test('an admin on another active user: everything; on itself: no delete', () => {
    expect(userAbilities(USERS.admin, { ...USERS.demandeur, isActive: true })).toEqual({
      edit: true,
      editRoles: true,
      editPerimeters: true,
      perimeterFields: [
        'guichetPerimeterIds',
        'gestionnairePerimeterIds',
        'operatorPerimeterIds',
        'soustraitantPerimeterIds',
      ],
      askWiderPerimeters: false,
      decidePerimeterRequest: false,
      delete: true,
      resendResetLink: true,
    });
    expect(
      userAbilities(USERS.admin, { ...USERS.guichet, isActive: true, hasPendingPerimeterRequest: true })
        .decidePerimeterRequest,
    ).toBe(true);
    expect(userAbilities(USERS.admin, { ...USERS.admin, isActive: true }).delete).toBe(false);
    expect(userAbilities(USERS.admin, { ...USERS.demandeur, isActive: false })).toMatchObject({
      delete: false,
      resendResetLink: false,
    });
  });

  test('an instructor reads another user (nothing enabled) and edits itself without roles', () => {
    expect(
      userAbilities(USERS.instructeur, {
        ...USERS.guichet,
        isActive: true,
        hasPendingPerimeterRequest: true,
      }),
    ).toEqual({
      edit: false,
      editRoles: false,
      editPerimeters: false,
      perimeterFields: [],
      askWiderPerimeters: false,
      decidePerimeterRequest: false,
      delete: false,
      resendResetLink: false,
    });
    expect(userAbilities(USERS.instructeur, { ...USERS.instructeur, isActive: true })).toMatchObject({
      edit: true,
      editRoles: false,
      editPerimeters: false,
    });
    expect(
      userAbilities(USERS.guichet, { ...USERS.guichet, isActive: true, hasPendingPerimeterRequest: true }),
    ).toMatchObject({
      editPerimeters: true,
      perimeterFields: ['guichetPerimeterIds'],
      askWiderPerimeters: true,
      decidePerimeterRequest: false,
    });
  });

  test('the NewUser screen: an admin edits roles and perimeters', () => {
    expect(userAbilities(USERS.admin, null)).toMatchObject({
      edit: true,
      editRoles: true,
      editPerimeters: true,
    });
    expect(userAbilities(USERS.instructeur, null).edit).toBe(false);
  });
});

describe('the last active admin', () => {
  test('cannot be disabled nor lose the role; another admin can', () => {
    expect(leavesNoActiveAdmin({ activeAdminIds: [8], targetId: 8, rolesAfter: null })).toBe(true);
    expect(leavesNoActiveAdmin({ activeAdminIds: [8], targetId: 8, rolesAfter: ['ROLE_INSTRUCTEUR'] })).toBe(
      true,
    );
    expect(leavesNoActiveAdmin({ activeAdminIds: [8], targetId: 8, rolesAfter: ['ROLE_ADMIN'] })).toBe(false);
    expect(leavesNoActiveAdmin({ activeAdminIds: [8, 9], targetId: 8, rolesAfter: null })).toBe(false);
    expect(leavesNoActiveAdmin({ activeAdminIds: [8], targetId: 2, rolesAfter: null })).toBe(false);
  });
});

test('roles are stored without ROLE_USER, each once, known ones only', () => {
  expect(normalizeRoles(['ROLE_USER', 'ROLE_ADMIN', 'ROLE_ADMIN', 'ROLE_X', 'ROLE_GUICHET'])).toEqual([
    'ROLE_GUICHET',
    'ROLE_ADMIN',
  ]);
});

describe('GET stduser query', () => {
  test('defaults: first page of 50, last name ascending', () => {
    expect(UserListQuerySchema.parse({})).toEqual({
      page: 1,
      numItemsPerPage: 50,
      searchSort: 'lastName',
      searchDir: 'asc',
    });
  });

  test('numbers as text, the spec page sizes only, the filter as JSON', () => {
    expect(
      UserListQuerySchema.parse({
        page: '3',
        numItemsPerPage: '250',
        searchFilter: '{"role":"ROLE_GUICHET","inactive":true}',
        searchSort: 'role',
        searchDir: 'desc',
      }),
    ).toMatchObject({
      page: 3,
      numItemsPerPage: 250,
      searchFilter: { role: 'ROLE_GUICHET', inactive: true },
    });
    expect(UserListQuerySchema.safeParse({ numItemsPerPage: '60' }).success).toBe(false);
    expect(UserListQuerySchema.safeParse({ searchFilter: '{' }).success).toBe(false);
    expect(UserListQuerySchema.safeParse({ searchSort: 'password' }).success).toBe(false);
  });
});
