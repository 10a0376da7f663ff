import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema/index.ts';
import type { FileStore } from '../files/file-store.ts';
import { MailSender } from './sender.ts';
import { fileTransport, smtpTransport } from './transports.ts';

/**
 * The outbox sender the configuration asks for: SMTP with its time limits when SMTP_URL is set,
 * else .eml files under DATA_DIR/mail; retried for MAIL_RETRY_HOURS.
 */
export function createMailSender(
  db: Kysely<Database>,
  config: Config,
  deps: { logger: FastifyBaseLogger; files?: Pick<FileStore, 'open'>; clock?: () => Date },
): MailSender {
  const transport = config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.mail.smtpTimeouts)
    : fileTransport(path.join(config.dataDir, 'mail'));
  return new MailSender(db, transport, {
    from: config.mailFrom,
    logger: deps.logger,
    retryHours: config.mail.retryHours,
    sendTimeoutMs: config.mail.sendTimeoutMs,
    ...(deps.files ? { files: deps.files } : {}),
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
}
