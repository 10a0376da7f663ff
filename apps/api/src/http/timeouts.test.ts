import { createServer } from 'node:http';
import { describe, expect, test } from 'vitest';
import { serverTimeoutOptions } from './timeouts.ts';

describe("Node's limits", () => {
  test('a request limit above 5 minutes still starts a server (Node checks headersTimeout against requestTimeout)', () => {
    const options = serverTimeoutOptions({ requestMs: 400_000, uploadMs: 900_000 });
    expect(() => createServer(options.http).close()).not.toThrow();
    expect(options.http).toMatchObject({ requestTimeout: 900_000, headersTimeout: 400_000 });
  });
});
