import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { LIST_TABS, STATE_IDS } from '@voirie/domain';
import { accountsForFile, testAppForFile } from './test-app.ts';
import { foldStateCounts, keptStateCounts } from '../src/requests/state-counts.ts';
import { createRequest } from './requests-factory.ts';

// The tab counts of those who see every request come from request_state_count, which the
// database keeps in the transaction of every write of `request` (migration 0033): after random
// inserts, single and bulk state changes, other updates, deletes, a rolled-back transaction, folds,
// API transitions and a TRUNCATE, it equals a full recount — and GET request/count answers the
// same from it as from a count of the rows, as does the list's total.

const t = testAppForFile({}, { dataDir: 'request-state-counts' });
const { alice, admin } = accountsForFile(t, {
  alice: { roles: ['ROLE_DEMANDEUR'], email: 'alice.comptes@exemple.fr' },
  admin: { roles: ['ROLE_ADMIN'], email: 'admin.comptes@exemple.fr' },
});
const db = () => t.database.db;

/** A small deterministic generator (mulberry32): the same run on both databases. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

type Pairs = Record<string, number>;
const pairsOf = (rows: { stateId: number; sendToSign: boolean; total: number | string }[]): Pairs =>
  Object.fromEntries(
    rows
      .filter((row) => Number(row.total) !== 0)
      .map((row) => [`${String(row.stateId)}/${String(row.sendToSign)}`, Number(row.total)]),
  );
const kept = async () => pairsOf(await keptStateCounts(db()));
const keptRows = async () =>
  Number(
    (
      await db()
        .selectFrom('requestStateCount')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const recounted = async () =>
  pairsOf(
    (
      await sql<{
        stateId: number;
        sendToSign: boolean;
        total: number | string;
      }>`SELECT state_id AS "stateId", send_to_sign AS "sendToSign", count(*) AS total
        FROM request GROUP BY state_id, send_to_sign`.execute(db())
    ).rows,
  );

const counts = async (query = '') => {
  const res = await t.app.inject({ url: `/api/request/count${query}`, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as unknown;
};

describe('the kept request counts', () => {
  test('equal a recount after random writes of every kind', async () => {
    const next = random(20261129);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const ids: number[] = [];
    for (let index = 0; index < 30; index += 1) {
      const created = await createRequest(db(), {
        owner: alice,
        state: pick(STATE_IDS),
        sendToSign: next() < 0.3,
        insee: null,
      });
      ids.push(created.id);
    }
    expect(await kept()).toEqual(await recounted());

    for (let round = 0; round < 60; round += 1) {
      const choice = next();
      if (choice < 0.45) {
        await db()
          .updateTable('request')
          .set({ stateId: pick(STATE_IDS), sendToSign: next() < 0.3 })
          .where('id', '=', pick(ids))
          .execute();
      } else if (choice < 0.6) {
        // A bulk change: every third request to one state.
        const offset = Math.floor(next() * 3);
        await sql`UPDATE request SET state_id = ${pick(STATE_IDS)} WHERE id % 3 = ${offset}`.execute(db());
      } else if (choice < 0.7) {
        // Another column only: nothing moves.
        await db()
          .updateTable('request')
          .set({ numaffaire: `A-${String(round)}` })
          .where('id', '=', pick(ids))
          .execute();
      } else if (choice < 0.8) {
        // A transaction that fails: its changes, counts included, are undone.
        await expect(
          db()
            .transaction()
            .execute(async (trx) => {
              await trx
                .updateTable('request')
                .set({ stateId: pick(STATE_IDS) })
                .where('id', '=', pick(ids))
                .execute();
              throw new Error('annulée');
            }),
        ).rejects.toThrow('annulée');
      } else if (choice < 0.9 && ids.length > 10) {
        const id = ids.splice(Math.floor(next() * ids.length), 1)[0]!;
        await db().deleteFrom('request').where('id', '=', id).execute();
      } else if (choice < 0.95) {
        const created = await createRequest(db(), { owner: alice, state: pick(STATE_IDS), insee: null });
        ids.push(created.id);
      } else {
        await foldStateCounts(db());
      }
      expect(await kept(), `round ${String(round)}`).toEqual(await recounted());
    }

    // The scheduled fold leaves one row per pair with requests, and the same counts.
    expect(await keptRows()).toBeGreaterThan(Object.keys(await recounted()).length);
    expect(await foldStateCounts(db())).toBeGreaterThan(0);
    expect(await keptRows()).toBe(Object.keys(await recounted()).length);
    expect(await kept()).toEqual(await recounted());
  });

  test('follow the transitions of the API, and GET request/count reads them as a count would', async () => {
    const filed = await createRequest(db(), { owner: alice, state: 3, insee: null });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/request/${String(filed.id)}`,
      headers: alice.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await kept()).toEqual(await recounted());

    // Unfiltered, an administrator's counts are the kept ones; a filter that keeps every state
    // makes the server count the rows: both answers are the same.
    const everyState = encodeURIComponent(JSON.stringify({ stateId: [...STATE_IDS] }));
    expect(await counts()).toEqual(await counts(`?searchFilter=${everyState}`));
    // So does the list's total, of every tab and of none.
    const total = async (query: string) => {
      const listed = await t.app.inject({ url: `/api/request?${query}`, headers: admin.headers });
      expect(listed.statusCode, listed.body).toBe(200);
      return (listed.json().pagination as { total: number }).total;
    };
    for (const tab of ['', ...LIST_TABS.map((each) => `tab=${String(each.id)}&`)]) {
      const fromKept = await total(tab);
      expect(fromKept, tab).toBe(await total(`${tab}searchFilter=${everyState}`));
    }
    expect(await total('')).toBe(Object.values(await recounted()).reduce((sum, n) => sum + n, 0));
  });

  test('a TRUNCATE (a restore) empties them, and they count again from there', async () => {
    await sql`TRUNCATE request CASCADE`.execute(db());
    expect(await kept()).toEqual({});
    await createRequest(db(), { owner: alice, state: 3, insee: null });
    await createRequest(db(), { owner: alice, state: 3, sendToSign: true, insee: null });
    expect(await kept()).toEqual({ '3/false': 1, '3/true': 1 });
    expect(await kept()).toEqual(await recounted());
  });
});
