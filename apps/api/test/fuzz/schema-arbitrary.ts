import fc from 'fast-check';

// fast-check arbitraries from the OpenAPI document's JSON Schemas (the routes' zod schemas as
// @fastify/swagger publishes them): values that follow the schema, with hostile values slipped
// in at any depth — so that a fuzz run reaches the code behind the validation as well as the
// validation itself.

/** The subset of JSON Schema (OpenAPI 3.0 flavour) the routes' zod schemas produce. */
export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

/** Strings an attacker tries: injections, traversal, control and odd characters, huge or empty. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  "'; DROP TABLE request; --",
  "' OR '1'='1",
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '\u0000',
  'Cap\u0000breton',
  '\r\nX-Injected: 1',
  '<script>alert(1)</script>',
  '=2+5',
  '{{constructor.constructor("return process")()}}',
  '${7*7}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9'.repeat(40),
  '2026-02-30',
  '2026-13-01T25:61:00Z',
  'a'.repeat(5000),
  'é'.repeat(300),
  '\uD800',
  '🚧'.repeat(50),
  'null',
  'true',
  '[]',
  '{}',
  '00000000-0000-0000-0000-000000000000',
];

/** Integers a PostgreSQL `integer` (every id of the database) cannot hold. */
export const BEYOND_INTEGER: readonly number[] = [2 ** 31, 2 ** 32, Number.MAX_SAFE_INTEGER];

/** Ids in a path: beyond the database's integers, and beyond JavaScript's safe ones. */
export const HOSTILE_IDS: readonly string[] = [
  ...BEYOND_INTEGER.map(String),
  '99999999999999999999',
  '-2147483649',
];

/** A JSON text nesting `depth` levels, objects and arrays in turn (built as text: no recursion). */
export function nestedJson(depth: number): string {
  const open = Array.from({ length: depth }, (_, i) => (i % 2 === 0 ? '{"a":' : '[')).join('');
  const close = Array.from({ length: depth }, (_, i) => (i % 2 === 0 ? '}' : ']'))
    .reverse()
    .join('');
  return `${open}1${close}`;
}

/** Nesting just beyond the bound (errors/acceptable-input.ts) and far beyond (5,000 levels overflowed a stack). */
export const deepJson: fc.Arbitrary<string> = fc
  .oneof(fc.integer({ min: 30, max: 40 }), fc.integer({ min: 1000, max: 6000 }))
  .map(nestedJson);

/** A string with a NUL character in it: PostgreSQL texts cannot hold one. */
const withNul = (value: string) => {
  const at = Math.floor(value.length / 2);
  return `${value.slice(0, at)}\u0000${value.slice(at + 1)}`;
};

/** Numbers at the edges. */
const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -1,
  -0,
  1.5,
  ...BEYOND_INTEGER,
  2 ** 53,
  -(2 ** 53),
  1e308,
  -1e308,
  Number.MIN_VALUE,
  999_999_999,
];

/** Any hostile value: strings, numbers, wrong types, deep or wide structures. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(
    null,
    true,
    false,
    [],
    {},
    [null],
    { __proto__: { polluted: true } },
    { constructor: { prototype: { polluted: true } } },
  ),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant(Array.from({ length: 2000 }, (_, i) => i)),
  // Deep enough to pass the bound once inside a body; deeper ones are sent as whole bodies (deepJson),
  // as text: JSON.stringify recurses too.
  fc.integer({ min: 30, max: 40 }).map((depth) => JSON.parse(nestedJson(depth)) as unknown),
);

const isNullable = (schema: JsonSchema) =>
  schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'));

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  return schema.type;
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'date-time')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((value) => value.length <= (schema.maxLength ?? 200));
    } catch {
      // A pattern fast-check cannot read: any string.
    }
  }
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 60) });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum
        : -1e6;
  const max =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum
        : 1e6;
  const [low, high] = [Math.max(min, -1e9), Math.min(max, 1e9)];
  if (integer) return fc.integer({ min: Math.ceil(low), max: Math.max(Math.ceil(low), Math.floor(high)) });
  return fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
}

/**
 * Values for a schema. `hostility` (0–1) is how often a node is replaced by a hostile value;
 * `depth` bounds recursion.
 */
export function arbitraryFor(
  schema: JsonSchema | undefined,
  hostility = 0.15,
  depth = 0,
): fc.Arbitrary<unknown> {
  const faithful = faithfulFor(schema ?? {}, hostility, depth);
  if (hostility <= 0) return faithful;
  const weight = Math.max(1, Math.round(hostility * 100));
  return fc.oneof({ arbitrary: faithful, weight: 100 - weight }, { arbitrary: hostileValue, weight });
}

function faithfulFor(schema: JsonSchema, hostility: number, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0)
    return fc.oneof(...variants.map((variant) => arbitraryFor(variant, hostility, depth + 1)));
  if (schema.allOf && schema.allOf.length > 0)
    return arbitraryFor(Object.assign({}, ...schema.allOf) as JsonSchema, hostility, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  let base: fc.Arbitrary<unknown>;
  switch (typeOf(schema)) {
    case 'string':
      // Now and then a NUL inside an otherwise valid text.
      base =
        hostility > 0
          ? fc.oneof(
              { arbitrary: stringArbitrary(schema), weight: 9 },
              { arbitrary: stringArbitrary(schema).map(withNul), weight: 1 },
            )
          : stringArbitrary(schema);
      break;
    case 'integer':
      // Now and then an integer the database cannot hold (an id beyond 2^31 − 1).
      base =
        hostility > 0
          ? fc.oneof(
              { arbitrary: numberArbitrary(schema, true), weight: 9 },
              { arbitrary: fc.constantFrom(...BEYOND_INTEGER), weight: 1 },
            )
          : numberArbitrary(schema, true);
      break;
    case 'number':
      base = numberArbitrary(schema, false);
      break;
    case 'boolean':
      base = fc.boolean();
      break;
    case 'array': {
      const items = Array.isArray(schema.items) ? schema.items[0] : schema.items;
      base = fc.array(arbitraryFor(items, hostility, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 6),
      });
      break;
    }
    case 'object':
    case undefined: {
      const properties = schema.properties ?? {};
      const keys = Object.keys(properties);
      if (keys.length === 0) {
        base =
          typeOf(schema) === 'object'
            ? fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 4 })
            : fc.jsonValue({ maxDepth: 2 });
        break;
      }
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const key of keys) record[key] = arbitraryFor(properties[key], hostility, depth + 1);
      base = fc.record(record, { requiredKeys: keys.filter((key) => required.has(key)) }).chain((value) =>
        // Sometimes an unexpected key, as a client that does not read the schema would send.
        fc.oneof(
          { arbitrary: fc.constant(value), weight: 4 },
          { arbitrary: fc.constant({ ...value, inattendu: 'x' }), weight: 1 },
        ),
      );
      break;
    }
    default:
      base = fc.jsonValue({ maxDepth: 2 });
  }
  return isNullable(schema) ? fc.option(base, { nil: null, freq: 6 }) : base;
}
