import { beforeAll, describe, expect, test } from 'vitest';
import { ACT_KINDS, DOCUMENT_DELETE_MESSAGES, DOCUMENT_TYPE, requestActs } from '@voirie/domain';
import { publicWorkKey } from '../src/public-works/public-works-service.ts';
import { parisToday } from '../src/requests/french-date.ts';
import { shiftDay } from './groups-helpers.ts';
import { attachStoredDocument, insertAlignmentForm } from './requests-factory.ts';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { createWorks } from './works-helpers.ts';

// An act is never deleted. A granted permission in the works phase (state 4)
// carries every act kind — its own order, the alignment asked with it, the traffic order — each
// generated and signed; an administrator's DELETE of any of them is a 409 with the permission
// order's message, the detail offers no deletion of them, and the signed traffic order stays
// published.

const t = testAppForFile();
const { admin, applicant } = accountsForFile(t, { admin: ['ROLE_ADMIN'], applicant: ['ROLE_DEMANDEUR'] });
let works: { id: number; publicId: string };
/** Each act's documents: [act kind, document type, document id]. */
const actDocuments: [string, number, number][] = [];
let piece: number;

beforeAll(async () => {
  const today = parisToday();
  works = await createWorks(t.database.db, {
    state: 4,
    kind: 1,
    owner: applicant,
    dateStart: shiftDay(today, -1),
    dateEnd: shiftDay(today, 10),
    works: { longitudinalTrenchUnderRoad: 20 },
    trafficOrder: { limitedSpeed: 30 },
  });
  const alignmentId = await insertAlignmentForm(t.database.db, { isFavorable: true });
  await t.database.db.updateTable('request').set({ alignmentId }).where('id', '=', works.id).execute();
  const acts = requestActs({ type: 1, hasAlignment: true, hasTrafficOrder: true, isFavorable: true });
  // Every act kind of the domain is among them: a new kind is protected or this test says so.
  expect(acts.map((act) => act.kind).sort()).toEqual([...ACT_KINDS].sort());
  for (const act of acts)
    for (const typeDocumentId of [act.orderTypeId, act.signedTypeId])
      actDocuments.push([
        act.kind,
        typeDocumentId,
        await attachStoredDocument(t, {
          requestId: works.id,
          typeDocumentId,
          name: `${act.fileStem}-${String(typeDocumentId)}.pdf`,
          stdUserId: admin.id,
        }),
      ]);
  piece = await attachStoredDocument(t, {
    requestId: works.id,
    typeDocumentId: DOCUMENT_TYPE.COMPLEMENTARY,
    name: 'piece.pdf',
    stdUserId: applicant.id,
  });
});

const trafficOrderUrl = () => `/api/public/works/${publicWorkKey(works.publicId)}/arrete-circulation.pdf`;

describe('an act is never deleted, whatever its kind', () => {
  test('the detail offers the deletion of a piece, never of an act', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/request/${String(works.id)}`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const listed = res
      .json<{ data: { documents: { id: number; typeDocumentId: number; canDelete?: boolean }[] } }>()
      .data.documents.map((document) => [document.typeDocumentId, document.canDelete]);
    // The generated orders are not listed (the order block offers them); the signed ones are.
    expect(listed).toEqual([
      [DOCUMENT_TYPE.SIGNED_DECISION_ORDER, false],
      [DOCUMENT_TYPE.SIGNED_ALIGNMENT_ORDER, false],
      [DOCUMENT_TYPE.SIGNED_TRAFFIC_ORDER, false],
      [DOCUMENT_TYPE.COMPLEMENTARY, true],
    ]);
  });

  test("an administrator's DELETE of each act, generated or signed: 409, the act stays, its PDF stays published", async () => {
    expect((await t.app.inject({ method: 'GET', url: trafficOrderUrl() })).statusCode).toBe(200);
    expect(actDocuments).toHaveLength(ACT_KINDS.length * 2);
    for (const [kind, typeDocumentId, id] of actDocuments) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/document/${String(id)}`,
        headers: admin.headers,
      });
      expect(res.statusCode, `${kind} ${String(typeDocumentId)}`).toBe(409);
      expect(res.json<{ message: string }>().message).toBe(DOCUMENT_DELETE_MESSAGES.protected);
    }
    const kept = await t.database.db
      .selectFrom('document')
      .select('id')
      .where('requestId', '=', works.id)
      .execute();
    expect(kept).toHaveLength(actDocuments.length + 1);
    const published = await t.app.inject({ method: 'GET', url: trafficOrderUrl() });
    expect(published.statusCode).toBe(200);
    expect(published.headers['content-type']).toBe('application/pdf');
    // A piece is still the admin's to delete.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/document/${String(piece)}`,
      headers: admin.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
  });
});
