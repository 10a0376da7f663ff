import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../src/db/database.ts';
import type { Database } from '../src/db/schema/index.ts';
import { createTestDatabase } from './test-db.ts';

/**
 * A real SMTP server on a local port that keeps what it receives. It can be stopped and started
 * again on the same port (an outage), refuse some addresses for good (5xx) or for now (4xx), and
 * leave some recipients without an answer (a stuck mail).
 */
export class SmtpPeer {
  readonly mails: ParsedMail[] = [];
  private waiters: (() => void)[] = [];
  private server: SMTPServer | undefined;
  private port = 0;
  /** Addresses whose mails are refused with a permanent error (5xx). */
  readonly refuse = new Set<string>();
  /** Addresses whose mails are refused for now (451: try again later). */
  readonly defer = new Set<string>();
  /** Addresses whose RCPT TO is never answered: the client waits until it gives up. */
  readonly hang = new Set<string>();

  private createServer(): SMTPServer {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // stop() ends pending (hung) sessions at once instead of waiting 30 s.
      closeTimeout: 50,
      onRcptTo: (address, _session, callback) => {
        if (this.hang.has(address.address)) return;
        if (this.refuse.has(address.address)) {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          return;
        }
        if (this.defer.has(address.address)) {
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        callback();
      },
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.mails.push(mail);
            this.waiters.splice(0).forEach((wake) => wake());
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  }

  /** Listens (again, on the same port after a stop) and returns the server's URL. */
  async start(): Promise<string> {
    const server = this.createServer();
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
    return this.url;
  }

  get url(): string {
    return `smtp://127.0.0.1:${String(this.port)}`;
  }

  /** Stops listening and ends the sessions under way: connections are refused until start(). */
  stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    return server ? new Promise((resolve) => server.close(() => resolve())) : Promise.resolve();
  }

  /** Mails received for an address. */
  mailsTo(address: string): ParsedMail[] {
    return this.mails.filter((m) =>
      (Array.isArray(m.to) ? m.to : [m.to]).some((t) => t?.value.some((v) => v.address === address)),
    );
  }

  /** Waits for the n-th mail to an address (default: the first). */
  async waitFor(address: string, count = 1, timeoutMs = 10_000): Promise<ParsedMail> {
    const deadline = Date.now() + timeoutMs;
    while (this.mailsTo(address).length < count) {
      if (Date.now() > deadline) throw new Error(`no mail #${count} for ${address}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
    return this.mailsTo(address)[count - 1]!;
  }

  /** Waits for a mail to an address whose subject contains `subject`. */
  async waitForSubject(address: string, subject: string, timeoutMs = 10_000): Promise<ParsedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.mailsTo(address).find((mail) => mail.subject?.includes(subject));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail « ${subject} » for ${address}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }
}

/**
 * A server that is not a working SMTP server: `silent` accepts connections and never says a
 * word; `drip` greets, then answers EHLO with an endless multi-line reply, a line every 100 ms,
 * so that the connection is never idle (no inactivity limit fires) and never gets anywhere.
 */
export async function brokenSmtpServer(
  kind: 'silent' | 'drip',
): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    if (kind === 'silent') return;
    socket.write('220 lent.test ESMTP\r\n');
    socket.once('data', () => {
      const timer = setInterval(() => socket.write('250-toujours en train de réfléchir\r\n'), 100);
      socket.on('close', () => clearInterval(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${String(port)}`,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}

/** The first link of a mail's text that goes to the given page. */
export function linkIn(mail: ParsedMail, page: 'validate-email' | 'password'): string {
  const match = new RegExp(`https?://\\S+/${page}/([A-Za-z0-9_-]+)`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${page} link in mail`);
  return match[1]!;
}

/**
 * The mail sender tests' bench: a database of the test file's own and an SMTP peer, opened before
 * its first test and closed after its last; each test starts with an empty outbox and mail log.
 * Read `database` in hooks and tests only.
 */
export function mailBenchForFile(): { readonly smtp: SmtpPeer; readonly database: DatabaseHandle } {
  const smtp = new SmtpPeer();
  let database: DatabaseHandle | undefined;
  const opened = (): DatabaseHandle => {
    if (!database) throw new Error('The mail bench opens its database before the first test.');
    return database;
  };
  beforeAll(async () => {
    database = await createTestDatabase();
    await smtp.start();
  });
  afterAll(async () => {
    await database?.close();
    await smtp.stop();
  });
  beforeEach(async () => {
    await opened().db.deleteFrom('mailLog').execute();
    await opened().db.deleteFrom('mailOutbox').execute();
  });
  return {
    smtp,
    get database() {
      return opened();
    },
  };
}

/** The status of the logged mail to an address (sent, queued, refused…). */
export async function mailStatusTo(db: Kysely<Database>, address: string): Promise<string> {
  const { status } = await db
    .selectFrom('mailLog')
    .select('status')
    .where('toAddress', '=', address)
    .executeTakeFirstOrThrow();
  return status;
}
