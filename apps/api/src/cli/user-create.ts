import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createMailSender } from '../mail/create-sender.ts';
import { createOrPromoteUser, parseUserCreateArgs } from '../users/first-admin.ts';

/**
 * npm run user:create -- --email … --role admin — the first admin of a new installation (or
 * any account), on the embedded database or PostgreSQL (DATABASE_URL): prints a single-use link
 * to choose the password, and mails it when SMTP is configured. Stop the server first in
 * embedded mode: PGlite is one process's database.
 */
const args = parseUserCreateArgs(process.argv.slice(2));
if ('error' in args) {
  console.error(args.error);
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
let exitCode = 0;
try {
  await migrateToLatest(database.db);
  const mail = Boolean(config.smtpUrl);
  const done = await createOrPromoteUser(
    {
      db: database.db,
      publicUrl: config.publicUrl,
      communityName: config.communityName,
      linkTtlSeconds: config.linkTtlSeconds,
    },
    { ...args, mail },
  );
  console.log(
    done.created
      ? `Compte ${args.email} créé avec le rôle ${args.role}.`
      : `Compte ${args.email} existant : rôle ${args.role} donné (compte actif).`,
  );
  console.log(
    `Lien à usage unique pour choisir le mot de passe (valable ${String(done.validHours)} h) :\n  ${done.link}`,
  );
  if (mail) {
    const sender = createMailSender(database.db, config, { logger: pino({ level: 'silent' }) });
    const sent = await sender.flush();
    await sender.stop();
    console.log(
      sent > 0
        ? `Le lien a aussi été envoyé à ${args.email}.`
        : 'Le courriel partira dès que le portail et le serveur SMTP seront disponibles.',
    );
  }
} catch (error) {
  console.error(`Échec : ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
