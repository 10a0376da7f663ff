import { describe, expect, test } from 'vitest';
import {
  ConnectedUserSchema,
  USER_ADMIN_MESSAGES,
  VALIDATION_MESSAGES,
  type UserDetail,
} from '@voirie/domain';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { createUser, type TestUser } from './requests-factory.ts';

// The account's whole identity (Mon compte, PUT stduser/{own id}) comes back in GET
// userConnected, which 'Je suis le demandeur' copies into the wizard's applicant
// (docs/api-accounts.md, docs/screens.md "Account"): checked with the wizard's rules and
// messages, and written by the account's owner only.

const t = testAppForFile();
const { me, other } = accountsForFile(t, {
  me: { roles: ['ROLE_DEMANDEUR'], email: 'sarl.pins@exemple.fr' },
  other: { roles: ['ROLE_DEMANDEUR'], email: 'voisin@exemple.fr' },
});

const IDENTITY = {
  nature: 'Entreprise',
  title: null,
  lastName: 'Durand',
  firstName: 'Marie',
  phone: '05 58 00 00 00',
  phoneIndicative: '+33',
  isCorporation: true,
  corporationName: 'SARL Les Pins',
  corporationSiret: '732 829 320 00074',
  corporationAgentTitle: 'Madame',
  corporationAgent: 'Marie Durand',
  addressNum: '12',
  addressExt: 'bis',
  addressType: 'Avenue',
  addressName: 'des Pins',
  place: 'Lieu-dit Les Barthes',
  addressPostalCode: '40130',
  addressCity: 'Capbreton',
  country: 'France',
};

/** What is stored and shown: the phone and the SIRET without their spaces. */
const STORED = { ...IDENTITY, phone: '0558000000', corporationSiret: '73282932000074' };

const put = (who: TestUser, target: TestUser, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/stduser/${String(target.id)}`, headers: who.headers, payload });

async function connected(who: TestUser) {
  const res = await t.app.inject({ method: 'GET', url: '/api/userConnected', headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return ConnectedUserSchema.parse(res.json().data);
}

async function detail(who: TestUser): Promise<UserDetail> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/stduser/${String(who.id)}`,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: UserDetail }>().data;
}

describe("the account's identity", () => {
  test('Mon compte saves it and the connected user carries it whole', async () => {
    const res = await put(me, me, { email: me.email, ...IDENTITY });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(USER_ADMIN_MESSAGES.updated);
    expect(res.json().data).toMatchObject(STORED);

    expect(await connected(me)).toEqual({
      id: me.id,
      email: me.email,
      picture: null,
      roles: ['ROLE_USER', 'ROLE_DEMANDEUR'],
      jobTitle: null,
      ...STORED,
    });
    expect(await detail(me)).toMatchObject(STORED);
  });

  test('emptied fields are stored as null and shown so', async () => {
    const res = await put(me, me, { email: me.email, ...IDENTITY, place: '', corporationSiret: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await connected(me)).toMatchObject({ ...STORED, place: null, corporationSiret: null });
  });

  test("refused with the wizard's French messages, nothing changed", async () => {
    await put(me, me, { email: me.email, ...IDENTITY });
    const res = await put(me, me, {
      email: me.email,
      ...IDENTITY,
      corporationSiret: '7328293200007',
      addressPostalCode: '4013',
      addressNum: '12 bis',
      place: 'l'.repeat(256),
      corporationAgent: 'a'.repeat(101),
    });
    expect(res.statusCode).toBe(400);
    // Each error names its field after the wizard's message (docs/decisions/0014-error-model.md).
    const errors = Object.fromEntries(
      res.json<{ errors: { path: string; message: string }[] }>().errors.map((e) => [e.path, e.message]),
    );
    const expected = {
      corporationSiret: VALIDATION_MESSAGES.siret,
      addressPostalCode: VALIDATION_MESSAGES.postalCode,
      addressNum: VALIDATION_MESSAGES.addressNumNumeric,
      place: VALIDATION_MESSAGES.maxLength(255),
      corporationAgent: VALIDATION_MESSAGES.maxLength(100),
    };
    expect(errors).toEqual(
      Object.fromEntries(Object.entries(expected).map(([path, text]) => [path, `${text} (${path})`])),
    );
    expect(errors.corporationSiret).toBe('Le numéro SIRET doit comporter 14 chiffres (corporationSiret)');
    expect(await connected(me)).toMatchObject(STORED);
  });

  test('another applicant cannot write it: 403 in French, the account unchanged', async () => {
    const before = await connected(other);
    const res = await put(me, other, { email: other.email, ...IDENTITY });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(USER_ADMIN_MESSAGES.editForbidden);
    expect(await connected(other)).toEqual(before);
  });

  test("an administrator's user screen writes the same identity, which the account then copies", async () => {
    const admin = await createUser(t, ['ROLE_ADMIN'], { email: 'admin.identite@exemple.fr' });
    const res = await put(admin, other, {
      email: other.email,
      ...IDENTITY,
      corporationName: 'Les Barthes SAS',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await connected(other)).toMatchObject({ ...STORED, corporationName: 'Les Barthes SAS' });
  });

  test('without a session: 401 for both calls', async () => {
    const read = await t.app.inject({ method: 'GET', url: '/api/userConnected' });
    const write = await t.app.inject({
      method: 'PUT',
      url: `/api/stduser/${String(me.id)}`,
      payload: { email: me.email, ...IDENTITY },
    });
    expect([read.statusCode, write.statusCode]).toEqual([401, 401]);
  });
});
