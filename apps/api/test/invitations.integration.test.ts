import { describe, expect, test } from 'vitest';
import { INVITATION_MESSAGES } from '@voirie/domain';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { requestHistory, type TestUser } from './requests-factory.ts';
import { FILING_PETITIONER, MANDATORY, filingParts, filingPayload, sendParts } from './filing-helpers.ts';

// A typed e-mail never gives access; the address is invited, and its
// account sees the request only once it accepted the invitation from that mailbox.

const t = testAppForFile({}, { dataDir: 'invitations', geo: true });
const { filer, alice, mallory, admin } = accountsForFile(t, {
  filer: { roles: ['ROLE_DEMANDEUR'], email: 'filer.invitations@exemple.fr' },
  alice: { roles: ['ROLE_DEMANDEUR'], email: 'alice.beneficiaire@exemple.fr' },
  mallory: { roles: ['ROLE_DEMANDEUR'], email: 'mallory@exemple.fr' },
  admin: ['ROLE_ADMIN'],
});

/** Files a networks request whose beneficiary is Alice's address (typed by the filer). */
async function fileWithBeneficiary(email: string) {
  const payload = filingPayload(1, {
    parties: {
      petitioner: { ...FILING_PETITIONER, email: filer.email },
      isbeneficiaire: true,
      beneficiary: { nature: 'Particulier', lastName: 'Martin', firstName: 'Alice', email },
    },
  });
  const res = await sendParts(t, {
    method: 'POST',
    url: '/api/request',
    user: filer,
    parts: filingParts(payload, MANDATORY[1]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number; publicId: string; beneficiaryId: number } }>().data;
}

async function invitationToken(requestId: number, to: string): Promise<{ token: string; text: string }> {
  const mail = await t.database.db
    .selectFrom('mailOutbox')
    .select(['textBody', 'subject'])
    .where('requestId', '=', requestId)
    .where('toAddress', '=', to)
    .where('context', '=', 'Invitation à suivre la demande')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const token = /\/invitation\/([A-Za-z0-9_-]+)/.exec(mail.textBody)?.[1];
  if (!token) throw new Error('no invitation link');
  return { token, text: mail.textBody };
}

const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.headers });
const accept = (user: TestUser, token: string) =>
  t.app.inject({ method: 'POST', url: `/api/invitation/${token}/accept`, headers: user.headers });

describe('invitations', () => {
  test('the typed beneficiary sees nothing until it accepts, from the account of that address', async () => {
    const filed = await fileWithBeneficiary(alice.email.toUpperCase());
    expect((await get(alice, `/api/request/${filed.publicId}`)).statusCode).toBe(404);
    expect((await get(alice, `/api/mails/${String(filed.id)}`)).statusCode).toBe(404);

    const { token, text } = await invitationToken(filed.id, alice.email.toUpperCase());
    // The invitation is neutral: nothing the filer typed (names, address of the works).
    expect(text).not.toMatch(/Martin|Durand|Pins|Capbreton/);

    // Someone else holding the link cannot use it with their own account.
    const summary = await get(mallory, `/api/invitation/${token}`);
    expect(summary.json<{ data: { forThisAccount: boolean } }>().data.forThisAccount).toBe(false);
    const stolen = await accept(mallory, token);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json<{ message: string }>().message).toBe(INVITATION_MESSAGES.otherAddress);
    expect((await get(mallory, `/api/request/${filed.publicId}`)).statusCode).toBe(404);

    expect((await get(alice, `/api/invitation/${token}`)).json<{ data: unknown }>().data).toEqual({
      requestNumber: filed.id,
      party: 'beneficiary',
      forThisAccount: true,
    });
    const accepted = await accept(alice, token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<{ message: string; data: { publicId: string } }>()).toMatchObject({
      message: INVITATION_MESSAGES.accepted,
      data: { publicId: filed.publicId },
    });
    expect((await get(alice, `/api/request/${filed.publicId}`)).statusCode).toBe(200);
    expect((await get(alice, `/api/mails/${String(filed.id)}`)).statusCode).toBe(200);
    const history = await requestHistory(t.database.db, filed.id);
    expect(history.map((entry) => entry.context)).toContain('Invitation acceptée');

    // Single use.
    const again = await accept(alice, token);
    expect(again.statusCode).toBe(400);
    expect(again.json<{ message: string }>().message).toBe(INVITATION_MESSAGES.invalid);
  });

  test("the filer's own address is not invited; an unknown token is refused in French", async () => {
    const filed = await fileWithBeneficiary('personne.inconnue@exemple.fr');
    const invitations = await t.database.db
      .selectFrom('requestInvitation')
      .select(['email', 'party'])
      .where('requestId', '=', filed.id)
      .execute();
    expect(invitations).toEqual([{ email: 'personne.inconnue@exemple.fr', party: 'beneficiary' }]);
    const res = await accept(alice, 'a'.repeat(43));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(INVITATION_MESSAGES.invalid);
  });

  test("changing the beneficiary's address takes the access away and invites the new address", async () => {
    const filed = await fileWithBeneficiary(alice.email);
    const { token } = await invitationToken(filed.id, alice.email);
    expect((await accept(alice, token)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/petitioner/${String(filed.beneficiaryId)}`,
      headers: admin.headers,
      payload: {
        nature: 'Particulier',
        lastName: 'Martin',
        firstName: 'Alice',
        email: 'autre.adresse@exemple.fr',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(alice, `/api/request/${filed.publicId}`)).statusCode).toBe(404);
    await invitationToken(filed.id, 'autre.adresse@exemple.fr');
  });
});
