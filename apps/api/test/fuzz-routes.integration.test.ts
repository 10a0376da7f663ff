import { rm } from 'node:fs/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';
import { multipart, pdfNamed, tempDataDir } from './filing-helpers.ts';
import { ACTORS, buildWorld, fingerprinter, type ActorName, type FuzzWorld } from './fuzz/fuzz-world.ts';
import { arbitraryFor, HOSTILE_STRINGS, hostileValue, type JsonSchema } from './fuzz/schema-arbitrary.ts';

// Issue 13: a property-based fuzz of every route of the OpenAPI document (generated from the
// routes' own zod schemas), for every role: inputs that follow each schema with hostile values
// slipped in at any depth, bad bodies and content types. Properties: no answer is a 5xx, every
// refusal is the French error envelope, and a refused call writes nothing.
// FUZZ_RUNS (per route and actor, default 4) and FUZZ_SEED make the long run by hand:
//   FUZZ_RUNS=200 npx vitest run --project api test/fuzz-routes.integration.test.ts

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

let t: TestApp;
let dataDir: string;
let world: FuzzWorld;
let fingerprint: () => Promise<string>;

interface Operation {
  method: string;
  path: string;
  params: { name: string; in: 'path' | 'query'; schema: JsonSchema; required: boolean }[];
  body: JsonSchema | null;
  multipart: boolean;
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Operation['params'];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

function operations(doc: OpenApi): Operation[] {
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const [method, operation] of Object.entries(methods)) {
      const content = operation.requestBody?.content ?? {};
      found.push({
        method: method.toUpperCase(),
        path,
        params: operation.parameters ?? [],
        body: content['application/json']?.schema ?? null,
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  return found;
}

/** A path parameter: an id that exists (reaching the code behind the 404), a schema value or a hostile one. */
function pathValue(name: string, schema: JsonSchema): fc.Arbitrary<string> {
  const known = world.known[name] ?? world.known.id!;
  return fc.oneof(
    { arbitrary: fc.constantFrom(...known), weight: 5 },
    { arbitrary: arbitraryFor(schema, 0).map(String), weight: 2 },
    { arbitrary: fc.constantFrom(...HOSTILE_STRINGS).filter((value) => value !== ''), weight: 2 },
  );
}

const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

interface Probe {
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
}

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
          // The signed acts (issue 18).
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
      : fc.oneof({ arbitrary: json, weight: 4 }, { arbitrary: garbage, weight: 1 });
  return fc.tuple(path, query, body).map(([url, search, sent]) => ({
    url: url + search,
    headers: sent.headers,
    ...(sent.payload === undefined ? {} : { payload: sent.payload }),
  }));
}

// Rate-limit counters count refused attempts by design.
const MAY_WRITE_ON_REFUSAL = (table: string) => /rate_limit|login_attempt|throttl/.test(table);

beforeAll(async () => {
  dataDir = await tempDataDir('fuzz');
  t = await createTestApp({ DATA_DIR: dataDir });
  world = await buildWorld(t);
  // No mail leaves during the run: a flush between two fingerprints is not the probe's write.
  await t.mail.stop();
  fingerprint = await fingerprinter(t, MAY_WRITE_ON_REFUSAL);
}, 180_000);
afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('fuzz: every route × every actor', () => {
  const figures = { probes: 0, fiveHundreds: 0, refused: 0, writesOnRefusal: 0, badEnvelopes: 0 };
  const failures: string[] = [];

  test('no 5xx, French refusals, no write on refusal', { timeout: 1_800_000 }, async () => {
    const ops = operations(t.app.swagger() as unknown as OpenApi);
    expect(ops.length).toBeGreaterThan(60);
    // The database as the last probe left it: a refusal must leave it so; a success moves it.
    let current = await fingerprint();
    for (const operation of ops) {
      for (const actor of Object.keys(ACTORS) as ActorName[]) {
        const user = world.users[actor];
        await fc.assert(
          fc.asyncProperty(probeOf(operation), async (probe) => {
            const before = current;
            const res = await t.app.inject({
              method: operation.method as 'GET',
              url: probe.url,
              headers: { ...probe.headers, ...(user ? user.headers : {}) },
              ...(probe.payload === undefined ? {} : { payload: probe.payload }),
            });
            figures.probes += 1;
            const where = `${operation.method} ${probe.url} by ${actor}`;
            if (res.statusCode >= 500) {
              figures.fiveHundreds += 1;
              failures.push(
                `${String(res.statusCode)} ${where} ${String(probe.payload ?? '').slice(0, 200)} -> ${res.body.slice(0, 200)}`,
              );
              current = await fingerprint();
              return;
            }
            current = await fingerprint();
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
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      }
    }
    console.log(
      `fuzz: ${String(figures.probes)} probes on ${String(ops.length)} routes × ${String(Object.keys(ACTORS).length)} actors (seed ${String(SEED)}): ` +
        `${String(figures.fiveHundreds)} answers 5xx, ${String(figures.refused)} refused, ${String(figures.writesOnRefusal)} writes on refusal, ${String(figures.badEnvelopes)} bad envelopes`,
    );
    expect(failures.slice(0, 40)).toEqual([]);
  });
});
