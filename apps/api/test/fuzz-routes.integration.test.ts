import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';
import { multipart, pdfNamed } from './filing-helpers.ts';
import {
  ACTORS,
  buildWorld,
  fingerprinter,
  restoreActors,
  type ActorName,
  type FuzzWorld,
} from './fuzz/fuzz-world.ts';
import {
  arbitraryFor,
  deepJson,
  HOSTILE_IDS,
  HOSTILE_STRINGS,
  hostileValue,
  type JsonSchema,
} from './fuzz/schema-arbitrary.ts';
import { edgeProbes, operations, type OpenApi, type Operation, type Probe } from './fuzz/operations.ts';

// A property-based fuzz of every route of the OpenAPI document (generated from the
// routes' own zod schemas), for every role: inputs that follow each schema with hostile values
// slipped in at any depth, bad bodies and content types. Properties: no answer is a 5xx, every
// refusal is the French error envelope, and a refused call writes nothing. As ADR 0009 asks, the
// generators also send ids beyond 2^31 − 1, JSON nested thousands of levels deep and NUL
// characters in texts, and a second pass sends each of them to every route (fuzz/edge-probes.ts).
// FUZZ_RUNS (per route and actor, default 4) and FUZZ_SEED make the long run by hand:
//   FUZZ_RUNS=200 npx vitest run --project api test/fuzz-routes.integration.test.ts

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

let t: TestApp;
let world: FuzzWorld;
let fingerprint: () => Promise<string>;

/** A path parameter: an id that exists (reaching the code behind the 404), a schema value or a hostile one. */
function pathValue(name: string, schema: JsonSchema): fc.Arbitrary<string> {
  const known = world.known[name] ?? world.known.id!;
  return fc.oneof(
    { arbitrary: fc.constantFrom(...known), weight: 5 },
    { arbitrary: arbitraryFor(schema, 0).map(String), weight: 2 },
    { arbitrary: fc.constantFrom(...HOSTILE_STRINGS).filter((value) => value !== ''), weight: 2 },
    { arbitrary: fc.constantFrom(...HOSTILE_IDS), weight: 2 },
  );
}

