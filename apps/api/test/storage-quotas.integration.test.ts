import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { accountsForFile, testAppForFile } from './test-app.ts';
import { countRows, createRequest, createUser, type TestUser } from './requests-factory.ts';
import {
  filesUnder,
  filingParts,
  filingPayload,
  MANDATORY,
  postDocument,
  sendParts,
  PDF,
} from './filing-helpers.ts';

// Point 7: "a filing may store 800 MB (40 × 20 MB) for good". All the documents of a
// request, and what an account uploads in 24 hours, have a quota (UPLOAD_MAX_BYTES_PER_REQUEST,
// UPLOAD_MAX_BYTES_PER_ACCOUNT_PER_DAY; 1 MB and 2 MB here), refused in French before anything
// is stored. Instructors and administrators are not held to them.

const KB = 1024;
const MB = 1024 * KB;

const t = testAppForFile(
  {
    FILING_MAX_PER_HOUR: '1000',
    UPLOAD_MAX_BYTES_PER_REQUEST: String(MB),
    UPLOAD_MAX_BYTES_PER_ACCOUNT_PER_DAY: String(2 * MB),
  },
  { dataDir: 'storage-quotas', geo: true },
);
const { alice, instructor } = accountsForFile(t, {
  alice: ['ROLE_DEMANDEUR'],
  instructor: ['ROLE_INSTRUCTEUR'],
});

/** A PDF of `bytes` bytes, of a content of its own. */
const pdfOf = (bytes: number) => Buffer.concat([PDF, randomBytes(bytes - PDF.length)]);

/** Every row the filings and uploads write, and the stored files. */
async function written() {
  const db = t.database.db;
  return {
    requests: await countRows(db, 'request'),
    petitioners: await countRows(db, 'petitioner'),
    documents: await countRows(db, 'document'),
    files: await filesUnder(path.join(t.config.dataDir, 'files')),
  };
}

const fileRequest = (user: TestUser, sizes: readonly number[]) => {
  const documents = MANDATORY[2].map((typeId, index) => ({ typeId, content: pdfOf(sizes[index]!) }));
  return sendParts(t, {
    method: 'POST',
    url: '/api/request',
    user,
    parts: filingParts(filingPayload(2), documents),
  });
};

const postPlan = (user: TestUser, requestId: number, bytes: number) =>
  postDocument(
    t,
    user,
    { requestId, typeDocumentId: 1 },
    { content: pdfOf(bytes), filename: 'plan.pdf', type: 'application/pdf' },
  );

/** A stored document row of `bytes` sent by `userId` `hoursAgo` hours ago (its file is not needed to count). */
async function sentEarlier(requestId: number, userId: number, bytes: number, hoursAgo = 1) {
  await t.database.db
    .insertInto('document')
    .values({
      requestId,
      stdUserId: userId,
      typeDocumentId: 1,
      name: 'plan.pdf',
      mimeType: 'application/pdf',
      size: bytes,
      sha256: randomBytes(32).toString('hex'),
      storageKey: 'absent',
      createdAt: sql<Date>`now() - make_interval(hours => ${hoursAgo})`,
    })
    .execute();
}

type Refusal = { code: string; message: string; errors: { path: string; message: string }[] };

describe('the quota of a request (all its documents)', () => {
  test('a filing beyond it is refused in French, and nothing is kept: no request, no file', async () => {
    const before = await written();
    const res = await fileRequest(alice, [600 * KB, 600 * KB]);
    expect(res.statusCode, res.body).toBe(413);
    const body = res.json<Refusal>();
    expect(body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(body.message).toBe(
      'Une demande peut porter 1 Mo de pièces au plus : ces fichiers en font 1,2 Mo.',
    );
    expect(body.errors).toEqual([{ path: 'documents', message: body.message }]);
    expect(await written()).toEqual(before);
    expect(await filesUnder(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
  });

  test('a filing within it is filed; a later piece beyond it is refused and not stored', async () => {
    const filed = await fileRequest(alice, [400 * KB, 400 * KB]);
    expect(filed.statusCode, filed.body).toBe(201);
    const id = filed.json<{ data: { id: number } }>().data.id;
    await t.database.db.updateTable('request').set({ stateId: 8 }).where('id', '=', id).execute();

    const before = await written();
    const res = await postPlan(alice, id, 300 * KB);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json<Refusal>().message).toBe(
      'Une demande peut porter 1 Mo de pièces au plus : elle en compte déjà 800 Ko et ces fichiers en ajoutent 300 Ko.',
    );
    expect(await written()).toEqual(before);
    // What still fits is accepted.
    expect((await postPlan(alice, id, 200 * KB)).statusCode).toBe(201);
  });

  test("an instructor's upload is never refused for the request's total", async () => {
    const { id } = await createRequest(t.database.db, { state: 3, owner: alice });
    await sentEarlier(id, alice.id, 1000 * KB, 48);
    const res = await postPlan(instructor, id, 300 * KB);
    expect(res.statusCode, res.body).toBe(201);
  });

  test('two uploads at once that each fit but not together: one is refused, the total holds', async () => {
    const owner = await createUser(t, ['ROLE_DEMANDEUR']);
    const { id } = await createRequest(t.database.db, { state: 8, owner });
    const answers = await Promise.all([postPlan(owner, id, 600 * KB), postPlan(owner, id, 600 * KB)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 413]);
    const { total } = await t.database.db
      .selectFrom('document')
      .select(sql<string>`sum(size)`.as('total'))
      .where('requestId', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(total)).toBe(600 * KB);
    expect(await filesUnder(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
  });
});

describe('the quota of an account (its last 24 hours)', () => {
  test('counts what the account sent to its other requests in 24 hours, not before', async () => {
    const bob = await createUser(t, ['ROLE_DEMANDEUR']);
    const earlier = await createRequest(t.database.db, { state: 3, owner: bob });
    await sentEarlier(earlier.id, bob.id, 1500 * KB);
    await sentEarlier(earlier.id, bob.id, 900 * KB, 25);

    const before = await written();
    const res = await fileRequest(bob, [300 * KB, 300 * KB]);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json<Refusal>().message).toBe(
      'Un compte peut déposer 2 Mo de pièces au plus en 24 heures : vous en avez déjà déposé 1,5 Mo et ces fichiers en ajoutent 600 Ko. Réessayez plus tard, ou adressez-vous au service instructeur.',
    );
    expect(await written()).toEqual(before);
    expect((await fileRequest(bob, [200 * KB, 200 * KB])).statusCode).toBe(201);
  });

  test('instructors and administrators have no account quota', async () => {
    const { id } = await createRequest(t.database.db, { state: 3, owner: alice });
    await sentEarlier(id, instructor.id, 5 * MB);
    const other = await createRequest(t.database.db, { state: 3, owner: alice });
    expect((await postPlan(instructor, other.id, 100 * KB)).statusCode).toBe(201);
  });
});
