import { sql, type Kysely } from 'kysely';
import type { Role } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { hashPassword } from '../auth/passwords.ts';

/** The demo password of every demo account (README and console say it). */
export const DEMO_PASSWORD = 'Demo-2026!';

export interface DemoAccount {
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  nature: string;
  corporationName?: string;
}

/** One account per role, all validated, created only in demo mode. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'admin@exemple.fr',
    role: 'ROLE_ADMIN',
    firstName: 'Claire',
    lastName: 'Dubois',
    nature: 'Service public',
  },
  {
    email: 'instructeur@exemple.fr',
    role: 'ROLE_INSTRUCTEUR',
    firstName: 'Julien',
    lastName: 'Lafitte',
    nature: 'Service public',
  },
  {
    email: 'demandeur@exemple.fr',
    role: 'ROLE_DEMANDEUR',
    firstName: 'Marie',
    lastName: 'Durand',
    nature: 'Particulier',
  },
  {
    email: 'guichet@exemple.fr',
    role: 'ROLE_GUICHET',
    firstName: 'Sophie',
    lastName: 'Lalanne',
    nature: 'Service public',
  },
  {
    email: 'gestionnaire@exemple.fr',
    role: 'ROLE_GESTIONNAIRE',
    firstName: 'Pierre',
    lastName: 'Darrigade',
    nature: 'Service public',
  },
  {
    email: 'operateur@exemple.fr',
    role: 'ROLE_OPERATEUR',
    firstName: 'Thomas',
    lastName: 'Bernard',
    nature: 'Entreprise',
    corporationName: 'Réseaux Sud Landes',
  },
  {
    email: 'soustraitant@exemple.fr',
    role: 'ROLE_SOUSTRAITANT',
    firstName: 'Luc',
    lastName: 'Garcia',
    nature: 'Entreprise',
    corporationName: 'TP Côte Sud',
  },
];

/** Creates the demo accounts that are missing (a second start changes nothing). */
export async function seedDemoAccounts(db: Kysely<Database>): Promise<{ created: number }> {
  const existing = await db
    .selectFrom('stdUser')
    .select(sql<string>`lower(email)`.as('email'))
    .where(
      sql<string>`lower(email)`,
      'in',
      DEMO_ACCOUNTS.map((a) => a.email),
    )
    .execute();
  const known = new Set(existing.map((row) => row.email));
  const missing = DEMO_ACCOUNTS.filter((account) => !known.has(account.email));
  if (missing.length === 0) return { created: 0 };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    for (const account of missing) {
      const { id } = await trx
        .insertInto('stdUser')
        .values({
          email: account.email,
          passwordHash,
          firstName: account.firstName,
          lastName: account.lastName,
          nature: account.nature,
          isCorporation: Boolean(account.corporationName),
          corporationName: account.corporationName ?? null,
          emailValidatedAt: sql`now()`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('userRole').values({ userId: id, roleCode: account.role }).execute();
    }
  });
  return { created: missing.length };
}
