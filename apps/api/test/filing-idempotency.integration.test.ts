import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { countRows, type TestUser } from './requests-factory.ts';
import { MANDATORY, filesUnder, filingParts, filingPayload, multipart } from './filing-helpers.ts';

// A filing carries an Idempotency-Key; a retry whose first answer was lost
// returns the same request, never a second one.

const t = testAppForFile({ FILING_MAX_PER_HOUR: '1000' }, { dataDir: 'idempotency', geo: true });
const { alice, bob } = accountsForFile(t, { alice: ['ROLE_DEMANDEUR'], bob: ['ROLE_DEMANDEUR'] });

/** A complete alignment filing (kind 2), with the key when given. */
function file(user: TestUser, key?: string) {
  const body = multipart(filingParts(filingPayload(2), MANDATORY[2]));
  const headers = {
    ...body.headers,
    ...user.headers,
    ...(key === undefined ? {} : { 'idempotency-key': key }),
  };
  return t.app.inject({ method: 'POST', url: '/api/request', payload: body.payload, headers });
}

const count = (table: 'request' | 'document' | 'petitioner') => countRows(t.database.db, table);

describe('POST request with an Idempotency-Key', () => {
  test('a retry with the same key returns the same request: no second request, no second file', async () => {
    const key = randomUUID();
    const first = await file(alice, key);
    expect(first.statusCode, first.body).toBe(201);
    const created = first.json<{ message: string; data: { id: number; publicId: string } }>();
    const before = {
      requests: await count('request'),
      documents: await count('document'),
      petitioners: await count('petitioner'),
    };
    const stored = await filesUnder(path.join(t.config.dataDir, 'files'));
    const receive = vi.spyOn(t.ctx.filing.store, 'receive');

    const retry = await file(alice, key);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json()).toEqual(created);
    // The retry's body is not even read: nothing written, no temporary file.
    expect(receive).not.toHaveBeenCalled();
    receive.mockRestore();
    expect({
      requests: await count('request'),
      documents: await count('document'),
      petitioners: await count('petitioner'),
    }).toEqual(before);
    expect(await filesUnder(path.join(t.config.dataDir, 'files'))).toEqual(stored);
    expect(await filesUnder(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
    const keys = await t.database.db
      .selectFrom('filingIdempotencyKey')
      .selectAll()
      .where('key', '=', key)
      .execute();
    expect(keys).toMatchObject([{ stdUserId: alice.id, requestId: created.data.id }]);
  });

  test("another account's same key is another filing", async () => {
    const key = randomUUID();
    const mine = await file(alice, key);
    const theirs = await file(bob, key);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    const mineId = mine.json<{ data: { id: number } }>().data.id;
    const theirsId = theirs.json<{ data: { id: number } }>().data.id;
    expect(theirsId).not.toBe(mineId);
    // Bob's retry finds Bob's request, never Alice's.
    expect((await file(bob, key)).json<{ data: { id: number } }>().data.id).toBe(theirsId);
  });

  test('two filings with the same key at once: one request, both answered with it', async () => {
    const key = randomUUID();
    const before = await count('request');
    const answers = await Promise.all([file(alice, key), file(alice, key), file(alice, key)]);
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    const ids = new Set(answers.map((res) => res.json<{ data: { id: number } }>().data.id));
    expect(ids.size).toBe(1);
    expect(await count('request')).toBe(before + 1);
    expect(await filesUnder(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
  });

  test('without a key, two filings are two requests (the key is what identifies a retry)', async () => {
    const before = await count('request');
    expect((await file(alice)).statusCode).toBe(201);
    expect((await file(alice)).statusCode).toBe(201);
    expect(await count('request')).toBe(before + 2);
  });

  test('a malformed key is refused in French before anything is read or written', async () => {
    const before = await count('request');
    for (const key of ['', 'x'.repeat(101), 'clé avec espaces', 'a/b']) {
      const res = await file(alice, key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json<{ message: string }>().message).toContain('Idempotency-Key');
    }
    expect(await count('request')).toBe(before);
  });

  test('a refused filing does not spend its key: the corrected retry is filed', async () => {
    const key = randomUUID();
    const refusedBody = multipart(filingParts(filingPayload(2), [1]));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/request',
      payload: refusedBody.payload,
      headers: { ...refusedBody.headers, ...alice.headers, 'idempotency-key': key },
    });
    expect(refused.statusCode).toBe(400);
    const filed = await file(alice, key);
    expect(filed.statusCode, filed.body).toBe(201);
  });
});
