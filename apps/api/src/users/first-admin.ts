import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { EmailSchema, LIMITS, ROLES, type Role } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { findUserByEmail } from '../accounts/user-repository.ts';
import { writeHistory } from '../history/history.ts';
import { sendPasswordLink } from './user-links.ts';
import type { UsersDeps } from './users-deps.ts';

/** `npm run user:create` usage, in French. */
export const USER_CREATE_USAGE = `Usage : npm run user:create -- --email ADRESSE [--role admin] [--first-name PRÉNOM] [--last-name NOM]
  Crée le compte (ou donne le rôle à un compte existant, réactivé s'il était désactivé) et affiche
  un lien à usage unique pour choisir son mot de passe (48 heures ; 1 heure pour un compte déjà
  utilisé), envoyé aussi par courriel quand SMTP_URL est défini.
  Rôles : ${Object.keys(ROLES)
    .filter((role) => role !== 'ROLE_USER')
    .map((role) => role.replace('ROLE_', '').toLowerCase())
    .join(', ')} (défaut : admin).
  En base embarquée, arrêtez d'abord le portail.`;

/** What the command asks: an address, a role, names. */
export interface UserCreateArgs {
  email: string;
  role: Role;
  firstName: string | null;
  lastName: string | null;
}

/** Reads the command's arguments; a French message (with the usage) when they are wrong. */
export function parseUserCreateArgs(argv: readonly string[]): UserCreateArgs | { error: string } {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        email: { type: 'string' },
        role: { type: 'string', default: 'admin' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
      },
    }));
  } catch (error) {
    return { error: `${error instanceof Error ? error.message : String(error)}\n\n${USER_CREATE_USAGE}` };
  }
  const email = EmailSchema.safeParse(values.email ?? '');
  if (!email.success) return { error: `--email : adresse e-mail valide attendue.\n\n${USER_CREATE_USAGE}` };
  const wanted = values.role.trim().toUpperCase();
  const role = (wanted.startsWith('ROLE_') ? wanted : `ROLE_${wanted}`) as Role;
  if (!(role in ROLES) || role === 'ROLE_USER')
    return { error: `--role : rôle inconnu (${values.role}).\n\n${USER_CREATE_USAGE}` };
  return {
    email: email.data,
    role,
    firstName: values['first-name']?.trim() || null,
    lastName: values['last-name']?.trim() || null,
  };
}

/**
 * Creates the account with the role, or gives the role to the account of that address (enabled
 * again if it was disabled), then issues a single-use link to choose its password (48 hours;
 * 1 hour, as a reset link, for an account already in use),
 * mailed through the outbox when `mail` — for the first admin of a new installation, before
 * anyone can sign in. Traced in the history without an actor (the command line).
 */
export async function createOrPromoteUser(
  deps: Pick<UsersDeps, 'db' | 'publicUrl' | 'communityName' | 'linkTtlSeconds'>,
  args: UserCreateArgs & { mail: boolean },
): Promise<{ userId: number; created: boolean; link: string; validHours: number }> {
  return deps.db.transaction().execute(async (trx: Kysely<Database>) => {
    const existing = await findUserByEmail(trx, args.email);
    const email = existing?.email ?? args.email.toLowerCase();
    let userId: number;
    if (existing) {
      userId = existing.id;
      await trx
        .updateTable('stdUser')
        .set({ isActive: true, updatedAt: sql`now()` })
        .where('id', '=', userId)
        .execute();
    } else {
      ({ id: userId } = await trx
        .insertInto('stdUser')
        .values({ email, passwordHash: null, firstName: args.firstName, lastName: args.lastName })
        .returning('id')
        .executeTakeFirstOrThrow());
    }
    await trx
      .insertInto('userRole')
      .values({ userId, roleCode: args.role })
      .onConflict((oc) => oc.columns(['userId', 'roleCode']).doNothing())
      .execute();
    const isNew = !existing || (existing.emailValidatedAt === null && existing.passwordHash === null);
    const link = await sendPasswordLink(trx, deps, { id: userId, email, isNew }, { mail: args.mail });
    await writeHistory(trx, {
      entity: 'user',
      entityId: userId,
      actor: null,
      context: existing
        ? `Rôle ${ROLES[args.role]} donné en ligne de commande`
        : 'Création du compte en ligne de commande',
      data: {
        email,
        role: args.role,
        ...(existing && !existing.isActive ? { reactivated: true } : {}),
      },
    });
    return {
      userId,
      created: !existing,
      link,
      validHours: isNew ? LIMITS.validationTokenHours : LIMITS.resetTokenHours,
    };
  });
}
