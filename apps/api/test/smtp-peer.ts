import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

/** A real SMTP server on a free local port that keeps what it receives. */
export class SmtpPeer {
  readonly mails: ParsedMail[] = [];
  private waiters: (() => void)[] = [];
  private server: SMTPServer;
  /** Addresses whose mails are refused with a permanent error (5xx). */
  readonly refuse = new Set<string>();

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (this.refuse.has(address.address)) {
          const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          callback(error);
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

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Mails received for an address. */
  mailsTo(address: string): ParsedMail[] {
    return this.mails.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((t) => t?.value.some((v) => v.address === address)));
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
}

/** The first link of a mail's text that goes to the given page. */
export function linkIn(mail: ParsedMail, page: 'validate-email' | 'password'): string {
  const match = new RegExp(`https?://\\S+/${page}/([A-Za-z0-9_-]+)`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${page} link in mail`);
  return match[1]!;
}
