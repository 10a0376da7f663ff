import pino from 'pino';
import { beforeEach, describe, expect, test } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createMailSender } from '../src/mail/create-sender.ts';
import { enqueueMail } from '../src/mail/outbox.ts';
import { MailSender } from '../src/mail/sender.ts';
import { smtpTransport } from '../src/mail/transports.ts';
import { brokenSmtpServer, mailBenchForFile } from './smtp-peer.ts';

// Mails survive an SMTP outage, a silent or stuck server costs one mail its
// time limit, never the batch. The sender's clock is driven: no test sleeps for minutes.

const logger = pino({ level: 'silent' });
const FROM = 'Portail voirie <ne-pas-repondre@voirie.test>';
const LONG_SMTP_LIMITS = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };
const bench = mailBenchForFile();
const { smtp } = bench;
const db = () => bench.database.db;
beforeEach(() => {
  smtp.mails.length = 0;
  smtp.hang.clear();
});

async function queue(to: string): Promise<number> {
  const id = await db()
    .transaction()
    .execute((trx) => enqueueMail(trx, { to, subject: `Pour ${to}`, text: 'Corps', context: 'Test' }));
  if (id === null) throw new Error(`mail to ${to} not queued`);
  return id;
}
const outbox = () => db().selectFrom('mailOutbox').selectAll().orderBy('id').execute();
const logs = () => db().selectFrom('mailLog').select(['outboxId', 'status']).orderBy('id').execute();

describe('an SMTP outage', () => {
  test('SMTP stopped for 20 minutes of simulated time: every mail delivered, exactly once', async () => {
    await smtp.stop();
    const start = Date.now();
    let now = new Date(start);
    const sender = new MailSender(db(), smtpTransport(smtp.url), {
      from: FROM,
      logger,
      clock: () => now,
    });
    const addresses = Array.from({ length: 7 }, (_, i) => `panne${String(i)}@exemple.fr`);
    for (const address of addresses) await queue(address);

    // Twenty minutes without a server, the sender polling every simulated minute.
    for (let minute = 0; minute <= 20; minute++) {
      now = new Date(start + minute * 60_000);
      await sender.flush();
    }
    expect((await outbox()).map((mail) => mail.status)).toEqual(Array(7).fill('pending'));
    expect((await outbox()).every((mail) => mail.attempts >= 6)).toBe(true);
    expect((await logs()).map((entry) => entry.status)).toEqual(Array(7).fill('deferred'));

    // The server is back: the sender goes on polling each minute until everything left.
    await smtp.start();
    for (
      let minute = 21;
      minute <= 180 && (await outbox()).some((mail) => mail.status !== 'sent');
      minute++
    ) {
      now = new Date(start + minute * 60_000);
      await sender.flush();
    }
    expect((await outbox()).map((mail) => mail.status)).toEqual(Array(7).fill('sent'));
    expect((await logs()).map((entry) => entry.status)).toEqual(Array(7).fill('sent'));
    // Later polls send nothing again: each mail arrived once.
    now = new Date(start + 240 * 60_000);
    expect(await sender.flush()).toBe(0);
    for (const address of addresses) expect(smtp.mailsTo(address)).toHaveLength(1);
  });

  test('two instances sending the same outbox at once send each mail once', async () => {
    const addresses = Array.from({ length: 6 }, (_, i) => `instance${String(i)}@exemple.fr`);
    for (const address of addresses) await queue(address);
    const one = new MailSender(db(), smtpTransport(smtp.url), { from: FROM, logger });
    const two = new MailSender(db(), smtpTransport(smtp.url), { from: FROM, logger });
    const [a, b] = await Promise.all([one.flush(), two.flush()]);
    expect(a + b).toBe(6);
    for (const address of addresses) expect(smtp.mailsTo(address)).toHaveLength(1);
  });
});

describe('slow, stuck and silent servers', () => {
  test('a stuck mail holds one slot for its time limit; the rest of the batch goes out meanwhile', async () => {
    smtp.hang.add('bloque@exemple.fr');
    const stuck = await queue('bloque@exemple.fr');
    const others = ['un', 'deux', 'trois', 'quatre', 'cinq'].map((name) => `${name}@exemple.fr`);
    for (const address of others) await queue(address);
    const sender = new MailSender(db(), smtpTransport(smtp.url, LONG_SMTP_LIMITS), {
      from: FROM,
      logger,
      sendTimeoutMs: 5000,
      concurrency: 2,
    });

    const started = Date.now();
    const flushing = sender.flush();
    // Everything else arrives while the stuck mail still waits for its answer.
    for (const address of others) await smtp.waitFor(address, 1, 4500);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await flushing).toBe(6);
    expect(Date.now() - started).toBeLessThan(9000);

    const rows = await outbox();
    expect(rows.filter((mail) => mail.id !== stuck).map((mail) => mail.status)).toEqual(
      Array(5).fill('sent'),
    );
    expect(rows.find((mail) => mail.id === stuck)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'mail not sent within 5000 ms',
    });
    expect((await logs()).find((entry) => entry.outboxId === stuck)?.status).toBe('deferred');
  });

  test('a silent server (connection accepted, never a word) costs the greeting limit of the configuration', async () => {
    const silent = await brokenSmtpServer('silent');
    try {
      const config = loadConfig({
        SMTP_URL: silent.url,
        SMTP_CONNECTION_TIMEOUT_MS: '5000',
        // Only the greeting limit is short: it is the one that must end the attempt.
        SMTP_GREETING_TIMEOUT_MS: '1000',
        SMTP_SOCKET_TIMEOUT_MS: '5000',
        LOG_LEVEL: 'silent',
      });
      const id = await queue('muet@exemple.fr');
      const started = Date.now();
      await createMailSender(db(), config, { logger }).flush();
      expect(Date.now() - started).toBeLessThan(4000);
      const row = (await outbox()).find((mail) => mail.id === id);
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row?.lastError).toMatch(/greeting/i);
    } finally {
      await silent.close();
    }
  });

  test('a server that answers a little forever is cut by the per-mail time limit', async () => {
    const drip = await brokenSmtpServer('drip');
    try {
      // Its connection is never idle: only the overall limit (MAIL_SEND_TIMEOUT_MS) ends the attempt.
      const config = loadConfig({
        SMTP_URL: drip.url,
        MAIL_SEND_TIMEOUT_MS: '1500',
        SMTP_SOCKET_TIMEOUT_MS: '1000',
        LOG_LEVEL: 'silent',
      });
      const id = await queue('goutte@exemple.fr');
      const started = Date.now();
      await createMailSender(db(), config, { logger }).flush();
      expect(Date.now() - started).toBeLessThan(5000);
      expect((await outbox()).find((mail) => mail.id === id)).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastError: 'mail not sent within 1500 ms',
      });
    } finally {
      await drip.close();
    }
  });
});
