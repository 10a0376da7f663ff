import { describe, expect, test } from 'vitest';
import { flattenRequest } from '../src/orders/flatten.ts';
import { loadOrderSource } from '../src/orders/order-source.ts';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { countRows, createRequest, type TestUser } from './requests-factory.ts';
import { MANDATORY, filingParts, filingPayload, sendParts } from './filing-helpers.ts';

// The parties as filed (the identity of their nature only, the
// beneficiary kept) reach the detail, the list, the mails and the order's fields; a request in
// completeness tells what is missing to those who see it.

const t = testAppForFile({}, { dataDir: 'filing-parties', geo: true });
const { alice, other, instructor } = accountsForFile(t, {
  alice: { roles: ['ROLE_DEMANDEUR'], email: 'alice.parties@exemple.fr' },
  other: ['ROLE_DEMANDEUR'],
  instructor: { roles: ['ROLE_INSTRUCTEUR'], email: 'instructeur.parties@exemple.fr' },
});

const get = (url: string, user: TestUser) => t.app.inject({ method: 'GET', url, headers: user.headers });

/** Alice files `payload` with the mandatory pieces of a networks permission. */
function fileAsAlice(payload: ReturnType<typeof filingPayload>) {
  return sendParts(t, {
    method: 'POST',
    url: '/api/request',
    user: alice,
    parts: filingParts(payload, MANDATORY[1]),
  });
}

interface PartyAnswer {
  nature: string;
  title: string | null;
  lastName: string | null;
  firstName: string | null;
  corporationName: string | null;
  corporationAgent: string | null;
}

describe('the parties of a filing', () => {
  test("'Je suis le demandeur' then Entreprise, and a beneficiary: both kept, each with its nature's identity, in the detail, the list, the mails and the order", async () => {
    // What the wizard held: the user's names copied, then Entreprise chosen (the names hidden,
    // not emptied); a beneficiary typed as a company first, then as a person.
    const payload = filingPayload(1, {
      parties: {
        petitioner: {
          nature: 'Entreprise',
          title: 'Madame',
          lastName: 'Durand',
          firstName: 'Marie',
          corporationName: 'SARL Les Pins',
          corporationAgent: 'Marie Durand',
          email: alice.email,
          phone: '0601020304',
        },
        isbeneficiaire: true,
        beneficiary: {
          nature: 'Particulier',
          title: 'Monsieur',
          lastName: 'Martin',
          firstName: 'Paul',
          corporationName: 'SCI oubliée',
          addressName: 'des Lilas',
          addressType: 'Rue',
          addressNum: '5',
          addressPostalCode: '40130',
          addressCity: 'Capbreton',
        },
      },
    });
    const res = await fileAsAlice(payload);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ data: { id: number } }>().data;

    for (const viewer of [alice, instructor]) {
      const detail = await get(`/api/request/${String(id)}`, viewer);
      expect(detail.statusCode, detail.body).toBe(200);
      const data = detail.json<{
        data: { isbeneficiaire: boolean; petitioner: PartyAnswer; beneficiary: PartyAnswer | null };
      }>().data;
      expect(data.isbeneficiaire).toBe(true);
      expect(data.petitioner).toMatchObject({
        nature: 'Entreprise',
        corporationName: 'SARL Les Pins',
        corporationAgent: 'Marie Durand',
        title: null,
        lastName: null,
        firstName: null,
      });
      expect(data.beneficiary).toMatchObject({
        nature: 'Particulier',
        title: 'Monsieur',
        lastName: 'Martin',
        firstName: 'Paul',
        corporationName: null,
        addressName: 'des Lilas',
      });
    }

    // The list names the company, not the person whose details were copied.
    const list = await get('/api/request?numItemsPerPage=200', instructor);
    const row = list
      .json<{ data: { id: number; demandeurNom: string | null; demandeurCorporation: string | null }[] }>()
      .data.find((item) => item.id === id)!;
    expect(row).toMatchObject({ demandeurNom: null, demandeurCorporation: 'SARL Les Pins' });

    // The acknowledgement and the instructors' notice name both parties.
    const mails = await t.database.db
      .selectFrom('mailOutbox')
      .select(['toAddress', 'context', 'textBody'])
      .where('requestId', '=', id)
      .execute();
    for (const context of ['Dépôt de la demande', 'Nouvelle demande à instruire']) {
      const mail = mails.find((item) => item.context === context)!;
      expect(mail.textBody).toContain('Demandeur : SARL Les Pins, représentée par Marie Durand');
      expect(mail.textBody).toContain('Bénéficiaire : Monsieur Paul Martin');
    }

    // The order is merged from the stored parties: the permission is for the beneficiary.
    const viewer = { id: instructor.id, email: instructor.email, roles: ['ROLE_INSTRUCTEUR'], picture: null };
    const fields = flattenRequest(await loadOrderSource(t.database.db, viewer, id), new Date());
    expect(fields).toMatchObject({
      demandeur_nom: 'SARL Les Pins, représentée par Marie Durand',
      beneficiaire_nom: 'Monsieur Paul Martin',
      beneficiaire_designation: 'Monsieur Paul Martin, demeurant 5 Rue des Lilas, 40130 Capbreton',
      titulaire_nom: 'Monsieur Paul Martin',
    });
  });
});

describe('a refused party', () => {
  test("each party's reasons follow its own sentence, after the filing's prefix; nothing is written", async () => {
    const requests = () => countRows(t.database.db, 'request');
    const before = await requests();
    const base = filingPayload(1);
    const payload = filingPayload(1, {
      parties: {
        petitioner: { ...base.parties.petitioner, lastName: '' },
        isbeneficiaire: true,
        beneficiary: { nature: 'Notaire', corporationName: 'Étude X' },
      },
    });
    const res = await fileAsAlice(payload);
    expect(res.statusCode, res.body).toBe(400);
    const { message } = res.json<{ message: string }>();
    expect(message).toMatch(
      /^Erreur lors de l'ajout du dossier : Erreur lors de l'ajout du demandeur\. .*\(parties\.petitioner\.lastName\) ; Erreur lors de l'ajout du bénéficiaire\. .*\(parties\.beneficiary\.nature\)$/,
    );
    expect(await requests()).toBe(before);
  });
});

describe('a request in completeness', () => {
  test('its owner (and whoever sees it) gets the missing pieces by name, the comment and the date; others get 404', async () => {
    const { id } = await createRequest(t.database.db, {
      owner: alice,
      kind: 1,
      state: 3,
      instructeurId: instructor.id,
    });
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/request/${String(id)}/completeness`,
      headers: instructor.headers,
      payload: {
        missingDocuments: [101, 85],
        comment: 'Le formulaire n’est pas signé.',
        date: '2026-11-21',
        transferBack: true,
      },
    });
    expect(asked.statusCode, asked.body).toBe(200);

    for (const viewer of [alice, instructor]) {
      const res = await get(`/api/request/${String(id)}`, viewer);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: unknown }>().data).toMatchObject({
        stateId: 8,
        missingDocuments: [85, 101],
        missingDocumentTypes: [
          { id: 85, name: 'Formulaire CERFA 14023 complété et signé' },
          { id: 101, name: 'Réponse à la demande de complétude' },
        ],
        comment: 'Le formulaire n’est pas signé.',
        completenessDate: '2026-11-21',
      });
    }
    expect((await get(`/api/request/${String(id)}`, other)).statusCode).toBe(404);
  });
});
