import type { Kysely } from 'kysely';
import type { Database } from './schema/index.ts';

/** Sets one `app_setting` (inserted, or its value replaced). */
export async function writeAppSetting(db: Kysely<Database>, key: string, value: string): Promise<void> {
  await db
    .insertInto('appSetting')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** One `app_setting`'s value, or undefined when it was never set. */
export async function readAppSetting(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('appSetting').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}
