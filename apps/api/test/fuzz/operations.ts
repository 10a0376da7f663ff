import fc from 'fast-check';
import { multipart, pdfNamed } from '../filing-helpers.ts';
import {
  BEYOND_INTEGER,
  HOSTILE_IDS,
  arbitraryFor,
  nestedJson,
  type JsonSchema,
} from './schema-arbitrary.ts';

// The routes of the OpenAPI document as the fuzz sees them, and the edge probes of ADR 0009: each
// route gets, deterministically, every kind of input that once answered 500.

export interface Operation {
  method: string;
  path: string;
  params: { name: string; in: 'path' | 'query'; schema: JsonSchema; required: boolean }[];
  body: JsonSchema | null;
  multipart: boolean;
}

export interface OpenApi {
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

/** Every operation of the document but the documentation's own. */
export function operations(doc: OpenApi): Operation[] {
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

/** What one probe sends (the method is the operation's). */
export interface Probe {
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
}

const NUL_TEXT = 'Cap\u0000breton';
const JSON_HEADERS = { 'content-type': 'application/json' };

/** A value (a sample of the body's schema) with each text or number changed by `change`. */
function mapLeaves(value: unknown, change: (leaf: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => mapLeaves(item, change));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapLeaves(item, change)]));
  return change(value);
}

/**
 * The edge probes of an operation: each path parameter beyond the database's integers, a body
 * nested 5,000 levels, a body of its schema with a NUL in every text, the same with every integer
 * beyond 2^31 − 1, a NUL in each text of the query, and a multipart form with a NUL in its fields and its file's name. `known` gives the
 * other path parameters an existing value, so that each probe reaches the code behind.
 */
export function edgeProbes(operation: Operation, known: (name: string) => string): Probe[] {
  const pathParams = operation.params.filter((param) => param.in === 'path');
  const urlWith = (values: Record<string, string>) =>
    pathParams.reduce(
      (url, param) =>
        url.replace(`{${param.name}}`, encodeURIComponent(values[param.name] ?? known(param.name))),
      operation.path,
    );
  const url = urlWith({});
  const probes: Probe[] = pathParams.flatMap((param) =>
    HOSTILE_IDS.map((id) => ({ url: urlWith({ [param.name]: id }), headers: {} })),
  );
  for (const param of operation.params.filter(
    (param) => param.in === 'query' && param.schema.type === 'string',
  ))
    probes.push({ url: `${url}?${param.name}=${encodeURIComponent(NUL_TEXT)}`, headers: {} });
  if (operation.method !== 'POST' && operation.method !== 'PUT') return probes;
  probes.push({ url, payload: nestedJson(5000), headers: JSON_HEADERS });
  if (operation.body) {
    const [sample] = fc.sample(arbitraryFor(operation.body, 0), { numRuns: 1, seed: 27 });
    const nulInTexts = mapLeaves(sample, (leaf) => (typeof leaf === 'string' ? `${leaf}\u0000` : leaf));
    const beyondIntegers = mapLeaves(sample, (leaf) => (Number.isInteger(leaf) ? BEYOND_INTEGER[0] : leaf));
    for (const body of [nulInTexts, beyondIntegers])
      probes.push({ url, payload: JSON.stringify(body), headers: JSON_HEADERS });
  }
  if (operation.multipart) {
    const names = ['request', 'requestId', 'typeDocumentId', 'title', 'comment', 'x'];
    const form = multipart([
      ...names.map((name) => ({ name, content: NUL_TEXT })),
      { name: 'file', content: pdfNamed('nul'), filename: 'piece\u0000.pdf', type: 'application/pdf' },
    ]);
    probes.push({ url, payload: form.payload, headers: form.headers });
  }
  return probes;
}
