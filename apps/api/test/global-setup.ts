import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { fromPglite, fromPostgresUrl } from '../src/db/database.ts';
import { openPglite } from '../src/db/pglite.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { sql } from 'kysely';
import { postgresTarget, TEMPLATE_DB } from './test-target.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Migrates one database per run and keeps it as a template: each test file clones it
 * (PGlite: a data-dir dump, ~2 s; PostgreSQL: CREATE DATABASE … TEMPLATE, instant).
 */
export default async function setup(project: TestProject) {
  const target = postgresTarget();
  if (target) {
    const admin = await fromPostgresUrl(target.adminUrl, { max: 1 });
    await sql.raw(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`).execute(admin.db);
    await sql.raw(`CREATE DATABASE ${TEMPLATE_DB}`).execute(admin.db);
    const template = await fromPostgresUrl(target.urlFor(TEMPLATE_DB), { max: 1 });
    await migrateToLatest(template.db);
    await template.close();
    await admin.close();
    project.provide('pgliteTemplate', '');
    return;
  }
  const handle = fromPglite(await openPglite({}));
  await migrateToLatest(handle.db);
  const dump = await handle.pglite!.dumpDataDir();
  await handle.close();
  const dir = path.resolve(import.meta.dirname, '../../../.tmp');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${process.pid}.tgz`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
}
