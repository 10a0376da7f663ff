import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema/index.ts';

/**
 * Compare-and-set on `scheduled_job`: true for the one caller (of every instance sharing the
 * database) that finds the job's last run at least `everySeconds` old; it is then marked as run.
 */
export async function claimScheduledRun(
  db: Kysely<Database>,
  name: string,
  everySeconds: number,
): Promise<boolean> {
  const won = await db
    .insertInto('scheduledJob')
    .values({ name, lastRunAt: sql<Date>`now()` })
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet({ lastRunAt: sql<Date>`now()` })
        .where('scheduledJob.lastRunAt', '<=', sql<Date>`now() - make_interval(secs => ${everySeconds})`),
    )
    .returning('name')
    .executeTakeFirst();
  return won !== undefined;
}

/** Marks a job as run now, whoever ran it last (a run that did not ask: the start-up sweep). */
export async function markScheduledRun(db: Kysely<Database>, name: string): Promise<void> {
  await db
    .insertInto('scheduledJob')
    .values({ name, lastRunAt: sql<Date>`now()` })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ lastRunAt: sql<Date>`now()` }))
    .execute();
}
