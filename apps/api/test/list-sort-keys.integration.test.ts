import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { describe, expect, test } from 'vitest';
import { orderBy, stateCountQuery } from '../src/requests/list-query.ts';
import { createRequest, createUser } from './requests-factory.ts';
import { testAppForFile, accountsForFile } from './test-app.ts';

// The list's sorts by applicant and by instructor, and its free-text search on people, read
// copies kept on `request` by PostgreSQL (migration 0022, docs/api-requests.md "Performance": every sort and
// the search served by indexes of one table). The copies follow every change: a new request, another
// applicant, beneficiary or instructor, a renamed applicant, company or instructor — whoever
// writes it; the application cannot set them.

const t = testAppForFile();
const { admin } = accountsForFile(t, { admin: ['ROLE_ADMIN'] });

const db = () => t.database.db;

async function searched(searchText: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/request?searchText=${encodeURIComponent(searchText)}`,
    headers: admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json<{ data: { id: number }[] }>().data as { id: number }[]).map((row) => row.id).sort();
}

async function sortedBy(searchSort: 'demandeur' | 'instructeur', searchDir: 'asc' | 'desc' = 'asc') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/request?searchSort=${searchSort}&searchDir=${searchDir}`,
    headers: admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json<{ data: { id: number }[] }>().data as { id: number }[]).map((row) => row.id);
}

const keysOf = (id: number) =>
  db()
    .selectFrom('request')
    .select(['sortDemandeur', 'sortInstructeur'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('sort keys of the list (applicant, instructor)', () => {
  test('written on insert and kept in step with every change, whoever makes it', async () => {
    const bertrand = await createUser(t, ['ROLE_INSTRUCTEUR'], { lastName: 'Bertrand' });
    const abadie = await createUser(t, ['ROLE_INSTRUCTEUR'], { lastName: 'Abadie' });
    const company = await createRequest(db(), {
      petitioner: { corporationName: 'Zéphyr Réseaux', lastName: 'Albert' },
      instructeurId: bertrand.id,
    });
    const person = await createRequest(db(), {
      petitioner: { lastName: 'Martin' },
      instructeurId: abadie.id,
    });
    const nobody = await createRequest(db(), { petitioner: { lastName: 'Caron' } });
    // A company by its name, a person by their last name; no instructor: empty, listed last.
    expect(await keysOf(company.id)).toEqual({
      sortDemandeur: 'Zéphyr Réseaux',
      sortInstructeur: 'Bertrand',
    });
    expect(await keysOf(nobody.id)).toEqual({ sortDemandeur: 'Caron', sortInstructeur: null });
    expect(await sortedBy('demandeur')).toEqual([nobody.id, person.id, company.id]);
    expect(await sortedBy('instructeur')).toEqual([person.id, company.id, nobody.id]);
    expect(await sortedBy('instructeur', 'desc')).toEqual([company.id, person.id, nobody.id]);

    // The applicant renamed, the company's name removed: the copies follow.
    const { petitionerId } = await db()
      .selectFrom('request')
      .select('petitionerId')
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(await searched('martin')).toEqual([person.id]);
    await db().updateTable('petitioner').set({ lastName: 'Adam' }).where('id', '=', petitionerId).execute();
    expect(await sortedBy('demandeur')).toEqual([person.id, nobody.id, company.id]);
    // The search follows the applicant's new name, and a beneficiary given to another request.
    expect(await searched('martin')).toEqual([]);
    expect(await searched('adam')).toEqual([person.id]);
    await db()
      .updateTable('request')
      .set({ beneficiaryId: petitionerId })
      .where('id', '=', nobody.id)
      .execute();
    expect(await searched('adam')).toEqual([person.id, nobody.id].sort());
    expect(await searched('caron')).toEqual([nobody.id]);
    const companyRow = await db()
      .selectFrom('request')
      .select('petitionerId')
      .where('id', '=', company.id)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('petitioner')
      .set({ corporationName: null })
      .where('id', '=', companyRow.petitionerId)
      .execute();
    expect((await keysOf(company.id)).sortDemandeur).toBe('Albert');

    // The instructor renamed; a request given to another instructor, or to nobody.
    await db().updateTable('stdUser').set({ lastName: 'Zubiri' }).where('id', '=', abadie.id).execute();
    expect((await keysOf(person.id)).sortInstructeur).toBe('Zubiri');
    await db()
      .updateTable('request')
      .set({ instructeurId: bertrand.id })
      .where('id', '=', nobody.id)
      .execute();
    expect((await keysOf(nobody.id)).sortInstructeur).toBe('Bertrand');
    await db().updateTable('request').set({ instructeurId: null }).where('id', '=', person.id).execute();
    expect((await keysOf(person.id)).sortInstructeur).toBeNull();

    // Written by the application, a copy is computed again: it cannot go out of step.
    await db()
      .updateTable('request')
      .set({ sortDemandeur: 'Aaa', sortInstructeur: 'Aaa' } as never)
      .where('id', '=', company.id)
      .execute();
    expect(await keysOf(company.id)).toEqual({ sortDemandeur: 'Albert', sortInstructeur: 'Bertrand' });
  });
});

describe('the state sort and the tab counts read their indexes (migration 0023)', () => {
  /** The plan's text with sequential scans and sorts priced out: what the indexes allow. */
  async function planOf(query: RawBuilder<unknown>): Promise<string> {
    return db()
      .transaction()
      .execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        await sql`SET LOCAL enable_sort = off`.execute(trx);
        await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${query}`.execute(trx);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
  }

  test.each(['asc', 'desc'] as const)(
    'sort by state, %s: an index in the list order, no sort',
    async (dir) => {
      const plan = await planOf(sql`SELECT r.id FROM request r ORDER BY ${orderBy('stateId', dir)} LIMIT 50`);
      expect(plan).toContain('request_sort_state_idx');
      expect(plan).not.toMatch(/\bSort\b/);
    },
  );

  test('the tab counts: an index-only scan of (state, signature)', async () => {
    const plan = await planOf(stateCountQuery(sql<SqlBool>`true`));
    expect(plan).toMatch(/Index Only Scan using request_state_sign_idx/);
  });
});