const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** Everything a probe of this operation may send. */
function probeOf(operation: Operation): fc.Arbitrary<Probe> {
  const pathParams = operation.params.filter((param) => param.in === 'path');
  const queryParams = operation.params.filter((param) => param.in === 'query');
  const path = fc
    .tuple(...pathParams.map((param) => pathValue(param.name, param.schema)))
    .map((values) =>
      pathParams.reduce(
        (url, param, index) => url.replace(`{${param.name}}`, encodeURIComponent(values[index]!)),
        operation.path,
      ),
    );
  const query = fc
    .tuple(...queryParams.map((param) => fc.option(arbitraryFor(param.schema), { nil: undefined, freq: 2 })))
    .map((values) => {
      const search = new URLSearchParams();
      values.forEach((value, index) => {
        if (value !== undefined) search.set(queryParams[index]!.name, text(value));
      });
      const string = search.toString();
      return string ? `?${string}` : '';
    });
  const json = (
    operation.body ? arbitraryFor(operation.body) : fc.oneof(fc.jsonValue({ maxDepth: 3 }), hostileValue)
  ).map((value) => ({
    payload: JSON.stringify(value) ?? 'null',
    headers: { 'content-type': 'application/json' },
  }));
  const garbage = fc.oneof(
    fc.constant({ payload: '{"a":', headers: { 'content-type': 'application/json' } }),
    fc
      .string({ maxLength: 200 })
      .map((value) => ({ payload: value, headers: { 'content-type': 'text/plain' } })),
    fc.constant({
      payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    }),
    fc.constant({ payload: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
  );
  const deep = deepJson.map((payload) => ({ payload, headers: { 'content-type': 'application/json' } }));
  const multipartBody = fc
    .array(
      fc.tuple(
        fc.constantFrom(
          'file',
          'request',
          'requestId',
          'typeDocumentId',
          'stdUserId',
          'document-1',
          'document-93',
          // The signed acts.
          'permission',
          'alignment',
          'traffic',
          'x',
        ),
        fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom(...HOSTILE_STRINGS.slice(0, 20))),
        fc.boolean(),
      ),
      { maxLength: 5 },
    )
    .map((parts) => {
      const body = multipart(
        parts.map(([name, value, isFile]) =>
          isFile
            ? {
                name,
                content: pdfNamed(value),
                filename: `${value.slice(0, 10)}.pdf`,
                type: 'application/pdf',
              }
            : { name, content: value },
        ),
      );
      return { payload: body.payload, headers: body.headers };
    });
  const withBody = operation.method === 'POST' || operation.method === 'PUT';
  const body = !withBody
    ? fc.constant({ payload: undefined, headers: {} })
    : operation.multipart
      ? fc.oneof(
          { arbitrary: multipartBody, weight: 3 },
          { arbitrary: json, weight: 1 },
          { arbitrary: garbage, weight: 1 },
        )
      : fc.oneof(
          { arbitrary: json, weight: 4 },
          { arbitrary: garbage, weight: 1 },
          { arbitrary: deep, weight: 1 },
        );
  return fc.tuple(path, query, body).map(([url, search, sent]) => ({
    url: url + search,
    headers: sent.headers,
    ...(sent.payload === undefined ? {} : { payload: sent.payload }),
  }));
}

// Rate-limit counters count refused attempts by design.
const MAY_WRITE_ON_REFUSAL = (table: string) => /rate_limit|login_attempt|throttl/.test(table);

beforeAll(async () => {
  t = await createTestApp({}, { dataDir: 'fuzz' });
  world = await buildWorld(t);
  // No mail leaves during the run: a flush between two fingerprints is not the probe's write.
  await t.mail.stop();
  fingerprint = await fingerprinter(t, MAY_WRITE_ON_REFUSAL);
}, 180_000);
afterAll(() => t?.close());

describe('fuzz: every route × every actor', () => {
  const figures = { probes: 0, fiveHundreds: 0, refused: 0, writesOnRefusal: 0, badEnvelopes: 0 };
  const failures: string[] = [];
  // The database as the last probe left it: a refusal must leave it so; a success moves it.
  let current = '';

  /** Sends one probe and checks its answer: no 5xx, a French envelope, nothing written on refusal. */
  async function check(operation: Operation, actor: ActorName, probe: Probe): Promise<void> {
    const user = world.users[actor];
    const before = current;
    const where = `${operation.method} ${probe.url} by ${actor}`;
    figures.probes += 1;
    const res = await t.app
      .inject({
        method: operation.method as 'GET',
        url: probe.url,
        headers: { ...probe.headers, ...(user ? user.headers : {}) },
        ...(probe.payload === undefined ? {} : { payload: probe.payload }),
      })
      .catch((error: unknown) => error as Error);
    current = await fingerprint();
    // An answer cut short (the process's own error) is counted with the 5xx.
    if (res instanceof Error) {
      figures.fiveHundreds += 1;
      failures.push(`no answer ${where} ${String(probe.payload ?? '').slice(0, 200)} -> ${res.message}`);
      return;
    }
    if (res.statusCode >= 500) {
      figures.fiveHundreds += 1;
      failures.push(
        `${String(res.statusCode)} ${where} ${String(probe.payload ?? '').slice(0, 200)} -> ${res.body.slice(0, 200)}`,
      );
      return;
    }
    if (res.statusCode < 400) return;
    figures.refused += 1;
    const body = (() => {
      try {
        return res.json<{ success?: boolean; message?: string }>();
      } catch {
        return null;
      }
    })();
    if (!body || body.success !== false || !body.message) {
      figures.badEnvelopes += 1;
      failures.push(`envelope ${String(res.statusCode)} ${where} -> ${res.body.slice(0, 120)}`);
    }
    if (current !== before) {
      figures.writesOnRefusal += 1;
      failures.push(
        `write on refusal ${String(res.statusCode)} ${where} ${String(probe.payload ?? '').slice(0, 200)}`,
      );
    }
  }

  /** Between two routes: every actor signed in again with its roles (a probe may sign out, disable…). */
  async function restoreWorld(): Promise<void> {
    await restoreActors(t, world);
    current = await fingerprint();
  }

  function report(label: string, routes: number): void {
    console.log(
      `${label}: ${String(figures.probes)} probes on ${String(routes)} routes (seed ${String(SEED)}): ` +
        `${String(figures.fiveHundreds)} answers 5xx, ${String(figures.refused)} refused, ${String(figures.writesOnRefusal)} writes on refusal, ${String(figures.badEnvelopes)} bad envelopes`,
    );
    expect(failures.slice(0, 40)).toEqual([]);
    expect(figures.fiveHundreds).toBe(0);
  }

  beforeEach(async () => {
    Object.assign(figures, { probes: 0, fiveHundreds: 0, refused: 0, writesOnRefusal: 0, badEnvelopes: 0 });
    failures.length = 0;
    current = await fingerprint();
  });

  test('no 5xx, French refusals, no write on refusal', { timeout: 1_800_000 }, async () => {
    const ops = operations(t.app.swagger() as unknown as OpenApi);
    expect(ops.length).toBeGreaterThan(60);
    for (const operation of ops) {
      for (const actor of Object.keys(ACTORS) as ActorName[]) {
        await fc.assert(
          fc.asyncProperty(probeOf(operation), (probe) => check(operation, actor, probe)),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      }
      await restoreWorld();
    }
    report(`fuzz × ${String(Object.keys(ACTORS).length)} actors`, ops.length);
  });

  // What a long run found answering 500, sent to every route by an applicant and an
  // administrator (between them they pass every route's policy).
  test(
    'edges: ids beyond 2^31 − 1, JSON nested 5,000 levels, NUL characters — no 5xx',
    { timeout: 600_000 },
    async () => {
      const ops = operations(t.app.swagger() as unknown as OpenApi);
      const known = (name: string) => (world.known[name] ?? world.known.id!)[0]!;
      for (const operation of ops) {
        for (const probe of edgeProbes(operation, known))
          for (const actor of ['owner', 'admin'] as const) await check(operation, actor, probe);
        await restoreWorld();
      }
      expect(figures.probes).toBeGreaterThan(500);
      report('edges × owner, admin', ops.length);
    },
  );
});
