import type { Readable } from 'node:stream';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** A stored file, streamed from the store, or a small text carried as is (e.g. an .ics). */
  attachments?: { filename: string; contentType: string; content: string | Readable }[] | undefined;
}

/** Where mails go: a real SMTP server, or files. */
export interface MailTransport {
  /**
   * Sends and returns the message id; throws with `permanent` set when retrying is pointless.
   * An aborted signal ends the attempt (the sender's time limit).
   */
  send(message: MailMessage, options?: { signal?: AbortSignal }): Promise<{ messageId: string }>;
  readonly name: string;
}

export class PermanentMailError extends Error {
  readonly permanent = true;
}

/** SMTP time limits, in milliseconds (nodemailer's connectionTimeout, greetingTimeout, socketTimeout). */
interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

/** Short limits: a silent or unreachable server costs seconds, not nodemailer's minutes. */
const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionMs: 10_000,
  greetingMs: 10_000,
  socketMs: 30_000,
};

/** SMTP through nodemailer (`SMTP_URL`, e.g. smtp://user:pass@host:587), one connection per mail. */
export function smtpTransport(url: string, timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  });
  return {
    name: 'smtp',
    async send(message, options = {}) {
      try {
        // nodemailer 10 closes the connection when the signal aborts (its types predate `signal`).
        const mail = { ...message, ...(options.signal ? { signal: options.signal } : {}) };
        const info = await transporter.sendMail(mail);
        return { messageId: info.messageId };
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        // 5xx answers mean the server refuses this mail for good (unknown mailbox, policy).
        if (code && code >= 500) throw new PermanentMailError((error as Error).message);
        throw error;
      }
    },
  };
}

/** Writes each mail as an .eml file (no SMTP configured): readable, and marked sent. */
export function fileTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    name: 'file',
    async send(message) {
      const info = await transporter.sendMail(message);
      await mkdir(dir, { recursive: true });
      const safeId = info.messageId.replace(/[^A-Za-z0-9@.-]/g, '');
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeId}.eml`);
      await writeFile(file, info.message as Buffer);
      return { messageId: info.messageId };
    },
  };
}
