import { beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { USER_ADMIN_MESSAGES, type UserDetail } from '@voirie/domain';
import { EACH_ROLE, testAppForFile } from './test-app.ts';
import { createRequest, createUser, type TestUser } from './requests-factory.ts';
import { insertGroup, linkAccount, territoryId } from './groups-helpers.ts';

// What every role may write on its own account, field by field (PUT
// stduser/{own id}) — applied, pending (a new address until confirmed; a guichet's wider
// territories until an administrator approves) or refused with a French 403 and nothing changed.
// Then a guichet's « demande d'extension de périmètre » from asking to approval or refusal: its
// current territories (and so the requests it sees) stay until an administrator decides.

const t = testAppForFile();
type Who = keyof typeof EACH_ROLE;
const WHO = Object.keys(EACH_ROLE) as Who[];

let towns: number[];
let operators: number[];
let subcontractors: number[];
let admin: TestUser;

beforeAll(async () => {
  const db = t.database.db;
  towns = await Promise.all(['40065', '40296', '40310'].map((insee) => territoryId(db, 'town', insee)));
  operators = [
    await insertGroup(db, { libelle: 'Réseaux Matrice', code: '73282932000074', type: 'operator' }),
    await insertGroup(db, { libelle: 'Fibre Matrice', code: '73282932000075', type: 'operator' }),
  ];
  subcontractors = [
    await insertGroup(db, { libelle: 'TP Matrice', code: '73282932000076', type: 'soustraitant' }),
    await insertGroup(db, { libelle: 'Tranchées Matrice', code: '73282932000077', type: 'soustraitant' }),
  ];
  admin = await createUser(t, ['ROLE_ADMIN'], { email: 'admin.matrice@exemple.fr' });
});

const db = () => t.database.db;

/**
 * An account of the role with a complete profile and a link of every kind (so that each kind can
 * be narrowed, widened or sent back as it is): guichet towns 1 and 2, road-manager town 1, the
 * first operator and subcontractor groups.
 */
async function accountOf(who: Who): Promise<TestUser> {
  const user = await createUser(t, [...EACH_ROLE[who]], { lastName: `Matrice ${who}` });
  await db()
    .updateTable('stdUser')
    .set({ nature: 'Particulier', title: 'Madame', phone: '0558000000' })
    .where('id', '=', user.id)
    .execute();
  await linkAccount(db(), user.id, towns[0]!, 'guichet');
  await linkAccount(db(), user.id, towns[1]!, 'guichet');
  await linkAccount(db(), user.id, towns[0]!, 'gestionnaire');
  await linkAccount(db(), user.id, operators[0]!, 'operateur');
  await linkAccount(db(), user.id, subcontractors[0]!, 'soustraitant');
  return user;
}

const call = (who: TestUser, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

async function detailOf(user: TestUser, viewer: TestUser = user): Promise<UserDetail> {
  const res = await call(viewer, 'GET', `/api/stduser/${String(user.id)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: UserDetail }>().data;
}

const PROFILE_FIELDS = [
  'nature',
  'title',
  'lastName',
  'firstName',
  'phone',
  'phoneIndicative',
  'corporationName',
  'corporationSiret',
  'corporationAgentTitle',
  'corporationAgent',
  'addressNum',
  'addressExt',
  'addressType',
  'addressName',
  'addressPostalCode',
  'addressCity',
  'place',
  'country',
  'isCorporation',
] as const;

/** The form the account's own screen sends back: its values, and only the links and roles its abilities let it write. */
function ownForm(user: UserDetail): Record<string, unknown> {
  const form: Record<string, unknown> = { email: user.email };
  for (const field of PROFILE_FIELDS) form[field] = user[field];
  if (user.abilities.editRoles) form.roles = user.roles;
  for (const field of user.abilities.perimeterFields) form[field] = user[field];
  return form;
}

/** Each case: the field written and the value it is given, from the account as it is. */
const CASES = {
  nature: () => ({ nature: 'Entreprise' }),
  title: () => ({ title: 'Monsieur' }),
  lastName: () => ({ lastName: 'Nouveau-Nom' }),
  firstName: () => ({ firstName: 'Nouveau-Prénom' }),
  phone: () => ({ phone: '0558999999' }),
  phoneIndicative: () => ({ phoneIndicative: '+33' }),
  corporationName: () => ({ corporationName: 'Nouvelle Raison' }),
  corporationSiret: () => ({ corporationSiret: '73282932000074' }),
  corporationAgentTitle: () => ({ corporationAgentTitle: 'Monsieur' }),
  corporationAgent: () => ({ corporationAgent: 'Jean Représentant' }),
  addressNum: () => ({ addressNum: '12' }),
  addressExt: () => ({ addressExt: 'bis' }),
  addressType: () => ({ addressType: 'Rue' }),
  addressName: () => ({ addressName: 'des Pins' }),
  addressPostalCode: () => ({ addressPostalCode: '40130' }),
  addressCity: () => ({ addressCity: 'Capbreton' }),
  place: () => ({ place: 'Lieu-dit Les Barthes' }),
  country: () => ({ country: 'France' }),
  isCorporation: () => ({ isCorporation: true }),
  email: () => ({ email: 'nouvelle.adresse@ailleurs.test' }),
  password: () => ({ password: 'Nouveau-2026!', password_confirm: 'Nouveau-2026!' }),
  'roles: one added': (u: UserDetail) => ({ roles: [...u.roles, 'ROLE_INSTRUCTEUR'] }),
  'roles: sent back as they are': (u: UserDetail) => ({ roles: u.roles }),
  'guichet territories: fewer': (u: UserDetail) => ({ guichetPerimeterIds: u.guichetPerimeterIds!.slice(1) }),
  'guichet territories: one more': (u: UserDetail) => ({
    guichetPerimeterIds: [...u.guichetPerimeterIds!, towns[2]!],
  }),
  'guichet territories: sent back': (u: UserDetail) => ({ guichetPerimeterIds: u.guichetPerimeterIds }),
  'road-manager territories: changed': () => ({ gestionnairePerimeterIds: [towns[2]!] }),
  'road-manager territories: sent back': (u: UserDetail) => ({
    gestionnairePerimeterIds: u.gestionnairePerimeterIds,
  }),
  'operator link: changed': () => ({ operatorPerimeterIds: [operators[1]!] }),
  'operator link: sent back': (u: UserDetail) => ({ operatorPerimeterIds: u.operatorPerimeterIds }),
  'subcontractor link: changed': () => ({ soustraitantPerimeterIds: [subcontractors[1]!] }),
  'subcontractor link: sent back': (u: UserDetail) => ({
    soustraitantPerimeterIds: u.soustraitantPerimeterIds,
  }),
} satisfies Record<string, (user: UserDetail) => Record<string, unknown>>;
type Case = keyof typeof CASES;

type Outcome = 'applied' | 'pending' | 'refused 403' | 'refused 400';

/** Applied for an administrator, `guichet` for a guichet, refused with a 403 to every other role. */
const adminAndGuichet = (guichet: Outcome): Outcome[] =>
  WHO.map((who) => (who === 'admin' ? 'applied' : who === 'guichet' ? guichet : 'refused 403'));
/** Applied for an administrator, refused with a 403 to every other role. */
const ADMIN_ONLY = adminAndGuichet('refused 403');

/** Hand-written, one outcome per role in the order of EACH_ROLE (admin first, soustraitant last). */
const EXPECTED_BEYOND_PROFILE: Record<Exclude<Case, (typeof PROFILE_FIELDS)[number]>, Outcome[]> = {
  email: ['pending', 'pending', 'pending', 'pending', 'pending', 'pending', 'pending'],
  password: WHO.map(() => 'refused 400'),
  'roles: one added': ADMIN_ONLY,
  'roles: sent back as they are': ADMIN_ONLY,
  'guichet territories: fewer': adminAndGuichet('applied'),
  'guichet territories: one more': adminAndGuichet('pending'),
  'guichet territories: sent back': adminAndGuichet('applied'),
  'road-manager territories: changed': ADMIN_ONLY,
  'road-manager territories: sent back': ADMIN_ONLY,
  'operator link: changed': ADMIN_ONLY,
  'operator link: sent back': ADMIN_ONLY,
  'subcontractor link: changed': ADMIN_ONLY,
  'subcontractor link: sent back': ADMIN_ONLY,
};

function expected(who: Who, name: Case): Outcome {
  if ((PROFILE_FIELDS as readonly string[]).includes(name)) return 'applied';
  return EXPECTED_BEYOND_PROFILE[name as keyof typeof EXPECTED_BEYOND_PROFILE][WHO.indexOf(who)]!;
}

/** The French 403 of each kind of field. */
function refusalOf(name: Case): string {
  if (name.startsWith('roles')) return USER_ADMIN_MESSAGES.rolesForbidden;
  if (name.startsWith('operator') || name.startsWith('subcontractor'))
    return USER_ADMIN_MESSAGES.groupLinksForbidden;
  return USER_ADMIN_MESSAGES.perimetersForbidden;
}

const sorted = (ids: readonly number[] | null | undefined) => [...(ids ?? [])].sort((a, b) => a - b);

/** What an account's own screen shows of it, abilities aside, for "nothing changed". */
async function stateOf(user: TestUser) {
  const { abilities: _abilities, ...detail } = await detailOf(user, admin);
  const { n } = await db()
    .selectFrom('historyLog')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('entity', '=', 'user')
    .where('entityId', '=', user.id)
    .executeTakeFirstOrThrow();
  return { detail, history: n };
}

describe.each(WHO)('a %s writes its own account, field by field', (who) => {
  let me: TestUser;
  beforeAll(async () => {
    me = await accountOf(who);
  });

  test.each(Object.keys(CASES) as Case[])('%s', async (name) => {
    const outcome = expected(who, name);
    const before = await stateOf(me);
    const current = await detailOf(me);
    const change = CASES[name](current);
    const res = await call(me, 'PUT', `/api/stduser/${String(me.id)}`, { ...ownForm(current), ...change });
    const after = await stateOf(me);
    const [field, value] = Object.entries(change)[0]!;
    if (outcome === 'refused 403' || outcome === 'refused 400') {
      expect(res.statusCode, res.body).toBe(outcome === 'refused 403' ? 403 : 400);
      if (outcome === 'refused 403') expect(res.json().message).toBe(refusalOf(name));
      else expect(res.json().message).toContain(USER_ADMIN_MESSAGES.passwordNotHere);
      expect(after).toEqual(before);
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    const shown = after.detail as unknown as Record<string, unknown>;
    if (outcome === 'applied') {
      if (field === 'roles') expect(shown.roles).toEqual(expect.arrayContaining(value as string[]));
      else if (field.endsWith('PerimeterIds'))
        expect(sorted(shown[field] as number[])).toEqual(sorted(value as number[]));
      else expect(shown[field]).toBe(value);
      return;
    }
    // Pending: the value waits, the current one stays, and the answer says so.
    expect(shown[field]).toEqual(before.detail[field as keyof typeof before.detail]);
    if (field === 'email') {
      expect(res.json().message).toBe(USER_ADMIN_MESSAGES.emailChangePending(value as string));
      expect(shown.pendingEmail).toBe(value);
    } else {
      expect(res.json().message).toBe(USER_ADMIN_MESSAGES.perimeterRequestSent);
      expect(sorted(after.detail.perimeterRequest?.perimeters.map((p) => p.id))).toEqual(
        sorted(value as number[]),
      );
    }
  });
});

describe("a guichet's « demande d'extension de périmètre »", () => {
  let guichet: TestUser;
  let capbreton: { id: number };
  let seignosse: { id: number };

  beforeAll(async () => {
    guichet = await createUser(t, ['ROLE_GUICHET'], {
      lastName: 'Lalanne',
      email: 'guichet.extension@exemple.fr',
    });
    await db()
      .updateTable('stdUser')
      .set({ nature: 'Service public', phone: '0558000000' })
      .where('id', '=', guichet.id)
      .execute();
    await linkAccount(db(), guichet.id, towns[0]!, 'guichet');
    const stranger = await createUser(t, ['ROLE_DEMANDEUR']);
    capbreton = await createRequest(db(), { owner: stranger, state: 3, insee: '40065' });
    seignosse = await createRequest(db(), { owner: stranger, state: 3, insee: '40296' });
  });

  /** The ids of the requests the guichet's list shows, among the two above. */
  const listed = async () => {
    const res = await call(guichet, 'GET', '/api/request?numItemsPerPage=250');
    expect(res.statusCode).toBe(200);
    const ids = res.json<{ data: { id: number }[] }>().data.map((row) => row.id);
    return [capbreton.id, seignosse.id].filter((id) => ids.includes(id));
  };
  const ask = async (ids: number[]) => {
    const current = await detailOf(guichet);
    return call(guichet, 'PUT', `/api/stduser/${String(guichet.id)}`, {
      ...ownForm(current),
      guichetPerimeterIds: ids,
    });
  };
  const decide = (requestId: number, decision: 'approve' | 'refuse', who: TestUser = admin) =>
    call(who, 'POST', `/api/stduser/${String(guichet.id)}/perimeter-request`, { requestId, decision });
  const historyOf = async () =>
    db()
      .selectFrom('historyLog')
      .select(['context', 'userId', 'data'])
      .where('entity', '=', 'user')
      .where('entityId', '=', guichet.id)
      .orderBy('id')
      .execute();

  test('asked: its territories and what it sees stay; the admins are mailed; the history and the users list keep it', async () => {
    expect(await listed()).toEqual([capbreton.id]);
    t.smtp.mails.length = 0;
    const res = await ask([towns[0]!, towns[1]!]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(USER_ADMIN_MESSAGES.perimeterRequestSent);
    const mine = res.json<{ data: UserDetail }>().data;
    expect(mine.guichetPerimeterIds).toEqual([towns[0]]);
    expect(mine.perimeterRequest).toMatchObject({
      perimeters: expect.arrayContaining([
        expect.objectContaining({ id: towns[0], libelle: 'Capbreton', type: 'town' }),
        expect.objectContaining({ id: towns[1], libelle: 'Seignosse', type: 'town' }),
      ]),
      requestedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(mine.abilities).toMatchObject({ askWiderPerimeters: true, decidePerimeterRequest: false });
    expect(await listed()).toEqual([capbreton.id]);

    const mail = await t.smtp.waitFor(admin.email);
    expect(mail.subject).toBe("Portail voirie : demande d'extension de périmètre");
    expect(mail.text).toContain('Périmètres actuels : Capbreton (Commune).');
    expect(mail.text).toContain('Périmètres demandés : Capbreton (Commune), Seignosse (Commune).');
    expect(mail.text).toContain(`/users/${mine.publicId}`);

    const entry = (await historyOf()).at(-1)!;
    expect(entry).toMatchObject({
      context: "Demande d'extension de périmètre",
      userId: guichet.id,
      data: { guichetPerimeterIds: { current: [towns[0]], asked: sorted([towns[0]!, towns[1]!]) } },
    });

    const row = (
      await call(admin, 'GET', `/api/stduser?searchText=${encodeURIComponent(guichet.email)}`)
    ).json().data[0];
    expect(row).toMatchObject({ id: guichet.id, perimeterRequestPending: true });
    const filter = encodeURIComponent(JSON.stringify({ perimeterRequest: true }));
    const pending = (await call(admin, 'GET', `/api/stduser?searchFilter=${filter}`)).json();
    // The guichet of the matrix above waits too: only accounts with a request waiting are listed.
    expect(pending.data.map((item: { id: number }) => item.id)).toContain(guichet.id);
    expect(
      pending.data.every((item: { perimeterRequestPending: boolean }) => item.perimeterRequestPending),
    ).toBe(true);
    expect(pending.pagination.total).toBeLessThan(
      (await call(admin, 'GET', '/api/stduser')).json().pagination.total,
    );
    expect((await detailOf(guichet, admin)).abilities.decidePerimeterRequest).toBe(true);

    // The same territories asked again: still the one request, nobody mailed twice.
    const again = await ask([towns[1]!, towns[0]!]);
    expect(again.json().message).toBe(USER_ADMIN_MESSAGES.perimeterRequestAlreadyPending);
    expect(
      await db().selectFrom('perimeterRequest').select('id').where('userId', '=', guichet.id).execute(),
    ).toHaveLength(1);
  });

  test('only an administrator decides, and only the request waiting; approved, the territories apply', async () => {
    const { perimeterRequest } = await detailOf(guichet);
    const requestId = perimeterRequest!.id;
    const byItself = await decide(requestId, 'approve', guichet);
    expect(byItself.statusCode).toBe(403);
    expect((await decide(requestId + 1000, 'approve')).statusCode).toBe(409);

    t.smtp.mails.length = 0;
    const res = await decide(requestId, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(USER_ADMIN_MESSAGES.perimeterRequestApproved);
    expect(sorted(res.json().data.guichetPerimeterIds)).toEqual(sorted([towns[0]!, towns[1]!]));
    expect(res.json().data.perimeterRequest).toBeNull();
    expect(await listed()).toEqual([capbreton.id, seignosse.id]);
    const mail = await t.smtp.waitFor(guichet.email);
    expect(mail.subject).toBe("Portail voirie : votre demande d'extension de périmètre est accordée");
    expect((await historyOf()).at(-1)).toMatchObject({
      context: 'Extension de périmètre accordée',
      userId: admin.id,
      data: {
        perimeterRequestId: requestId,
        guichetPerimeterIds: { before: [towns[0]], after: sorted([towns[0]!, towns[1]!]) },
      },
    });
    const twice = await decide(requestId, 'refuse');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(USER_ADMIN_MESSAGES.perimeterRequestGone);
  });

  test('a new request replaces the one waiting; refused, the territories stay', async () => {
    const first = await ask([towns[0]!, towns[1]!, towns[2]!]);
    expect(first.json().message).toBe(USER_ADMIN_MESSAGES.perimeterRequestSent);
    const firstId = first.json().data.perimeterRequest.id as number;
    // Narrowing while it waits applies at once, and keeps the request.
    const narrower = await ask([towns[1]!]);
    expect(narrower.json()).toMatchObject({
      message: USER_ADMIN_MESSAGES.updated,
      data: { guichetPerimeterIds: [towns[1]], perimeterRequest: { id: firstId } },
    });
    const second = await ask([towns[1]!, towns[2]!]);
    const secondId = second.json().data.perimeterRequest.id as number;
    expect(secondId).not.toBe(firstId);
    const statuses = await db()
      .selectFrom('perimeterRequest')
      .select(['id', 'status'])
      .where('id', 'in', [firstId, secondId])
      .orderBy('id')
      .execute();
    expect(statuses).toEqual([
      { id: firstId, status: 'replaced' },
      { id: secondId, status: 'pending' },
    ]);
    expect((await decide(firstId, 'approve')).statusCode).toBe(409);

    t.smtp.mails.length = 0;
    const res = await decide(secondId, 'refuse');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(USER_ADMIN_MESSAGES.perimeterRequestRefused);
    expect(res.json().data).toMatchObject({ guichetPerimeterIds: [towns[1]], perimeterRequest: null });
    expect(await listed()).toEqual([seignosse.id]);
    const mail = await t.smtp.waitFor(guichet.email);
    expect(mail.subject).toBe("Portail voirie : votre demande d'extension de périmètre est refusée");
    expect(mail.text).toContain('Vos périmètres restent : Seignosse (Commune).');
    expect((await historyOf()).at(-1)).toMatchObject({
      context: 'Extension de périmètre refusée',
      userId: admin.id,
      data: { perimeterRequestId: secondId },
    });
  });
});
