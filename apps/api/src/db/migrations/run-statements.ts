import { sql, type Kysely } from 'kysely';

/**
 * Runs DDL statements one by one: PGlite's extended protocol takes a single statement
 * per query, so migrations list their statements instead of sending one script.
 */
export async function runStatements(db: Kysely<unknown>, statements: readonly string[]): Promise<void> {
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
