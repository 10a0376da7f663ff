import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema/index.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.ts';

/**
 * The active accounts that still have the demo password (README: published): the demo accounts
 * and every account with a role beyond applicant (staff, counters, managers, operators) — those
 * whose password matters most. Applicants are not checked: a hash check costs ~50 ms each and an
 * installation has thousands of them.
 */
export async function accountsWithDemoPassword(db: Kysely<Database>): Promise<string[]> {
  const demoEmails = DEMO_ACCOUNTS.map((account) => account.email);
  const rows = await db
    .selectFrom('stdUser as u')
    .select(['u.email', 'u.passwordHash'])
    .where('u.isActive', '=', true)
    .where('u.passwordHash', 'is not', null)
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(u.email)`, 'in', demoEmails),
        eb.exists(
          eb
            .selectFrom('userRole as r')
            .select('r.userId')
            .whereRef('r.userId', '=', 'u.id')
            .where('r.roleCode', 'not in', ['ROLE_USER', 'ROLE_DEMANDEUR']),
        ),
      ]),
    )
    .orderBy('u.email')
    .execute();
  const found: string[] = [];
  for (const row of rows) if (await verifyPassword(row.passwordHash, DEMO_PASSWORD)) found.push(row.email);
  return found;
}

const REMEDY =
  'Changez leur mot de passe (« Mon compte » ou « Mot de passe oublié ») ou supprimez-les depuis « Gestion des utilisateurs », ou démarrez sans NODE_ENV=production.';

/**
 * Why a production start (NODE_ENV=production) is refused, in French, or null: demo data asked
 * for (SEED_DEMO, on by default on the embedded database), or active accounts that still have
 * the published demo password.
 */
export async function productionStartRefusal(
  db: Kysely<Database>,
  config: { seedDemo: boolean },
): Promise<string | null> {
  if (config.seedDemo)
    return [
      'Démarrage refusé (NODE_ENV=production) : les données et comptes de démonstration sont demandés.',
      'Définissez SEED_DEMO=0 (ils sont créés par défaut sur la base embarquée), puis créez le premier',
      'administrateur avec « npm run user:create -- --email … --role admin ».',
    ].join('\n');
  const emails = await accountsWithDemoPassword(db);
  if (emails.length === 0) return null;
  return [
    'Démarrage refusé (NODE_ENV=production) : des comptes actifs ont encore le mot de passe de démonstration :',
    ...emails.map((email) => `  - ${email}`),
    REMEDY,
  ].join('\n');
}
