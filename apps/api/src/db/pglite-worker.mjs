// The embedded database's own thread: PGlite runs PostgreSQL compiled to WebAssembly,
// and a statement runs to its end without yielding. On the server's thread a slow statement held
// every request — sign-in and /api/health included — for its whole duration; here it holds only
// this thread, and pglite-client.ts can end it when it runs past its time.
//
// Plain JavaScript: the same file runs from the sources (tsx, tests) and beside the server's
// bundle (scripts/build.mjs copies it), with no TypeScript loader in a worker. The messages are
// pglite-client.ts's: { id, op: 'query' | 'exec' | 'dump' | 'ping' | 'close', sql?, params? },
// answered { id, ok: true, value } or { id, ok: false, error }.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { postgis } from '@electric-sql/pglite-postgis';

/** @type {{ dataDir?: string; loadDataDir?: ArrayBuffer; startParams: string[] }} */
const options = workerData;

/** A database error's fields (code, constraint, detail…), which the API reads, as plain data. */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

const db = await PGlite.create({
  ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  ...(options.loadDataDir ? { loadDataDir: new Blob([options.loadDataDir]) } : {}),
  extensions: { postgis, pg_trgm, unaccent },
  startParams: [...PGlite.defaultStartParams, ...options.startParams],
  // The pg driver's values (database.ts): bigint as number, `date` as 'YYYY-MM-DD'.
  parsers: { 20: (value) => Number(value), 1082: (value) => value },
});

const operations = {
  query: async ({ sql, params }) => {
    const { rows, affectedRows, fields } = await db.query(sql, params);
    return { rows, affectedRows, fields };
  },
  exec: async ({ sql }) =>
    (await db.exec(sql)).map(({ rows, affectedRows, fields }) => ({ rows, affectedRows, fields })),
  dump: async () => (await db.dumpDataDir('gzip')).arrayBuffer(),
  ping: async () => true,
  close: async () => {
    if (!db.closed) await db.close();
    return true;
  },
};

parentPort.on('message', async (message) => {
  try {
    const value = await operations[message.op](message);
    parentPort.postMessage({ id: message.id, ok: true, value }, value instanceof ArrayBuffer ? [value] : []);
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, error: plainError(error) });
  }
  if (message.op === 'close') parentPort.close();
});
parentPort.postMessage({ ready: true });
