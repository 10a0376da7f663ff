import { describe, expect, test } from 'vitest';
import { RECEPTION_REFUSAL_TEXTS } from '@voirie/domain';
import { DEFAULT_LETTERS } from '../src/orders/default-letters.ts';
import { accountsForFile, testAppForFile } from './test-app.ts';
import { createSignedPermission } from './works-helpers.ts';
import { PNG, multipart } from './filing-helpers.ts';
import { docxText, withoutLibreOfficeInFile } from './orders-helpers.ts';

// Which template a reception's minutes are merged from (docs/constants.md "Letter templates"): 7 for an
// access development (kind 3), 8 for a reception on photos, 9 otherwise — read back from the
// DOCX the API stored: the default template's title, the request's number, the refusal's
// sentences. Letters are merged without LibreOffice (the journey converts one).

withoutLibreOfficeInFile();
const t = testAppForFile({}, { dataDir: 'works-letters' });
const { applicant, instructor } = accountsForFile(t, {
  applicant: ['ROLE_DEMANDEUR'],
  instructor: { roles: ['ROLE_INSTRUCTEUR'], firstName: 'Paul', lastName: 'Martin' },
});

const db = () => t.database.db;

/** The title of a default letter template (its paragraph styled 'title'). */
function titleOf(modeleId: 7 | 8 | 9): string {
  const heading = DEFAULT_LETTERS[modeleId].find(
    (paragraph) => typeof paragraph !== 'string' && paragraph.style === 'title',
  );
  if (!heading || typeof heading === 'string') throw new Error(`template ${String(modeleId)} has no title`);
  return heading.text;
}

/** A favourable permission of the applicant, signed: state 4. */
const signedPermission = async (kind: 1 | 3) =>
  (await createSignedPermission(db(), { applicant, instructor }, kind)).id;

/** The applicant asks for the reception with the two photos: 4 -> 7. */
async function askReceptionOnPhotos(id: number) {
  const body = multipart([
    { name: 'option', content: 'Photos' },
    { name: 'document-104', content: PNG, filename: 'photo.png', type: 'image/png' },
    { name: 'document-105', content: PNG, filename: 'photo2.png', type: 'image/png' },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/request/${String(id)}/reception`,
    payload: body.payload,
    headers: { ...body.headers, ...applicant.headers },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<{ data: { stateId: number } }>().data.stateId).toBe(7);
}

const REFUSAL = {
  avis: 'refusé',
  dateVisite: '2026-12-22',
  motifRefus: ['joints', 'redans', 'autre'],
  motifRefusTxt: 'Bordure de trottoir abîmée',
  partieDomainePublic: ['Trottoir'],
};

/** The instructor generates the minutes; the paragraphs of the DOCX stored as their latest version. */
async function minutesOf(id: number, draft: object = REFUSAL): Promise<string[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/request/${String(id)}/letters/minutes`,
    headers: instructor.headers,
    payload: draft,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<{ message: string }>().message).toBe('Le courrier a été généré.');
  const docxId = res.json<{ data: { letters: { minutes: { docx: { id: number } | null } | null } } }>().data
    .letters.minutes?.docx?.id;
  expect(docxId).toBeDefined();
  const document = await db()
    .selectFrom('document')
    .select(['name', 'typeDocumentId', 'storageKey'])
    .where('id', '=', docxId!)
    .executeTakeFirstOrThrow();
  expect(document).toMatchObject({ name: `pv-reception-${String(id)}.docx`, typeDocumentId: 108 });
  const text = docxText((await t.ctx.filing.store.read(document.storageKey))!);
  return text.split('\n').map((line) => line.trim());
}

/** The refusal's sentences as the letters print them (docs/validation.md "Reception dialogs"). */
const REFUSAL_SENTENCES = [
  RECEPTION_REFUSAL_TEXTS.joints,
  RECEPTION_REFUSAL_TEXTS.redans,
  'Bordure de trottoir abîmée',
];

function expectRefusal(lines: string[], id: number) {
  expect(lines).toContain(`Demande n° ${String(id)}`);
  expect(lines).toContain('Les travaux ne sont pas conformes, pour les raisons suivantes :');
  for (const sentence of REFUSAL_SENTENCES) expect(lines).toContain(`– ${sentence}`);
  expect(lines).toContain('Parties du domaine public concernées : Trottoir');
  expect(lines).toContain('Avis : refusé. Réception prononcée : refusée.');
}

describe('the reception minutes’ template', () => {
  test('the default titles of templates 7, 8 and 9', () => {
    expect(titleOf(7)).toBe('Procès-verbal de réception des travaux – Accès');
    expect(titleOf(8)).toBe('Procès-verbal de réception des travaux sur photographies');
    expect(titleOf(9)).toBe('Procès-verbal de réception des travaux');
  });

  test('an access development (kind 3) uses template 7, even after a photo reception', async () => {
    const id = await signedPermission(3);
    await askReceptionOnPhotos(id);
    const lines = await minutesOf(id);
    expect(lines).toContain(titleOf(7));
    expect(lines).not.toContain(titleOf(8));
    expect(lines).not.toContain(titleOf(9));
    expect(lines.join('\n')).toContain("visite de l'accès aménagé");
    expectRefusal(lines, id);
  });

  test('a networks permission after a photo reception uses template 8', async () => {
    const id = await signedPermission(1);
    await askReceptionOnPhotos(id);
    const lines = await minutesOf(id);
    expect(lines).toContain(titleOf(8));
    expect(lines).not.toContain(titleOf(7));
    expect(lines).not.toContain(titleOf(9));
    expect(lines.join('\n')).toContain('examiné les photographies des travaux');
    expectRefusal(lines, id);
  });

  test('a networks permission received on an appointment uses template 9, with the appointment', async () => {
    const id = await signedPermission(1);
    await db().updateTable('request').set({ stateId: 7 }).where('id', '=', id).execute();
    await db()
      .insertInto('reception')
      .values({
        requestId: id,
        stateId: 7,
        option: 'Rendez-vous',
        rdv1: '2099-02-01T08:00:00Z',
        acceptRdv: 1,
      })
      .execute();
    const lines = await minutesOf(id, { avis: 'accepté', partieDomainePublic: ['Chaussée'] });
    expect(lines).toContain(titleOf(9));
    expect(lines).not.toContain(titleOf(7));
    expect(lines).not.toContain(titleOf(8));
    expect(lines).toContain(`Demande n° ${String(id)}`);
    expect(lines).toContain('Rendez-vous sur place : 01/02/2099 à 09:00');
    expect(lines).toContain('Avis : accepté. Réception prononcée : sans réserve.');
    expect(lines).not.toContain('Les travaux ne sont pas conformes, pour les raisons suivantes :');
  });
});
