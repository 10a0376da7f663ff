import fc from 'fast-check';
import { sql } from 'kysely';
import { z } from 'zod';
import { describe, expect, test } from 'vitest';
import {
  Cerfa14023Schema,
  Cerfa14024ViewSchema,
  IndividualAlignmentRequestSchema,
  PartySchema,
  ReceptionSchema,
} from '@voirie/domain';
import { loadRequestDetail } from '../src/requests/detail/request-detail.ts';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { createRequest } from './requests-factory.ts';
import { arbitraryFor, type JsonSchema } from './fuzz/schema-arbitrary.ts';

// The response schemas are the contract: only declared fields leave the API. This
// checks they declare everything the services present — a field missing from a schema would be
// stripped silently, a value of the wrong type would fail the answer. Every column of the forms,
// parties and reception is filled with values drawn from the domain's own schemas.

const t = testAppForFile();
const { admin, owner } = accountsForFile(t, { admin: ['ROLE_ADMIN'], owner: ['ROLE_DEMANDEUR'] });

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

interface Column {
  name: string;
  type: string;
  length: number | null;
  scale: number | null;
}

/** A drawn value made to fit its column (integers, numeric scale, varchar length, dates), or undefined. */
function fit(value: unknown, column: Column): unknown {
  const type = column.type;
  if (['integer', 'smallint', 'bigint'].includes(type))
    return typeof value === 'number' ? Math.max(-30_000, Math.min(30_000, Math.trunc(value))) : undefined;
  if (['numeric', 'double precision', 'real'].includes(type)) {
    if (typeof value !== 'number') return undefined;
    const scale = column.scale ?? 2;
    return Math.round(Math.max(-9999, Math.min(9999, value)) * 10 ** scale) / 10 ** scale;
  }
  if (type === 'boolean') return typeof value === 'boolean' ? value : undefined;
  if (type === 'date')
    return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '2026-05-04';
  if (type.startsWith('timestamp')) return '2026-05-04T08:30:00.000Z';
  if (type === 'text' || type === 'character varying')
    return typeof value === 'string' ? value.slice(0, column.length ?? 200) : undefined;
  return undefined;
}

/** A row of `table` whose every column the schema describes holds a value the schema allows. */
async function sampleRow(
  table: string,
  schema: z.ZodType,
  seed: number,
  rename: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const { rows } =
    await sql<Column>`SELECT column_name AS name, data_type AS type, character_maximum_length AS length, numeric_scale AS scale
    FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ${table}`.execute(
      t.database.db,
    );
  const columns = new Map(rows.map((row) => [row.name, row]));
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', unrepresentable: 'any' }) as JsonSchema;
  // Every property present (not null): the contract is checked on filled values.
  const filled = { ...json, required: Object.keys(json.properties ?? {}) };
  for (const key of Object.keys(filled.properties ?? {}))
    filled.properties![key] = { ...filled.properties![key], nullable: false };
  const [value] = fc.sample(arbitraryFor(filled, 0), { numRuns: 1, seed });
  const row: Record<string, unknown> = {};
  for (const [key, drawn] of Object.entries(value as Record<string, unknown>)) {
    const column = columns.get(snake(rename[key] ?? key));
    // Ids and references are the test's to set.
    if (key === 'id' || key.endsWith('Id') || !column) continue;
    const fitted = fit(drawn, column);
    if (fitted !== undefined) row[column.name] = fitted;
  }
  return row;
}

async function insert(table: string, row: Record<string, unknown>): Promise<number> {
  const names = Object.keys(row);
  const { rows } = await sql<{
    id: number;
  }>`INSERT INTO ${sql.table(table)} (${sql.join(names.map((name) => sql.ref(name)))}) VALUES (${sql.join(names.map((name) => row[name]))}) RETURNING id`.execute(
    t.database.db,
  );
  return rows[0]!.id;
}

async function expectSameAsService(key: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/request/${key}`, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  const presented = JSON.parse(
    JSON.stringify(
      await loadRequestDetail(
        t.database.db,
        { id: admin.id, email: admin.email, roles: ['ROLE_USER', 'ROLE_ADMIN'] },
        key,
      ),
    ),
  ) as unknown;
  expect(res.json<{ data: unknown }>().data).toEqual(presented);
}

describe('GET request/{id}: the response schema carries every field the detail presents', () => {
  test.each([1, 2, 3])('a networks request filled from the schemas (seed %i)', async (seed) => {
    const created = await createRequest(t.database.db, {
      owner,
      state: 4,
      kind: 1,
      beneficiary: { email: 'b@exemple.fr' },
    });
    const db = t.database.db;
    const cerfa = await insert('cerfa14023', {
      ...(await sampleRow('cerfa14023', Cerfa14023Schema, seed, {
        decisionRejetEU: 'decisionRejetEu',
        decisionDebitLS: 'decisionDebitLs',
      })),
      is_access_development: false,
    });
    const cerfa14024 = await insert('cerfa14024', await sampleRow('cerfa14024', Cerfa14024ViewSchema, seed));
    await db
      .updateTable('request')
      .set({ cerfa14023Id: cerfa, cerfa14024Id: cerfa14024 })
      .where('id', '=', created.id)
      .execute();
    const party = await sampleRow('petitioner', PartySchema, seed);
    const { petitionerId } = await db
      .selectFrom('request')
      .select('petitionerId')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('petitioner')
      .set(
        Object.fromEntries(
          Object.entries(party).map(([k, v]) => [
            k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
            v,
          ]),
        ),
      )
      .where('id', '=', petitionerId)
      .execute();
    await insert('reception', {
      ...(await sampleRow('reception', ReceptionSchema, seed)),
      request_id: created.id,
      state_id: 7,
      ex_state: null,
    });
    await expectSameAsService(created.publicId);
  });

  test('a request with its legal clock, its implicit decision and the history of the clock', async () => {
    const created = await createRequest(t.database.db, { owner, state: 3, kind: 1 });
    const db = t.database.db;
    await db
      .updateTable('request')
      .set({
        legalRule: 'permission',
        clockStartedOn: '2026-01-05',
        clockDeadlineOn: '2026-03-05',
        implicitDecisionOn: '2026-03-05',
      })
      .where('id', '=', created.id)
      .execute();
    await db
      .insertInto('legalClockEvent')
      .values([
        {
          requestId: created.id,
          kind: 'started',
          onDate: '2026-01-05',
          deadlineOn: '2026-03-05',
          ruleId: 'permission',
        },
        {
          requestId: created.id,
          kind: 'implicitDecision',
          onDate: '2026-03-05',
          deadlineOn: '2026-03-05',
          ruleId: 'permission',
        },
      ])
      .execute();
    await expectSameAsService(created.publicId);
  });

  test('an alignment request with its streets and points', async () => {
    const created = await createRequest(t.database.db, { owner, state: 5, kind: 2 });
    const db = t.database.db;
    const alignment = await insert(
      'individual_alignment_request',
      await sampleRow('individual_alignment_request', IndividualAlignmentRequestSchema, 7),
    );
    await db.updateTable('request').set({ alignmentId: alignment }).where('id', '=', created.id).execute();
    const street = await db
      .insertInto('alignmentStreet')
      .values({ alignmentId: alignment, name: 'Rue des Pins', competence: 'Communautaire' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('alignmentPoint')
      .values({ streetId: street.id, name: 'P1', type: 'clou OGE', distance: 1.25 })
      .execute();
    await expectSameAsService(created.publicId);
  });
});
