import { beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { ACCOUNT_MESSAGES, USER_ADMIN_MESSAGES, type Role } from '@voirie/domain';
import { choosePassword, createTestApp, signIn, testAppForFile } from './test-app.ts';
import { createRequest, createUser, type TestUser } from './requests-factory.ts';
import { linkIn } from './smtp-peer.ts';

// Users: every stduser route by every role, the role rules on the server (403 and
// nothing changed), the perimeter links, deletion (disabled, sessions ended, data kept) and the
// password links of a created account.

const t = testAppForFile();
const ROLES_UNDER_TEST = {
  admin: ['ROLE_ADMIN'],
  instructor: ['ROLE_INSTRUCTEUR'],
  applicant: ['ROLE_DEMANDEUR'],
  guichet: ['ROLE_GUICHET'],
  gestionnaire: ['ROLE_GESTIONNAIRE'],
  operator: ['ROLE_OPERATEUR'],
  subcontractor: ['ROLE_SOUSTRAITANT'],
} as const satisfies Record<string, Role[]>;
type Who = keyof typeof ROLES_UNDER_TEST;
const WHO = Object.keys(ROLES_UNDER_TEST) as Who[];
const users = {} as Record<Who, TestUser>;
let towns: { id: number; libelle: string }[];
let operatorGroup: number;
let subcontractorGroup: number;

beforeAll(async () => {
  for (const who of WHO) users[who] = await createUser(t, [...ROLES_UNDER_TEST[who]], { lastName: who });
  towns = await t.database.db
    .selectFrom('perimeter')
    .select(['id', 'libelle'])
    .where('type', '=', 'town')
    .orderBy('libelle')
    .limit(3)
    .execute();
  const group = (libelle: string, type: 'operator' | 'soustraitant') =>
    t.database.db
      .insertInto('perimeter')
      .values({ libelle, type, code: '73282932000074' })
      .returning('id')
      .executeTakeFirstOrThrow();
  operatorGroup = (await group('Réseaux Test', 'operator')).id;
  subcontractorGroup = (await group('TP Test', 'soustraitant')).id;
});

const db = () => t.database.db;
const as = (who: Who | 'anonymous') => (who === 'anonymous' ? {} : users[who].headers);

function inject(
  who: Who | 'anonymous' | TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  const headers = typeof who === 'string' ? as(who) : who.headers;
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

/**
 * The form a user's own screen sends back: its current values, with the roles and perimeter
 * fields only when its abilities let it write them (a field sent is a field written),
 * changed by `changes`.
 */
async function formOf(who: TestUser, changes: Record<string, unknown> = {}) {
  const res = await inject('admin', 'GET', `/api/stduser/${String(who.id)}`);
  const { data } = res.json();
  const { abilities } = (await inject(who, 'GET', `/api/stduser/${String(who.id)}`)).json().data;
  const perimeterFields: string[] = abilities.perimeterFields;
  return {
    nature: data.nature ?? 'Particulier',
    title: data.title ?? 'Madame',
    lastName: data.lastName,
    firstName: data.firstName,
    email: data.email,
    phone: data.phone ?? '0558000000',
    ...(abilities.editRoles ? { roles: data.roles } : {}),
    ...Object.fromEntries(perimeterFields.map((field) => [field, data[field]])),
    ...changes,
  };
}

async function rolesOf(userId: number): Promise<string[]> {
  const rows = await db()
    .selectFrom('userRole')
    .select('roleCode')
    .where('userId', '=', userId)
    .orderBy('roleCode')
    .execute();
  return rows.map((row) => row.roleCode);
}

async function historyCount(userId: number): Promise<number> {
  const row = await db()
    .selectFrom('historyLog')
    .select(sql<string>`count(*)`.as('n'))
    .where('entity', '=', 'user')
    .where('entityId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('GET stduser: the list (docs/api-users.md)', () => {
  test.each([...WHO, 'anonymous' as const])('by %s', async (who) => {
    const res = await inject(who, 'GET', '/api/stduser');
    const expected = who === 'anonymous' ? 401 : who === 'admin' || who === 'instructor' ? 200 : 403;
    expect(res.statusCode).toBe(expected);
    if (expected === 403)
      expect(res.json().message).toBe("Vous n'avez pas les droits pour accéder à cette fonctionnalité.");
  });

  test('last name ascending by default, with the pagination; search, sort, role filter, page sizes', async () => {
    const res = await inject('instructor', 'GET', '/api/stduser');
    const body = res.json();
    expect(body.pagination).toMatchObject({ page: 1, numItemsPerPage: 50 });
    expect(body.pagination.total).toBeGreaterThanOrEqual(7);
    const names: string[] = body.data.map((row: { lastName: string }) => row.lastName.toLowerCase());
    expect(names).toEqual([...names].sort());
    const row = body.data.find((item: { id: number }) => item.id === users.guichet.id);
    expect(row).toEqual({
      id: users.guichet.id,
      publicId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      firstName: 'Prénom',
      lastName: 'guichet',
      email: users.guichet.email,
      phone: null,
      roles: ['ROLE_USER', 'ROLE_GUICHET'],
      isActive: true,
      picture: null,
      perimeterRequestPending: false,
    });
    expect(JSON.stringify(body)).not.toContain('passwordHash');

    const found = (await inject('admin', 'GET', '/api/stduser?searchText=GESTIONNAIRE')).json();
    expect(found.data.map((item: { id: number }) => item.id)).toEqual([users.gestionnaire.id]);
    // Wildcards typed are plain characters.
    expect((await inject('admin', 'GET', '/api/stduser?searchText=%25')).json().data).toEqual([]);

    const byRole = (await inject('admin', 'GET', '/api/stduser?searchSort=role&searchDir=asc')).json();
    const labels = byRole.data
      .filter((item: { id: number }) => WHO.some((who) => users[who].id === item.id))
      .map((item: { lastName: string }) => item.lastName);
    expect(labels).toEqual([
      'admin',
      'applicant',
      'gestionnaire',
      'guichet',
      'instructor',
      'operator',
      'subcontractor',
    ]);
    const filter = encodeURIComponent(JSON.stringify({ role: 'ROLE_OPERATEUR' }));
    const operators = (await inject('admin', 'GET', `/api/stduser?searchFilter=${filter}`)).json();
    expect(operators.data.map((item: { id: number }) => item.id)).toEqual([users.operator.id]);

    const small = await inject('admin', 'GET', '/api/stduser?numItemsPerPage=60');
    expect(small.statusCode).toBe(400);
    const byIdDesc = (await inject('admin', 'GET', '/api/stduser?searchSort=id&searchDir=desc')).json();
    const ids = byIdDesc.data.map((item: { id: number }) => item.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
  });
});

describe('GET stduser/{id}', () => {
  test.each([...WHO, 'anonymous' as const])('another account by %s', async (who) => {
    const res = await inject(who, 'GET', `/api/stduser/${String(users.applicant.id)}`);
    if (who === 'applicant') return expect(res.statusCode).toBe(200);
    const expected = who === 'anonymous' ? 401 : who === 'admin' || who === 'instructor' ? 200 : 403;
    expect(res.statusCode).toBe(expected);
    if (expected === 200)
      expect(res.json().data.abilities).toMatchObject({
        edit: who === 'admin',
        editRoles: who === 'admin',
        editPerimeters: who === 'admin',
        askWiderPerimeters: false,
        decidePerimeterRequest: false,
        delete: who === 'admin',
        resendResetLink: who === 'admin',
      });
    if (expected === 403) expect(res.json().message).toBe(USER_ADMIN_MESSAGES.readForbidden);
  });

  test.each(WHO)('oneself by %s, by number or by opaque id', async (who) => {
    const res = await inject(who, 'GET', `/api/stduser/${String(users[who].id)}`);
    expect(res.statusCode).toBe(200);
    const user = res.json().data;
    expect(user).toMatchObject({ id: users[who].id, email: users[who].email, isActive: true });
    expect(user).not.toHaveProperty('passwordHash');
    expect(user.abilities.edit).toBe(true);
    const byPublicId = await inject(who, 'GET', `/api/stduser/${String(user.publicId)}`);
    expect(byPublicId.json().data.id).toBe(users[who].id);
  });

  test('an unknown user is a 404 for those who may read users, a 403 for the others', async () => {
    expect((await inject('admin', 'GET', '/api/stduser/999999')).statusCode).toBe(404);
    expect((await inject('admin', 'GET', '/api/stduser/abc')).statusCode).toBe(404);
    expect((await inject('applicant', 'GET', '/api/stduser/999999')).statusCode).toBe(403);
  });
});

describe('POST stduser: NewUser (admins)', () => {
  test.each([...WHO.filter((who) => who !== 'admin'), 'anonymous' as const])(
    'refused to %s, nothing created',
    async (who) => {
      const email = `refused-${who}@exemple.fr`;
      const res = await inject(who, 'POST', '/api/stduser', {
        nature: 'Particulier',
        title: 'Madame',
        lastName: 'Refus',
        firstName: 'Eva',
        email,
        phone: '0558000000',
        roles: ['ROLE_ADMIN'],
      });
      expect(res.statusCode).toBe(who === 'anonymous' ? 401 : 403);
      expect(
        await db().selectFrom('stdUser').select('id').where('email', '=', email).executeTakeFirst(),
      ).toBe(undefined);
    },
  );

  test('an instructor account: mail with a single-use link that sets the password; then it signs in', async () => {
    const res = await inject('admin', 'POST', '/api/stduser', {
      nature: 'Service public',
      title: 'Monsieur',
      lastName: 'Nouveau',
      firstName: 'Instructeur',
      email: 'Nouvel.Instructeur@Exemple.fr',
      phone: '05 58 00 00 01',
      roles: ['ROLE_USER', 'ROLE_INSTRUCTEUR'],
      corporationName: 'CC MACS',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.message).toBe(USER_ADMIN_MESSAGES.created('nouvel.instructeur@exemple.fr'));
    expect(created.data).toMatchObject({
      email: 'nouvel.instructeur@exemple.fr',
      phone: '0558000001',
      roles: ['ROLE_USER', 'ROLE_INSTRUCTEUR'],
      user_confirm: false,
      corporationName: 'CC MACS',
      isCorporation: true,
    });
    // The same address again: refused.
    const twice = await inject('admin', 'POST', '/api/stduser', {
      nature: 'Entreprise',
      email: 'NOUVEL.instructeur@exemple.fr',
      phone: '0558000000',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(USER_ADMIN_MESSAGES.emailTaken);

    const mail = await t.smtp.waitFor('nouvel.instructeur@exemple.fr');
    expect(mail.subject).toContain('votre compte a été créé');
    const token = linkIn(mail, 'password');
    // No password yet: no way in.
    const early = await signIn(t, 'nouvel.instructeur@exemple.fr', 'Nouveau-2026!');
    expect(early.statusCode).toBe(401);
    const set = await choosePassword(t, created.data.id, 'Nouveau-2026!', token);
    expect(set.statusCode).toBe(200);
    const again = await choosePassword(t, created.data.id, 'Autre-2026!!', token);
    expect(again.statusCode).toBe(401);
    const login = await signIn(t, 'nouvel.instructeur@exemple.fr', 'Nouveau-2026!');
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.roles).toEqual(['ROLE_USER', 'ROLE_INSTRUCTEUR']);
    const history = await db()
      .selectFrom('historyLog')
      .select(['context', 'userId'])
      .where('entity', '=', 'user')
      .where('entityId', '=', created.data.id)
      .orderBy('id')
      .execute();
    expect(history[0]).toEqual({ context: 'Création du compte', userId: users.admin.id });
  });

  test('an operator attached to its group, a guichet to its towns; wrong kinds of perimeters refused', async () => {
    const operator = await inject('admin', 'POST', '/api/stduser', {
      nature: 'Entreprise',
      email: 'agent@reseaux.test',
      phone: '0558000002',
      corporationName: 'Réseaux Test',
      roles: ['ROLE_OPERATEUR'],
      operatorPerimeterIds: [operatorGroup],
    });
    expect(operator.statusCode).toBe(201);
    expect(operator.json().data).toMatchObject({
      operatorPerimeterIds: [operatorGroup],
      perimeters: [{ id: operatorGroup, libelle: 'Réseaux Test', type: 'operator', kind: 'operateur' }],
    });
    const wrong = await inject('admin', 'POST', '/api/stduser', {
      nature: 'Service public',
      email: 'mairie@guichet.test',
      phone: '0558000003',
      roles: ['ROLE_GUICHET'],
      guichetPerimeterIds: [towns[0]!.id, subcontractorGroup, 99999999],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain(USER_ADMIN_MESSAGES.perimeterWrongType('TP Test'));
    expect(wrong.json().message).toContain(USER_ADMIN_MESSAGES.perimeterUnknown(99999999));
    expect(
      await db()
        .selectFrom('stdUser')
        .select('id')
        .where('email', '=', 'mairie@guichet.test')
        .executeTakeFirst(),
    ).toBe(undefined);
  });

  test('the user form validation (docs/validation.md), in French', async () => {
    const res = await inject('admin', 'POST', '/api/stduser', {
      nature: 'Particulier',
      email: 'pas-une-adresse',
      phone: '123',
      addressNum: '12b',
      corporationName: 'x'.repeat(101),
    });
    expect(res.statusCode).toBe(400);
    const messages = res.json().errors.map((error: { path: string }) => error.path);
    expect(messages).toEqual(
      expect.arrayContaining([
        'email',
        'phone',
        'addressNum',
        'corporationName',
        'title',
        'lastName',
        'firstName',
      ]),
    );
    expect(res.json().message).toContain('Le numéro de téléphone doit comporter exactement 10 chiffres');
  });
});

describe('PUT stduser/{id}: oneself for everyone, others for admins', () => {
  test.each(WHO)('%s edits its own account (names, phone, address)', async (who) => {
    const form = await formOf(users[who], { firstName: `Nouveau ${who}`, addressCity: 'Capbreton' });
    const res = await inject(who, 'PUT', `/api/stduser/${String(users[who].id)}`, form);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: USER_ADMIN_MESSAGES.updated,
      data: { firstName: `Nouveau ${who}`, addressCity: 'Capbreton' },
    });
    const entry = await db()
      .selectFrom('historyLog')
      .select(['context', 'data'])
      .where('entity', '=', 'user')
      .where('entityId', '=', users[who].id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.context).toBe('Modification du compte');
    expect(entry.data).toMatchObject({ firstName: { before: 'Prénom', after: `Nouveau ${who}` } });
  });

  test.each(WHO.filter((who) => who !== 'admin'))(
    'a %s raising its own role to admin: 403 and nothing changed',
    async (who) => {
      const me = users[who];
      const form = await formOf(me, {
        roles: ['ROLE_USER', ...ROLES_UNDER_TEST[who], 'ROLE_ADMIN'],
        lastName: 'Pirate',
      });
      const before = await historyCount(me.id);
      const res = await inject(who, 'PUT', `/api/stduser/${String(me.id)}`, form);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(USER_ADMIN_MESSAGES.rolesForbidden);
      expect(await rolesOf(me.id)).toEqual([...ROLES_UNDER_TEST[who]]);
      const row = await db()
        .selectFrom('stdUser')
        .select('lastName')
        .where('id', '=', me.id)
        .executeTakeFirstOrThrow();
      expect(row.lastName).toBe(who);
      expect(await historyCount(me.id)).toBe(before);
      // Still not an admin for the routes either.
      expect((await inject(who, 'DELETE', `/api/stduser/${String(users.applicant.id)}`)).statusCode).toBe(
        403,
      );
    },
  );

  test.each(WHO.filter((who) => who !== 'admin'))('a %s cannot edit another account', async (who) => {
    const target = who === 'applicant' ? users.guichet : users.applicant;
    const form = await formOf(target, { lastName: 'Changé' });
    const res = await inject(who, 'PUT', `/api/stduser/${String(target.id)}`, form);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(USER_ADMIN_MESSAGES.editForbidden);
    const row = await db()
      .selectFrom('stdUser')
      .select('lastName')
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(row.lastName).not.toBe('Changé');
  });

  test('the « Fonction »: set at creation, trimmed, shown, changed, kept when not sent, at most 120 characters', async () => {
    const res = await inject('admin', 'POST', '/api/stduser', {
      nature: 'Service public',
      title: 'Madame',
      lastName: 'Lafitte',
      firstName: 'Anne',
      email: 'anne.lafitte@exemple.fr',
      phone: '0558000002',
      roles: ['ROLE_INSTRUCTEUR'],
      jobTitle: '  Maire adjointe à la voirie ',
    });
    expect(res.statusCode).toBe(201);
    const id: number = res.json().data.id;
    expect(res.json().data.jobTitle).toBe('Maire adjointe à la voirie');
    const signatory = { ...users.admin, id };
    const read = await inject('instructor', 'GET', `/api/stduser/${String(id)}`);
    expect(read.json().data.jobTitle).toBe('Maire adjointe à la voirie');
    const changed = await inject('admin', 'PUT', `/api/stduser/${String(id)}`, {
      ...(await formOf(signatory)),
      jobTitle: 'Maire',
    });
    expect(changed.json().data.jobTitle).toBe('Maire');
    const unsent = await inject('admin', 'PUT', `/api/stduser/${String(id)}`, await formOf(signatory));
    expect(unsent.json().data.jobTitle).toBe('Maire');
    const tooLong = await inject('admin', 'PUT', `/api/stduser/${String(id)}`, {
      ...(await formOf(signatory)),
      jobTitle: 'f'.repeat(121),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.stringify(tooLong.json())).toContain('Ce champ ne peut pas dépasser 120 caractères');
    const cleared = await inject('admin', 'PUT', `/api/stduser/${String(id)}`, {
      ...(await formOf(signatory)),
      jobTitle: '',
    });
    expect(cleared.json().data.jobTitle).toBeNull();
  });

  test('an account sets its own « Fonction », which the connected user carries', async () => {
    const self = await createUser(t, ['ROLE_INSTRUCTEUR']);
    const res = await inject(self, 'PUT', `/api/stduser/${String(self.id)}`, {
      ...(await formOf(self)),
      jobTitle: 'Directeur des services techniques',
    });
    expect(res.statusCode).toBe(200);
    const me = await inject(self, 'GET', '/api/userConnected');
    expect(me.json().data.jobTitle).toBe('Directeur des services techniques');
  });

  test('anonymous: 401', async () => {
    const res = await inject('anonymous', 'PUT', `/api/stduser/${String(users.applicant.id)}`, {});
    expect(res.statusCode).toBe(401);
  });

  test('an admin sets roles freely; the session sees the new role at once', async () => {
    const target = await createUser(t, ['ROLE_DEMANDEUR']);
    expect((await inject(target, 'GET', '/api/stduser')).statusCode).toBe(403);
    const res = await inject(
      'admin',
      'PUT',
      `/api/stduser/${String(target.id)}`,
      await formOf(target, { roles: ['ROLE_INSTRUCTEUR'] }),
    );
    expect(res.statusCode).toBe(200);
    expect(await rolesOf(target.id)).toEqual(['ROLE_INSTRUCTEUR']);
    expect((await inject(target, 'GET', '/api/stduser')).statusCode).toBe(200);
    const entry = await db()
      .selectFrom('historyLog')
      .select('data')
      .where('entity', '=', 'user')
      .where('entityId', '=', target.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.data).toMatchObject({ roles: { before: ['ROLE_DEMANDEUR'], after: ['ROLE_INSTRUCTEUR'] } });
  });

  test('an operator keeps only its role; guichet and gestionnaire switch between them only', async () => {
    const operator = await createUser(t, ['ROLE_OPERATEUR']);
    const toAdmin = await inject(
      'admin',
      'PUT',
      `/api/stduser/${String(operator.id)}`,
      await formOf(operator, { roles: ['ROLE_OPERATEUR', 'ROLE_INSTRUCTEUR'] }),
    );
    expect(toAdmin.statusCode).toBe(403);
    expect(await rolesOf(operator.id)).toEqual(['ROLE_OPERATEUR']);

    const guichet = await createUser(t, ['ROLE_GUICHET']);
    const toManager = await inject(
      'admin',
      'PUT',
      `/api/stduser/${String(guichet.id)}`,
      await formOf(guichet, { roles: ['ROLE_GESTIONNAIRE'] }),
    );
    expect(toManager.statusCode).toBe(200);
    expect(await rolesOf(guichet.id)).toEqual(['ROLE_GESTIONNAIRE']);
    const toApplicant = await inject(
      'admin',
      'PUT',
      `/api/stduser/${String(guichet.id)}`,
      await formOf(guichet, { roles: ['ROLE_DEMANDEUR'] }),
    );
    expect(toApplicant.statusCode).toBe(403);
    expect(await rolesOf(guichet.id)).toEqual(['ROLE_GESTIONNAIRE']);
  });

  test('perimeters: a guichet asks for more towns (own-account-matrix), a gestionnaire changes none; an admin links groups', async () => {
    const guichet = await createUser(t, ['ROLE_GUICHET']);
    const mine = await inject(
      guichet,
      'PUT',
      `/api/stduser/${String(guichet.id)}`,
      await formOf(guichet, { guichetPerimeterIds: [towns[0]!.id, towns[1]!.id] }),
    );
    expect(mine.statusCode).toBe(200);
    expect(mine.json().message).toBe(USER_ADMIN_MESSAGES.perimeterRequestSent);
    expect(mine.json().data.guichetPerimeterIds).toEqual([]);
    expect(mine.json().data.abilities.editPerimeters).toBe(true);

    const manager = await createUser(t, ['ROLE_GESTIONNAIRE']);
    const refused = await inject(
      manager,
      'PUT',
      `/api/stduser/${String(manager.id)}`,
      await formOf(manager, { gestionnairePerimeterIds: [towns[2]!.id] }),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(USER_ADMIN_MESSAGES.perimetersForbidden);
    expect(
      await db().selectFrom('userPerimeter').select('perimeterId').where('userId', '=', manager.id).execute(),
    ).toEqual([]);

    const subcontractor = await createUser(t, ['ROLE_SOUSTRAITANT']);
    const linked = await inject(
      'admin',
      'PUT',
      `/api/stduser/${String(subcontractor.id)}`,
      await formOf(subcontractor, { soustraitantPerimeterIds: [subcontractorGroup] }),
    );
    expect(linked.statusCode).toBe(200);
    const rows = await db()
      .selectFrom('userPerimeter')
      .select(['perimeterId', 'kind'])
      .where('userId', '=', subcontractor.id)
      .execute();
    expect(rows).toEqual([{ perimeterId: subcontractorGroup, kind: 'soustraitant' }]);
    // A subcontractor group where an operator group is expected: 400, nothing changed.
    const wrong = await inject(
      'admin',
      'PUT',
      `/api/stduser/${String(subcontractor.id)}`,
      await formOf(subcontractor, { operatorPerimeterIds: [subcontractorGroup] }),
    );
    expect(wrong.statusCode).toBe(400);
  });

  test('no password through this form', async () => {
    const me = users.applicant;
    const res = await inject(
      'applicant',
      'PUT',
      `/api/stduser/${String(me.id)}`,
      await formOf(me, { password: 'Pirate-2026!', password_confirm: 'Pirate-2026!' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(USER_ADMIN_MESSAGES.passwordNotHere);
  });

  test('the last active admin cannot lose the role', async () => {
    const t2 = await createTestApp();
    try {
      const admin = await createUser(t2, ['ROLE_ADMIN']);
      const res = await t2.app.inject({
        method: 'PUT',
        url: `/api/stduser/${String(admin.id)}`,
        headers: admin.headers,
        payload: {
          nature: 'Service public',
          email: admin.email,
          phone: '0558000000',
          roles: ['ROLE_INSTRUCTEUR'],
        },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(USER_ADMIN_MESSAGES.lastAdmin);
      const other = await createUser(t2, ['ROLE_ADMIN']);
      const now = await t2.app.inject({
        method: 'PUT',
        url: `/api/stduser/${String(admin.id)}`,
        headers: admin.headers,
        payload: {
          nature: 'Service public',
          email: admin.email,
          phone: '0558000000',
          roles: ['ROLE_INSTRUCTEUR'],
        },
      });
      expect(now.statusCode).toBe(200);
      // The other, now the only one, cannot be disabled by anybody.
      expect(
        (
          await t2.app.inject({
            method: 'DELETE',
            url: `/api/stduser/${String(other.id)}`,
            headers: other.headers,
          })
        ).statusCode,
      ).toBe(403);
    } finally {
      await t2.close();
    }
  });
});

describe('DELETE stduser/{id}: the account disabled, its data kept', () => {
  test.each([...WHO.filter((who) => who !== 'admin'), 'anonymous' as const])('refused to %s', async (who) => {
    const target = await createUser(t, ['ROLE_DEMANDEUR']);
    const res = await inject(who, 'DELETE', `/api/stduser/${String(target.id)}`);
    expect(res.statusCode).toBe(who === 'anonymous' ? 401 : 403);
    const row = await db()
      .selectFrom('stdUser')
      .select('isActive')
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(row.isActive).toBe(true);
  });

  test('an admin deletes an applicant: sessions end, sign-in refused, requests and history stay', async () => {
    const target = await createUser(t, ['ROLE_DEMANDEUR']);
    const request = await createRequest(db(), { owner: target, state: 3 });
    expect((await inject(target, 'GET', '/api/userConnected')).statusCode).toBe(200);
    const res = await inject('admin', 'DELETE', `/api/stduser/${String(target.id)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: USER_ADMIN_MESSAGES.deleted, data: { isActive: false } });
    expect((await inject(target, 'GET', '/api/userConnected')).statusCode).toBe(401);
    const row = await db().selectFrom('request').select('id').where('id', '=', request.id).executeTakeFirst();
    expect(row).toEqual({ id: request.id });
    // Gone from the list of active accounts, in the disabled ones.
    const list = (
      await inject('admin', 'GET', `/api/stduser?searchText=${encodeURIComponent(target.email)}`)
    ).json();
    expect(list.data).toEqual([]);
    const filter = encodeURIComponent(JSON.stringify({ inactive: true }));
    const disabled = (await inject('admin', 'GET', `/api/stduser?searchFilter=${filter}`)).json();
    expect(disabled.data.map((item: { id: number }) => item.id)).toContain(target.id);
    // Twice: a conflict, nothing written.
    const again = await inject('admin', 'DELETE', `/api/stduser/${String(target.id)}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(USER_ADMIN_MESSAGES.alreadyDisabled);
    expect((await inject('admin', 'POST', `/api/stduser/${String(target.id)}/reset-link`)).statusCode).toBe(
      409,
    );
  });

  test('a disabled account cannot sign in, even with its password', async () => {
    const res = await inject('admin', 'POST', '/api/stduser', {
      nature: 'Entreprise',
      email: 'bientot.parti@exemple.fr',
      phone: '0558000004',
    });
    const id = res.json().data.id as number;
    const token = linkIn(await t.smtp.waitFor('bientot.parti@exemple.fr'), 'password');
    await choosePassword(t, id, 'Depart-2026!', token);
    expect((await inject('admin', 'DELETE', `/api/stduser/${String(id)}`)).statusCode).toBe(200);
    const login = await signIn(t, 'bientot.parti@exemple.fr', 'Depart-2026!');
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(ACCOUNT_MESSAGES.accountDisabled);
  });

  test('an admin cannot delete itself', async () => {
    const res = await inject('admin', 'DELETE', `/api/stduser/${String(users.admin.id)}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(USER_ADMIN_MESSAGES.deleteSelf);
  });

  test('unknown: 404', async () => {
    expect((await inject('admin', 'DELETE', '/api/stduser/999999')).statusCode).toBe(404);
  });
});

describe('POST stduser/{id}/reset-link (admins)', () => {
  test.each([...WHO.filter((who) => who !== 'admin'), 'anonymous' as const])('refused to %s', async (who) => {
    const res = await inject(who, 'POST', `/api/stduser/${String(users.applicant.id)}/reset-link`);
    expect(res.statusCode).toBe(who === 'anonymous' ? 401 : 403);
  });

  test('an admin sends a reset link (1 hour) to an account in use', async () => {
    const target = await createUser(t, ['ROLE_DEMANDEUR']);
    const res = await inject('admin', 'POST', `/api/stduser/${String(target.id)}/reset-link`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: USER_ADMIN_MESSAGES.resetSent(target.email),
      data: { email: target.email },
    });
    const mail = await t.smtp.waitFor(target.email);
    expect(mail.subject).toContain('réinitialisation');
    const token = linkIn(mail, 'password');
    const owner = await t.app.inject({ method: 'GET', url: `/api/password/${token}` });
    expect(owner.json().data).toEqual({ id: target.id, email: target.email });
    const expiry = await db()
      .selectFrom('authToken')
      .select(sql<number>`extract(epoch from expires_at - created_at)`.as('seconds'))
      .where('userId', '=', target.id)
      .where('usedAt', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(expiry.seconds)).toBeCloseTo(3600, -1);
  });
});
