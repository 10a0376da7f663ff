import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { enqueueMail } from '../src/mail/outbox.ts';
import { backoffSeconds, MailSender, MAX_BACKOFF_SECONDS } from '../src/mail/sender.ts';
import { fileTransport, smtpTransport } from '../src/mail/transports.ts';
import { mailBenchForFile } from './smtp-peer.ts';

const logger = pino({ level: 'silent' });
const FROM = 'Portail voirie <ne-pas-repondre@voirie.test>';
const bench = mailBenchForFile();
const { smtp } = bench;
const db = () => bench.database.db;

const queue = async (to: string) => {
  const id = await db()
    .transaction()
    .execute((trx) =>
      enqueueMail(trx, { to, subject: 'Objet é', text: 'Corps du message', context: 'Test' }),
    );
  if (id === null) throw new Error(`mail to ${to} not queued`);
  return id;
};
const row = (id: number) =>
  db().selectFrom('mailOutbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const log = (id: number) =>
  db().selectFrom('mailLog').selectAll().where('outboxId', '=', id).executeTakeFirstOrThrow();

describe('mail outbox', () => {
  test('a queued mail is logged as queued, then sent over SMTP and logged as sent', async () => {
    const id = await queue('marie@exemple.fr');
    expect((await log(id)).status).toBe('queued');
    const sender = new MailSender(db(), smtpTransport(smtp.url), { from: FROM, logger });
    expect(await sender.flush()).toBe(1);
    const mail = await smtp.waitFor('marie@exemple.fr');
    expect(mail.subject).toBe('Objet é');
    expect((await row(id)).status).toBe('sent');
    expect(await log(id)).toMatchObject({ status: 'sent', mailjetId: expect.stringContaining('@') });
    // Nothing is sent twice.
    expect(await sender.flush()).toBe(0);
  });

  test('a queued mail is due to a clock read in the millisecond it was queued', async () => {
    const id = await queue('meme-milliseconde@exemple.fr');
    // The row's time as a Date reads it: to the millisecond, as the database stamps it.
    const queuedAt = (await row(id)).nextAttemptAt;
    const sender = new MailSender(db(), smtpTransport(smtp.url), {
      from: FROM,
      logger,
      clock: () => queuedAt,
    });
    expect(await sender.flush()).toBe(1);
    await smtp.waitFor('meme-milliseconde@exemple.fr');
  });

  test('a mail rolled back with its transaction never leaves', async () => {
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await enqueueMail(trx, { to: 'annule@exemple.fr', subject: 's', text: 't', context: 'Test' });
          throw new Error('rollback');
        }),
    ).rejects.toThrow('rollback');
    const count = await db()
      .selectFrom('mailOutbox')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(0);
  });

  test('an unreachable server: retried with capped backoff for the whole retry window, then failed', async () => {
    const id = await queue('retard@exemple.fr');
    let now = new Date();
    const sender = new MailSender(db(), smtpTransport('smtp://127.0.0.1:1'), {
      from: FROM,
      logger,
      retryHours: 48,
      clock: () => now,
    });
    await sender.flush();
    const first = await row(id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first.nextAttemptAt.getTime()).toBe(now.getTime() + backoffSeconds(1) * 1000);
    expect((await log(id)).status).toBe('deferred');
    // Not due yet: nothing is attempted.
    expect(await sender.flush()).toBe(0);
    // Each attempt at the moment it is due: the waits double, then stay at an hour.
    const waits: number[] = [];
    while ((await row(id)).status === 'pending') {
      const due = (await row(id)).nextAttemptAt;
      waits.push((due.getTime() - now.getTime()) / 1000);
      now = due;
      await sender.flush();
    }
    expect(waits.slice(0, 8)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600]);
    expect(Math.max(...waits)).toBe(MAX_BACKOFF_SECONDS);
    const last = await row(id);
    expect(last.status).toBe('failed');
    // Given up only once 48 hours had passed since it was queued, not before.
    expect(now.getTime() - last.retrySince.getTime()).toBeGreaterThanOrEqual(48 * 3600 * 1000);
    expect(now.getTime() - last.retrySince.getTime()).toBeLessThan(49 * 3600 * 1000);
    expect(last.attempts).toBeGreaterThan(40);
    expect(await log(id)).toMatchObject({ status: 'failed' });
  });

  test('a permanent refusal (5xx) is not retried', async () => {
    smtp.refuse.add('inconnu@exemple.fr');
    const id = await queue('inconnu@exemple.fr');
    await new MailSender(db(), smtpTransport(smtp.url), { from: FROM, logger }).flush();
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await log(id)).status).toBe('failed');
  });

  test('without SMTP, mails are written as .eml files and marked sent', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'voirie-mail-'));
    try {
      const id = await queue('eml@exemple.fr');
      await new MailSender(db(), fileTransport(dir), { from: FROM, logger }).flush();
      const files = await readdir(dir);
      expect(files).toHaveLength(1);
      const eml = await readFile(path.join(dir, files[0]!), 'utf8');
      expect(eml).toContain('To: eml@exemple.fr');
      expect(eml).toContain('Corps du message');
      expect((await row(id)).status).toBe('sent');
      expect((await log(id)).status).toBe('sent');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
